/**
 * The problems the dashboard puts in front of the merchant, each with its fix one click away: a
 * link to where it is fixed, or an action the dashboard runs itself. Pure: built from counts.
 */
import type { HyperskuStatus } from "~/models/connection-status";
import { ORDER_PROBLEMS, type OrderProblemCode } from "~/domain/orders/describe-problems";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { HELD_REASONS, type HeldCode } from "~/models/order-state";
import { formatCount } from "./format";

type ProblemAction = { kind: "link"; label: string; url: string; external?: boolean } | { kind: "submit"; label: string; intent: string };

export type DashboardProblem = {
  id: string;
  tone: "critical" | "warning";
  title: string;
  description: string;
  /** Extra lines: the most frequent reasons, or the orders concerned. */
  details: { text: string; url?: string }[];
  action: ProblemAction;
  /** A second way in: the orders concerned, when the action leaves the app. */
  secondaryAction?: { label: string; url: string };
};

export type ProblemInput = {
  connection: { status: HyperskuStatus; reason: string | null };
  counts: Record<string, number>;
  hyperskuCounts: Map<number, number>;
  needsAttentionReasons: { code: string | null; count: number }[];
  /** Why orders are held, when some are (optional: older callers pass none). */
  heldReasons?: { code: string | null; count: number }[];
  flagged: { total: number; rows: { id: string; name: string; flagReason: string | null }[] };
  parcelProblems: { total: number; rows: { order: { id: string; name: string }; fulfillmentError: string | null }[] };
  /** Where the merchant pays HyperSKU (app/domain/connection/hypersku-web.ts); absent: no pay link. */
  paymentUrl?: string;
  /** The first-run setup guide is on the dashboard: it says "connect HyperSKU" instead of a red banner. */
  setupGuideShown?: boolean;
};

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

function describeReason(code: string | null): string {
  const known = code && code in ORDER_PROBLEMS ? ORDER_PROBLEMS[code as OrderProblemCode] : null;
  if (known) return `${known.problem} ${known.fix}`;
  if (code === "hypersku_rejected") return "HyperSKU did not accept the order; open it to read HyperSKU's reason.";
  return "Open the order to see what is missing.";
}

/** Held orders that go on their own once HyperSKU is connected (again): what the connection banner counts. */
const HELD_FOR_CONNECTION: readonly HeldCode[] = ["not_connected", "reconnect_needed", "app_uninstalled"];
/** Held orders only the app's operator can release (forward-failures.server.ts): not the merchant's to fix. */
const HELD_FOR_OPERATOR: readonly HeldCode[] = ["stored_token_unreadable", "operator_configuration"];

type HeldReasonCount = { code: HeldCode; count: number };

/** The held orders' known reasons (a code the app no longer sets is left out: nothing true to say of it). */
const knownHeldReasons = (input: ProblemInput): HeldReasonCount[] =>
  (input.heldReasons ?? []).flatMap((reason) =>
    reason.code !== null && Object.hasOwn(HELD_REASONS, reason.code) ? [{ code: reason.code as HeldCode, count: reason.count }] : [],
  );

const sumOf = (reasons: readonly HeldReasonCount[]) => reasons.reduce((sum, reason) => sum + reason.count, 0);

const describeHeld = (reason: HeldReasonCount) => ({
  text: `${plural(reason.count, "order")}: ${HELD_REASONS[reason.code].meaning} ${HELD_REASONS[reason.code].fix}`,
});

export function buildDashboardProblems(input: ProblemInput): DashboardProblem[] {
  const problems: DashboardProblem[] = [];
  const { connection, counts, hyperskuCounts } = input;
  const heldReasons = knownHeldReasons(input);

  const firstRun = connection.status === "not_connected" && input.setupGuideShown === true;
  if (connection.status !== "connected" && !firstRun) {
    const reconnect = connection.status === "reconnect_needed";
    // Only the orders a connection releases; the others are held for a reason of their own, said beside.
    const held = sumOf(heldReasons.filter((reason) => HELD_FOR_CONNECTION.includes(reason.code)));
    problems.push({
      id: "connection",
      tone: "critical",
      title: reconnect ? "Reconnect HyperSKU" : "Connect your HyperSKU account",
      description: `${reconnect ? (connection.reason ?? "HyperSKU no longer accepts the app's access.") : "No order can be sent until HyperSKU is connected."}${
        held > 0
          ? ` ${plural(held, "order is", "orders are")} held safely and will be sent once you ${reconnect ? "reconnect" : "connect"}.`
          : ""
      }`,
      details: heldReasons.filter((reason) => !HELD_FOR_CONNECTION.includes(reason.code)).map(describeHeld),
      action: { kind: "link", label: reconnect ? "Reconnect HyperSKU" : "Connect HyperSKU", url: "/app/connection" },
    });
  }

  const operatorHeld = heldReasons.filter((reason) => HELD_FOR_OPERATOR.includes(reason.code));
  if (connection.status === "connected" && operatorHeld.length > 0) {
    problems.push({
      id: "operator",
      tone: "critical",
      title: `${plural(sumOf(operatorHeld), "order is", "orders are")} held until the app's operator fixes its setup`,
      description: "They are kept safely and sent on their own once it is fixed; nothing is lost.",
      details: operatorHeld.map(describeHeld),
      action: { kind: "link", label: "See held orders", url: "/app/orders?tab=to_send" },
    });
  }

  const failed = counts.failed ?? 0;
  if (failed > 0) {
    problems.push({
      id: "failed",
      tone: "critical",
      title: `${plural(failed, "order")} could not be sent`,
      description: "Sending failed several times in a row, usually because HyperSKU was unavailable. Retry once it is back.",
      details: [],
      action: { kind: "submit", label: failed === 1 ? "Retry the failed order" : "Retry failed orders", intent: "retry_failed" },
    });
  }

  const attention = counts.needs_attention ?? 0;
  if (attention > 0) {
    problems.push({
      id: "needs_attention",
      tone: "warning",
      title: `${plural(attention, "order needs", "orders need")} your attention`,
      description: "These orders cannot be sent until something is fixed in Shopify or in the app's settings.",
      details: input.needsAttentionReasons.map((reason) => ({ text: `${plural(reason.count, "order")}: ${describeReason(reason.code)}` })),
      action: { kind: "link", label: "Review these orders", url: "/app/orders?tab=needs_you" },
    });
  }

  const unpaid = hyperskuCounts.get(HYPERSKU_STATUS.pendingPayment) ?? 0;
  if (unpaid > 0) {
    problems.push({
      id: "pending_payment",
      tone: "warning",
      title: `${plural(unpaid, "order waits", "orders wait")} for your payment at HyperSKU`,
      description: "HyperSKU buys and ships the items only after you pay for the order in your HyperSKU account.",
      details: [],
      action: input.paymentUrl
        ? { kind: "link", label: "Pay at HyperSKU", url: input.paymentUrl, external: true }
        : { kind: "link", label: "See unpaid orders", url: `/app/orders?status=${HYPERSKU_STATUS.pendingPayment}` },
      ...(input.paymentUrl
        ? { secondaryAction: { label: "See unpaid orders", url: `/app/orders?status=${HYPERSKU_STATUS.pendingPayment}` } }
        : {}),
    });
  }

  for (const [code, title, description] of [
    [HYPERSKU_STATUS.overdue, "overdue at HyperSKU", "They are past their expected time. Check with HyperSKU's support."],
    [HYPERSKU_STATUS.returned, "returned", "The carrier returned the parcel. Contact the customer and HyperSKU."],
  ] as const) {
    const count = hyperskuCounts.get(code) ?? 0;
    if (count > 0) {
      problems.push({
        id: `hypersku_${code}`,
        tone: "warning",
        title: `${plural(count, "order is", "orders are")} ${title}`,
        description,
        details: [],
        action: { kind: "link", label: "See these orders", url: `/app/orders?status=${code}` },
      });
    }
  }

  if (input.flagged.total > 0) {
    problems.push({
      id: "flagged",
      tone: "warning",
      title: `${plural(input.flagged.total, "order at HyperSKU needs", "orders at HyperSKU need")} a decision`,
      description: "Something changed after these orders reached HyperSKU. Open each one to see what to do.",
      details: input.flagged.rows.map((row) => ({
        text: `${row.name}: ${row.flagReason ?? "see the order"}`,
        url: `/app/orders/${row.id}`,
      })),
      action: {
        kind: "link",
        label: `Open ${input.flagged.rows[0]?.name ?? "the order"}`,
        url: `/app/orders/${input.flagged.rows[0]?.id ?? ""}`,
      },
    });
  }

  if (input.parcelProblems.total > 0) {
    const first = input.parcelProblems.rows[0];
    problems.push({
      id: "parcels",
      tone: "warning",
      title: `${plural(input.parcelProblems.total, "parcel was", "parcels were")} not marked as fulfilled in Shopify`,
      description: "HyperSKU shipped them, but Shopify did not accept the fulfillment. Open the order to see why.",
      details: input.parcelProblems.rows.map((row) => ({
        text: `${row.order.name}: ${row.fulfillmentError ?? "fulfillment not created"}`,
        url: `/app/orders/${row.order.id}`,
      })),
      action: { kind: "link", label: `Open ${first?.order.name ?? "the order"}`, url: `/app/orders/${first?.order.id ?? ""}` },
    });
  }
  return problems;
}
