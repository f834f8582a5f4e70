/**
 * What a past order became once imported: queued for HyperSKU, skipped (with the reason), or
 * failed (Shopify's data could not be read). And how a run's summary reads. Pure.
 */
import { IN_FLIGHT_STATES } from "~/models/order-state";
import { ORDER_PROBLEMS, type OrderProblemCode } from "~/domain/orders/describe-problems";

export type ImportOutcome = { kind: "queued" } | { kind: "skipped"; reason: string } | { kind: "failed"; reason: string };

const QUEUED_STATES = new Set<string>(["scheduled", "held", ...IN_FLIGHT_STATES]);

/** The order's record after the import decides the outcome; an order already sent is not sent again. */
export function classifyImportedOrder(order: { state: string; stateCode: string | null }): ImportOutcome {
  if (QUEUED_STATES.has(order.state)) return { kind: "queued" };
  if (order.state === "sent") return { kind: "skipped", reason: "already_sent" };
  if (order.state === "failed") return { kind: "skipped", reason: "failed_before" };
  return { kind: "skipped", reason: order.stateCode ?? order.state };
}

const EXTRA_REASONS: Record<string, string> = {
  already_sent: "Already at HyperSKU (never sent twice)",
  failed_before: "Failed to send before; retry it from the orders list",
  waiting: "Waiting for the moment your settings send it",
  skipped: "Not for HyperSKU",
  cancelled: "Cancelled in Shopify",
  needs_attention: "Needs attention",
  customer_redacted: "The customer's data was erased at Shopify's request (never sent)",
};

/** A reason code in the merchant's words. */
export function describeSkipReason(code: string): string {
  if (code in EXTRA_REASONS) return EXTRA_REASONS[code];
  if (code in ORDER_PROBLEMS) return ORDER_PROBLEMS[code as OrderProblemCode].problem;
  return code.replace(/_/g, " ");
}

export function parseReasonCounts(json: string): Record<string, number> {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
  } catch {
    return {};
  }
}

export function addReason(json: string, reason: string): string {
  const counts = parseReasonCounts(json);
  counts[reason] = (counts[reason] ?? 0) + 1;
  return JSON.stringify(counts);
}

/** Where a run resumes: the page (by Shopify's cursor) and how many of its orders are done. */
export type BackfillPosition = { after: string | null; done: number };

export function parsePosition(text: string | null): BackfillPosition {
  try {
    const value = text ? (JSON.parse(text) as Partial<BackfillPosition>) : null;
    return { after: typeof value?.after === "string" ? value.after : null, done: typeof value?.done === "number" ? value.done : 0 };
  } catch {
    return { after: null, done: 0 };
  }
}
