/**
 * From the order the app sends to what the block says: the state badge, whether and when it was
 * sent, HyperSKU's id and status with its meaning, the problems with their fixes and the actions
 * offered. Pure; every word comes from locales/ through `t`. Texts the app stores with the order
 * (a problem's reason and fix, HyperSKU's own status name) are shown as the app sends them, and so
 * are the label and meaning of a sent or held order: they depend on more than the state (the
 * pipeline stage of an order at HyperSKU, what a held order waits for), which only the app knows.
 */
import type {
  OrderBlockActionResult,
  OrderBlockIntent,
  OrderBlockProblem,
  OrderBlockView,
  ProblemSeverity,
} from "../../../app/domain/extension/order-block-contract";
import { getHyperskuStatusRow, type HyperskuTone } from "../../../app/domain/orders/hypersku-status";
import type { I18n } from "./i18n";

type Tone = "neutral" | "info" | "success" | "caution" | "warning" | "critical";

type ProblemLine = { tone: ProblemSeverity; heading: string; message: string; fix: string | null };

export type OrderSummary = {
  /** "not-handled": the app leaves this order alone (skipped): shown as the block's empty state. */
  mode: "status" | "not-handled";
  badge: { label: string; tone: Tone };
  meaning: string;
  sentLine: string;
  nextAttemptLine: string | null;
  hypersku: { orderIdLine: string; statusName: string | null; statusMeaning: string | null; tone: Tone } | null;
  problems: ProblemLine[];
  actions: { intent: OrderBlockIntent; label: string }[];
  collapsedSummary: string;
};

/** The states the block words itself (locales/ `state.*`), with their tones. */
export const STATE_TONES: Record<string, Tone> = {
  waiting: "neutral",
  scheduled: "info",
  sending: "info",
  checking: "info",
  needs_attention: "critical",
  failed: "critical",
  skipped: "neutral",
  cancelled: "neutral",
};

const HYPERSKU_BADGE_TONES: Record<HyperskuTone, Tone> = {
  new: "info",
  info: "info",
  attention: "warning",
  success: "success",
  critical: "critical",
};

/** States still on their way to HyperSKU, for which the next attempt time means something. */
const ON_THE_WAY: readonly string[] = ["scheduled", "sending", "checking", "held"];

const isWordedHere = (state: string) => Object.hasOwn(STATE_TONES, state);

/**
 * The badge of a state the app words (its label and meaning come with the order): a held order
 * waits; a sent one reads as its stage at HyperSKU ("Awaiting payment", "Cancelled"), so its tone
 * follows HyperSKU's status rather than a green "sent" whatever happened there.
 */
function appWordedTone(order: OrderBlockView): Tone {
  if (order.state === "held") return "warning";
  if (order.state === "sent") return order.hypersku?.status ? HYPERSKU_BADGE_TONES[order.hypersku.status.tone] : "info";
  return "neutral";
}

function describeProblem(problem: OrderBlockProblem, { t }: I18n): ProblemLine {
  const heading =
    problem.source === "flag" ? t("problem.flagHeading") : problem.severity === "info" ? t("problem.noteHeading") : t("problem.heading");
  return { tone: problem.severity, heading, message: problem.message, fix: problem.fix && t("problem.fix", { fix: problem.fix }) };
}

export function describeOrder(order: OrderBlockView, i18n: I18n): OrderSummary {
  const { t, formatDateTime } = i18n;
  const ours = isWordedHere(order.state);
  const label = ours ? t(`state.${order.state}.label`) : order.stateLabel;
  const status = order.hypersku?.status ?? null;
  const sentLine = !order.sentToHypersku
    ? t("sent.no")
    : order.sentAt
      ? t("sent.yesOn", { date: formatDateTime(new Date(order.sentAt), order.timeZone) })
      : t("sent.yes");
  const actions: OrderSummary["actions"] = [];
  if (order.actions.sendNow) actions.push({ intent: "send-now", label: t("actions.sendNow") });
  if (order.actions.retry) actions.push({ intent: "retry", label: t("actions.retry") });
  return {
    mode: order.handled ? "status" : "not-handled",
    badge: { label, tone: ours ? STATE_TONES[order.state] : appWordedTone(order) },
    meaning: ours ? t(`state.${order.state}.meaning`) : order.stateMeaning,
    sentLine,
    nextAttemptLine:
      order.nextAttemptAt && ON_THE_WAY.includes(order.state)
        ? t(order.state === "checking" ? "nextCheck" : "nextAttempt", {
            date: formatDateTime(new Date(order.nextAttemptAt), order.timeZone),
          })
        : null,
    hypersku: order.hypersku && {
      orderIdLine: t("hypersku.orderId", { id: order.hypersku.orderId }),
      statusName: status?.name ?? null,
      statusMeaning: status ? (getHyperskuStatusRow(status.code) ? t(`hypersku.meaning.${status.code}`) : status.meaning) : null,
      tone: status ? HYPERSKU_BADGE_TONES[status.tone] : "neutral",
    },
    problems: order.problems.map((problem) => describeProblem(problem, i18n)),
    actions,
    collapsedSummary: status ? t("collapsed.withStatus", { state: label, status: status.name }) : label,
  };
}

/** The line shown after Send now / Retry: the app's own words when it refused, ours when it worked. */
export function describeActionResult(intent: OrderBlockIntent, result: OrderBlockActionResult, { t }: I18n) {
  return result.ok
    ? { tone: "success" as const, heading: t(intent === "retry" ? "actions.retryDone" : "actions.sendNowDone"), message: null }
    : { tone: "critical" as const, heading: t("actions.refused"), message: result.message };
}
