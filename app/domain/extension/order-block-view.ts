/**
 * The order-details block's view of one order (extensions/hypersku-order-block): where it stands
 * with HyperSKU, its parcels and tracking, what is wrong and how to fix it, and which of the
 * merchant's actions apply. Pure: built from the stored order and parcels; the JSON the extension
 * receives is exactly this shape.
 */
import type { Order, Parcel } from "@prisma/client";
import { describeHyperskuStatus, type HyperskuStatusInfo } from "~/domain/orders/hypersku-status";
import { ORDER_STATE_LABELS, type OrderState } from "~/domain/orders/order-state";
import { getFlagFix, getStateFix } from "./problem-fixes";

export const ORDER_BLOCK_INTENTS = ["send-now", "retry"] as const;
export type OrderBlockIntent = (typeof ORDER_BLOCK_INTENTS)[number];

export function parseOrderBlockIntent(value: unknown): OrderBlockIntent | null {
  return ORDER_BLOCK_INTENTS.find((intent) => intent === value) ?? null;
}

export type OrderBlockProblem = {
  /** "state": why the order is not (yet) at HyperSKU; "flag": a problem raised after sending. */
  source: "state" | "flag";
  code: string | null;
  message: string;
  fix: string | null;
  severity: "info" | "warning" | "critical";
};

export type OrderBlockParcel = {
  key: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** Only http(s) addresses; anything else is dropped rather than shown as a link. */
  trackingUrl: string | null;
  status: string | null;
  itemCount: number;
  /** pending | created | conflict | failed | not_needed (Parcel.fulfillmentState) */
  fulfillment: string;
  fulfillmentError: string | null;
};

export type OrderBlockView = {
  shopifyOrderId: string;
  name: string;
  state: string;
  stateLabel: string;
  stateMeaning: string;
  /** False when the app leaves the order alone on purpose (skipped): the block's empty state. */
  handled: boolean;
  sentToHypersku: boolean;
  sentAt: string | null;
  hypersku: { orderId: string; status: HyperskuStatusInfo | null } | null;
  parcels: OrderBlockParcel[];
  problems: OrderBlockProblem[];
  nextAttemptAt: string | null;
  actions: { sendNow: boolean; retry: boolean };
};

export type OrderBlockOrder = Pick<
  Order,
  | "shopifyOrderId"
  | "name"
  | "state"
  | "stateCode"
  | "stateReason"
  | "hyperskuOrderId"
  | "hyperskuStatus"
  | "hyperskuStatusDesc"
  | "sentAt"
  | "flagCode"
  | "flagReason"
  | "nextAttemptAt"
>;

export type OrderBlockParcelRow = Pick<
  Parcel,
  "parcelKey" | "trackingCompany" | "trackingNumber" | "trackingUrl" | "items" | "status" | "fulfillmentState" | "fulfillmentError"
>;

/** "Send now" moves an order that is still waiting its turn; "Retry" one that could not be sent. */
const SEND_NOW_STATES: readonly string[] = ["waiting", "scheduled", "held"] satisfies OrderState[];
const RETRY_STATES: readonly string[] = ["failed", "needs_attention", "skipped"] satisfies OrderState[];

const STATE_SEVERITY: Partial<Record<OrderState, OrderBlockProblem["severity"]>> = {
  failed: "critical",
  needs_attention: "critical",
  held: "warning",
};

/**
 * `stalled`: the order shows "sending" or "checking" but no worker holds its job (order-actions
 * .server.ts): Retry hands it back to the forward job, which asks HyperSKU before sending again.
 */
export function getAllowedActions(state: string, stalled = false): OrderBlockView["actions"] {
  return { sendNow: SEND_NOW_STATES.includes(state), retry: RETRY_STATES.includes(state) || stalled };
}

export function isIntentAllowed(state: string, intent: OrderBlockIntent, stalled = false): boolean {
  const actions = getAllowedActions(state, stalled);
  return intent === "send-now" ? actions.sendNow : actions.retry;
}

export function mapSafeTrackingUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Total units in a parcel's stored items JSON; 0 when it cannot be read. */
export function countParcelItems(itemsJson: string): number {
  try {
    const items: unknown = JSON.parse(itemsJson);
    if (!Array.isArray(items)) return 0;
    return items.reduce<number>((sum, item) => {
      const quantity = (item as { quantity?: unknown } | null)?.quantity;
      return sum + (typeof quantity === "number" && Number.isFinite(quantity) && quantity > 0 ? quantity : 0);
    }, 0);
  } catch {
    return 0;
  }
}

export function mapOrderBlockParcel(parcel: OrderBlockParcelRow): OrderBlockParcel {
  return {
    key: parcel.parcelKey,
    carrier: parcel.trackingCompany?.trim() || null,
    trackingNumber: parcel.trackingNumber?.trim() || null,
    trackingUrl: mapSafeTrackingUrl(parcel.trackingUrl),
    status: parcel.status?.trim() || null,
    itemCount: countParcelItems(parcel.items),
    fulfillment: parcel.fulfillmentState,
    fulfillmentError: parcel.fulfillmentError,
  };
}

function mapProblems(order: OrderBlockOrder): OrderBlockProblem[] {
  const problems: OrderBlockProblem[] = [];
  if (order.stateReason) {
    problems.push({
      source: "state",
      code: order.stateCode,
      message: order.stateReason,
      fix: getStateFix(order.stateCode),
      severity: STATE_SEVERITY[order.state as OrderState] ?? "info",
    });
  }
  if (order.flagReason || order.flagCode) {
    problems.push({
      source: "flag",
      code: order.flagCode,
      message: order.flagReason ?? "HyperSKU reported a problem with this order.",
      fix: getFlagFix(order.flagCode),
      severity: "warning",
    });
  }
  return problems;
}

export function mapOrderBlockView(order: OrderBlockOrder, parcels: readonly OrderBlockParcelRow[], stalled = false): OrderBlockView {
  const known = ORDER_STATE_LABELS[order.state as OrderState];
  return {
    shopifyOrderId: order.shopifyOrderId,
    name: order.name,
    state: order.state,
    stateLabel: known?.label ?? order.state,
    stateMeaning: known?.meaning ?? "",
    handled: order.state !== "skipped",
    sentToHypersku: order.state === "sent" || order.hyperskuOrderId !== null,
    sentAt: order.sentAt?.toISOString() ?? null,
    hypersku: order.hyperskuOrderId
      ? { orderId: order.hyperskuOrderId, status: describeHyperskuStatus(order.hyperskuStatus, order.hyperskuStatusDesc) }
      : null,
    parcels: parcels.map(mapOrderBlockParcel),
    problems: mapProblems(order),
    nextAttemptAt: order.nextAttemptAt?.toISOString() ?? null,
    actions: getAllowedActions(order.state, stalled),
  };
}
