/**
 * The order-details block's view of one order (extensions/hypersku-order-block): where it stands
 * with HyperSKU, its parcels and tracking, what is wrong and how to fix it, and which of the
 * merchant's actions apply. Pure: built from the stored order and parcels; the JSON the extension
 * receives is exactly this shape (order-block-contract.ts).
 */
import { resolveTimeZone } from "~/domain/admin/format";
import { describePipeline, pipelineOrderOf } from "~/domain/admin/pipeline";
import { describeHyperskuStatus } from "~/domain/orders/hypersku-status";
import type { Order } from "~/models/order.server";
import { describeOrderState, getHeldFix, type OrderState } from "~/models/order-state";
import type { Parcel } from "~/models/parcel.server";
import {
  ORDER_BLOCK_INTENTS,
  type OrderBlockIntent,
  type OrderBlockParcel,
  type OrderBlockProblem,
  type OrderBlockView,
} from "./order-block-contract";
import { getFlagFix, getStateFix } from "./problem-fixes";
import { parseIntent } from "~/lib/form-intent";

export const parseOrderBlockIntent = (value: unknown): OrderBlockIntent | null => parseIntent(value, ORDER_BLOCK_INTENTS);

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
  | "shopifyCancelled"
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

function mapOrderBlockParcel(parcel: OrderBlockParcelRow): OrderBlockParcel {
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
      fix: getHeldFix(order.state, order.stateCode) ?? getStateFix(order.stateCode),
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

/**
 * The label and meaning the block shows for the order, as the app's pages say them: an order at
 * HyperSKU reads as its pipeline stage (the orders list's and the order page's badge: "Awaiting
 * payment", "Cancelled", never a plain "Sent"), a held order says what it waits for.
 */
function describeForBlock(order: OrderBlockOrder, parcels: readonly OrderBlockParcelRow[]) {
  if (order.state === "sent") {
    const { label, meaning } = describePipeline(pipelineOrderOf(order, parcels));
    return { label, meaning };
  }
  return describeOrderState(order.state, order.stateCode) ?? { label: order.state, meaning: "" };
}

/** `timeZone`: the shop's stored zone (null: not read from Shopify yet). */
export function mapOrderBlockView(
  order: OrderBlockOrder,
  parcels: readonly OrderBlockParcelRow[],
  { stalled = false, timeZone = null }: { stalled?: boolean; timeZone?: string | null } = {},
): OrderBlockView {
  const described = describeForBlock(order, parcels);
  return {
    shopifyOrderId: order.shopifyOrderId,
    name: order.name,
    state: order.state,
    stateLabel: described.label,
    stateMeaning: described.meaning,
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
    timeZone: resolveTimeZone(timeZone),
  };
}
