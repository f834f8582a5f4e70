/**
 * The notification digest: what needs the merchant now, each item with its fix, and whether to
 * mail it. Pure: the orchestrator (send-digest.server.ts) reads the facts and sends.
 *
 * No mail when nothing needs the merchant, when the content is what the last digest said (its
 * fingerprint), or before the interval since the last digest has passed (docs/decisions/0021).
 */
import { createHash } from "node:crypto";
import type { DigestInterval } from "~/domain/admin/settings-fields";
import { ORDER_PROBLEMS, type OrderProblemCode } from "~/domain/orders/describe-problems";
import { DIGEST_INTERVAL_MS } from "./digest-timing";

/** At most this many orders are named per section; the count says how many there are. */
export const DIGEST_NAMED_ORDERS = 10;

/** An order as the models give it, with the address of its page in the app. */
export type DigestOrderRow = {
  id: string;
  name: string;
  url: string;
  stateCode: string | null;
  stateReason: string | null;
  lastError: string | null;
  flagReason: string | null;
  sentAt: Date | null;
};

type OrderList = { total: number; rows: DigestOrderRow[] };

export type DigestFacts = {
  now: Date;
  /** HyperSKU no longer accepts the app's access (reconnect_needed), with why and where to reconnect. */
  connectionLost: { reason: string; url: string } | null;
  failed: OrderList;
  needsAttention: OrderList;
  needsDecision: OrderList;
  awaitingPayment: OrderList;
  /** Where the merchant pays HyperSKU (app/domain/connection/hypersku-web.ts); absent: no link. */
  paymentUrl?: string;
  noTracking: OrderList & { days: number };
};

type DigestItem = { id: string; name: string; url: string; reason: string; fix: string };

export type DigestSection = {
  id: "connection" | "failed" | "needs_attention" | "needs_decision" | "awaiting_payment" | "no_tracking";
  /** Short, for the subject: "2 orders not sent". */
  label: string;
  title: string;
  /** What to do, for the section as a whole. */
  fix: string;
  total: number;
  items: DigestItem[];
  link?: { label: string; url: string };
};

const DAY_MS = 86_400_000;
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function needsAttentionFix(code: string | null): string {
  if (code && Object.hasOwn(ORDER_PROBLEMS, code)) return ORDER_PROBLEMS[code as OrderProblemCode].fix;
  if (code === "hypersku_rejected") return "Read HyperSKU's reason on the order's page, correct the order in Shopify, then choose Retry.";
  return "Open the order to see what is missing, fix it, then choose Retry.";
}

function needsAttentionReason(row: DigestOrderRow): string {
  if (row.stateReason) return row.stateReason;
  if (row.stateCode && Object.hasOwn(ORDER_PROBLEMS, row.stateCode)) return ORDER_PROBLEMS[row.stateCode as OrderProblemCode].problem;
  return "It cannot be sent until something is fixed.";
}

const item = (row: DigestOrderRow, reason: string, fix: string): DigestItem => ({ id: row.id, name: row.name, url: row.url, reason, fix });

/** The digest's sections, most urgent first; empty when nothing needs the merchant. */
export function buildDigestSections(facts: DigestFacts): DigestSection[] {
  const sections: DigestSection[] = [];
  const named = (list: OrderList) => list.rows.slice(0, DIGEST_NAMED_ORDERS);
  if (facts.connectionLost) {
    sections.push({
      id: "connection",
      label: "HyperSKU disconnected",
      title: "HyperSKU is disconnected",
      fix: `${facts.connectionLost.reason} Open the app and reconnect HyperSKU; new orders wait safely until you do.`,
      total: 1,
      items: [],
      link: { label: "Reconnect HyperSKU", url: facts.connectionLost.url },
    });
  }
  if (facts.failed.total > 0) {
    const fix = "Once the cause is fixed (often HyperSKU being unavailable for a while), open the order and choose Retry.";
    sections.push({
      id: "failed",
      label: count(facts.failed.total, "order not sent", "orders not sent"),
      title: `${count(facts.failed.total, "order")} could not be sent to HyperSKU`,
      fix: "Sending failed several times in a row. Retry once the cause is fixed.",
      total: facts.failed.total,
      items: named(facts.failed).map((row) => item(row, row.lastError ?? row.stateReason ?? "Sending failed several times in a row.", fix)),
    });
  }
  if (facts.needsAttention.total > 0) {
    sections.push({
      id: "needs_attention",
      label: count(facts.needsAttention.total, "order needs", "orders need") + " you",
      title: `${count(facts.needsAttention.total, "order needs", "orders need")} your attention`,
      fix: "These orders cannot be sent until something is fixed in Shopify or in the app's settings.",
      total: facts.needsAttention.total,
      items: named(facts.needsAttention).map((row) => item(row, needsAttentionReason(row), needsAttentionFix(row.stateCode))),
    });
  }
  if (facts.needsDecision.total > 0) {
    sections.push({
      id: "needs_decision",
      label: count(facts.needsDecision.total, "order needs", "orders need") + " a decision",
      title: `${count(facts.needsDecision.total, "order at HyperSKU needs", "orders at HyperSKU need")} a decision`,
      fix: "Something changed after these orders reached HyperSKU.",
      total: facts.needsDecision.total,
      items: named(facts.needsDecision).map((row) =>
        item(row, row.flagReason ?? "Something changed after the order reached HyperSKU.", "Open the order to see what to do."),
      ),
    });
  }
  if (facts.awaitingPayment.total > 0) {
    sections.push({
      id: "awaiting_payment",
      label: count(facts.awaitingPayment.total, "order awaits", "orders await") + " payment",
      title: `${count(facts.awaitingPayment.total, "order waits", "orders wait")} for your payment at HyperSKU`,
      fix: "HyperSKU buys and ships the items only after you pay for the order in your HyperSKU account.",
      total: facts.awaitingPayment.total,
      items: named(facts.awaitingPayment).map((row) =>
        item(row, "HyperSKU is waiting for your payment.", "Pay for it in your HyperSKU account."),
      ),
      ...(facts.paymentUrl ? { link: { label: "Pay at HyperSKU", url: facts.paymentUrl } } : {}),
    });
  }
  if (facts.noTracking.total > 0) {
    const { days } = facts.noTracking;
    sections.push({
      id: "no_tracking",
      label: count(facts.noTracking.total, "order", "orders") + " without tracking",
      title: `${count(facts.noTracking.total, "order has", "orders have")} no tracking ${count(days, "day")} after reaching HyperSKU`,
      fix: "Your customers are waiting for a tracking number. Ask HyperSKU's support when these orders ship.",
      total: facts.noTracking.total,
      items: named(facts.noTracking).map((row) => {
        const age = row.sentAt ? Math.floor((facts.now.getTime() - row.sentAt.getTime()) / DAY_MS) : days;
        return item(
          row,
          `Sent to HyperSKU ${count(age, "day")} ago; no tracking number yet.`,
          "Ask HyperSKU's support about it; the tracking reaches Shopify and your customer on its own once it ships.",
        );
      }),
    });
  }
  return sections;
}

/**
 * What the digest says, as one value: which problems, how many, which orders are named. Ages and
 * wording are left out, so the same problems a day older are not news.
 */
function digestFingerprint(sections: readonly DigestSection[]): string {
  const content = sections.map((section) => [section.id, section.total, section.items.map((entry) => entry.id)]);
  return createHash("sha256").update(JSON.stringify(content)).digest("hex");
}

export type DigestDecision =
  | { send: true; sections: DigestSection[]; fingerprint: string }
  | { send: false; why: "nothing" }
  | { send: false; why: "unchanged"; fingerprint: string }
  | { send: false; why: "too_soon"; fingerprint: string; notBefore: Date };

export function planDigest(input: {
  facts: DigestFacts;
  interval: DigestInterval;
  last: { at: Date | null; fingerprint: string | null };
}): DigestDecision {
  const sections = buildDigestSections(input.facts);
  if (sections.length === 0) return { send: false, why: "nothing" };
  const fingerprint = digestFingerprint(sections);
  if (fingerprint === input.last.fingerprint) return { send: false, why: "unchanged", fingerprint };
  if (input.last.at) {
    const notBefore = new Date(input.last.at.getTime() + DIGEST_INTERVAL_MS[input.interval]);
    if (input.facts.now < notBefore) return { send: false, why: "too_soon", fingerprint, notBefore };
  }
  return { send: true, sections, fingerprint };
}
