/**
 * The order pipeline as the merchant works it: one stage per order, from Shopify to the customer,
 * instead of the app's forwarding state beside HyperSKU's status (two columns that could disagree:
 * an order cancelled at HyperSKU read as a green "Sent"). Pure.
 *
 * Each stage is written as clauses over the order's columns (an order is in the stage when any
 * clause holds), so the same table decides a row's badge here and a tab's rows and count in SQL
 * (app/models/admin-orders.server.ts). The clauses of different stages never overlap and together
 * cover every forwarding state and HyperSKU status (pipeline.test.ts checks both).
 */
import { HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import type { OrderStageClause } from "~/models/admin-orders.server";
import { describeOrderState, type OrderState } from "~/models/order-state";

export const PIPELINE_STAGES = [
  "to_send",
  "needs_you",
  "awaiting_payment",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "not_for_hypersku",
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export type PipelineTone = "info" | "success" | "warning" | "critical" | "attention" | undefined;

/** Where each of HyperSKU's statuses puts an order it has (keyed by every status: a new one must be placed). */
const STAGE_OF_HYPERSKU_STATUS: Record<(typeof HYPERSKU_STATUSES)[number]["key"], PipelineStage> = {
  pendingSourcing: "processing",
  pendingPayment: "awaiting_payment",
  // Paid, not confirmed yet: a refused payment returns it to Pending Payment.
  paymentInProgress: "awaiting_payment",
  processing: "processing",
  readyToShip: "processing",
  splitShipment: "shipped",
  shipping: "shipped",
  delivered: "delivered",
  // Closed is either end: delivered when a parcel carried tracking, else cancelled (the clauses below).
  closed: "cancelled",
  // Refunds, overdue and returned parcels wait on a decision only the merchant can make.
  refunding: "needs_you",
  overdue: "needs_you",
  returned: "needs_you",
};

const codesIn = (stage: PipelineStage) =>
  HYPERSKU_STATUSES.filter((status) => STAGE_OF_HYPERSKU_STATUS[status.key] === stage).map((status) => status.code as number);
const CLOSED = HYPERSKU_STATUSES.find((status) => status.key === "closed")!.code;

const TO_SEND: readonly OrderState[] = ["waiting", "scheduled", "held", "sending", "checking"];
/** Every status HyperSKU is known to have: Processing also takes none yet and any code not among them. */
const KNOWN_CODES = HYPERSKU_STATUSES.map((status) => status.code as number);
const SENT = { states: ["sent"], flagged: false } as const;

export const STAGE_CLAUSES: Record<PipelineStage, readonly OrderStageClause[]> = {
  to_send: [{ states: TO_SEND, flagged: false }],
  needs_you: [
    { states: ["needs_attention", "failed"] },
    // A flag is a problem at HyperSKU that needs the merchant (app/domain/tracking/order-flags.ts).
    { states: [...TO_SEND, "sent"], flagged: true },
    { ...SENT, statuses: codesIn("needs_you") },
  ],
  awaiting_payment: [{ ...SENT, statuses: codesIn("awaiting_payment") }],
  // Listed, not "outside the other stages": each status is then one index range (admin-orders.server.ts).
  processing: [
    { ...SENT, statuses: codesIn("processing") },
    { ...SENT, statusesNot: KNOWN_CODES },
  ],
  shipped: [{ ...SENT, statuses: codesIn("shipped") }],
  delivered: [
    { ...SENT, statuses: codesIn("delivered") },
    { ...SENT, statuses: [CLOSED], tracked: true },
  ],
  cancelled: [{ states: ["cancelled"] }, { ...SENT, statuses: [CLOSED], tracked: false }],
  not_for_hypersku: [{ states: ["skipped"] }],
};

/** What the pipeline needs of an order: its columns and whether any parcel carries a tracking number. */
export type PipelineOrder = {
  state: string;
  hyperskuStatus: number | null;
  flagCode: string | null;
  hasTracking: boolean;
  /** Cancelled in Shopify (the snapshot's cancelledAt). */
  shopifyCancelled: boolean;
  /** Why the order is in its state: a held order's line says what it waits for (optional: counts have none). */
  stateCode?: string | null;
};

/** The pipeline's facts of a stored order and its parcels: the list, the order page and the order block read them alike. */
export function pipelineOrderOf(
  order: { state: string; hyperskuStatus: number | null; flagCode: string | null; shopifyCancelled: boolean; stateCode: string | null },
  parcels: readonly { trackingNumber: string | null }[],
): PipelineOrder {
  return {
    state: order.state,
    hyperskuStatus: order.hyperskuStatus,
    flagCode: order.flagCode,
    hasTracking: parcels.some((parcel) => parcel.trackingNumber !== null),
    shopifyCancelled: order.shopifyCancelled,
    stateCode: order.stateCode,
  };
}

const clauseHolds = (clause: OrderStageClause, order: PipelineOrder) =>
  clause.states.includes(order.state as OrderState) &&
  (clause.flagged === undefined || clause.flagged === (order.flagCode !== null)) &&
  (clause.statuses === undefined || (order.hyperskuStatus !== null && clause.statuses.includes(order.hyperskuStatus))) &&
  (clause.statusesNot === undefined || order.hyperskuStatus === null || !clause.statusesNot.includes(order.hyperskuStatus)) &&
  (clause.tracked === undefined || clause.tracked === order.hasTracking);

/** The stages whose clauses hold for the order (exactly one for any order the app stores). */
export const matchingStages = (order: PipelineOrder) =>
  PIPELINE_STAGES.filter((stage) => STAGE_CLAUSES[stage].some((clause) => clauseHolds(clause, order)));

export const STAGE_LABELS: Record<PipelineStage, { label: string; tone: PipelineTone; meaning: string }> = {
  to_send: { label: "To send", tone: "info", meaning: "Not at HyperSKU yet: the app sends it when your settings say." },
  needs_you: { label: "Needs you", tone: "critical", meaning: "Something only you can fix stops this order: see what to do." },
  awaiting_payment: { label: "Awaiting payment", tone: "attention", meaning: "At HyperSKU, waiting for your payment." },
  processing: { label: "Processing", tone: "info", meaning: "At HyperSKU: being sourced, bought or packed." },
  shipped: { label: "Shipped", tone: "success", meaning: "On its way to the customer; tracking is in Shopify." },
  delivered: { label: "Delivered", tone: "success", meaning: "The carrier reports it delivered." },
  cancelled: { label: "Cancelled", tone: undefined, meaning: "Cancelled; nothing more will happen to it." },
  not_for_hypersku: { label: "Not for HyperSKU", tone: undefined, meaning: "Left alone on purpose: nothing in it for HyperSKU to ship." },
};

export const CANCELLED_AT_HYPERSKU_OPEN =
  "Cancelled at HyperSKU; the Shopify order is still open: cancel or refund it in Shopify, or send it again.";
const CANCELLED_BOTH = "Cancelled in Shopify and at HyperSKU.";
const CANCELLED_BEFORE_SENDING = "Cancelled in Shopify before it was sent to HyperSKU.";

export type PipelineView = { stage: PipelineStage; label: string; tone: PipelineTone; meaning: string };

/** The order's stage, its badge and its one line of meaning. */
export function describePipeline(order: PipelineOrder): PipelineView {
  const stage = matchingStages(order)[0] ?? "to_send";
  const base = STAGE_LABELS[stage];
  if (stage === "to_send" && order.state === "held")
    return { stage, ...base, meaning: describeOrderState("held", order.stateCode ?? null)!.meaning };
  if (stage !== "cancelled") return { stage, ...base };
  if (order.state === "cancelled") return { stage, ...base, meaning: CANCELLED_BEFORE_SENDING };
  if (order.shopifyCancelled) return { stage, ...base, meaning: CANCELLED_BOTH };
  // The merchant still owes the customer an answer: the one cancelled order that needs them.
  return { stage, ...base, tone: "warning", meaning: CANCELLED_AT_HYPERSKU_OPEN };
}

/** The states and statuses whose stage depends on a parcel's tracking: the grouped count probes parcels for these only. */
const trackedClauses = Object.values(STAGE_CLAUSES).flatMap((clauses) => clauses.filter((clause) => clause.tracked !== undefined));
export const TRACKED_ORDERS = {
  states: [...new Set(trackedClauses.flatMap((clause) => clause.states))],
  statuses: [...new Set(trackedClauses.flatMap((clause) => clause.statuses ?? []))],
};

/** Orders per stage, from counts grouped by the columns that decide it. */
export function countByStage(
  groups: readonly { state: string; hyperskuStatus: number | null; flagged: boolean; tracked: boolean; count: number }[],
): Record<PipelineStage, number> {
  const counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>;
  for (const group of groups) {
    const order = { ...group, flagCode: group.flagged ? "flag" : null, hasTracking: group.tracked, shopifyCancelled: false };
    const stage = matchingStages(order)[0];
    if (stage) counts[stage] += group.count;
  }
  return counts;
}
