/**
 * Whether, and from when, an order should go to HyperSKU under the shop's settings. Pure: the
 * caller passes the clock. Checks run from the most final fact to the least (a cancelled test order
 * is "cancelled"), so the reason shown is the one the merchant can least argue with.
 */
import { notAParcel } from "./delivery-method";
import { type DecisionCode, ORDER_PROBLEMS } from "./describe-problems";
import { isOrderPaid } from "./payment-status";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type ForwardingSettings = {
  /** "paid": send once Shopify marks the order paid. "created": send as soon as it exists. */
  trigger: "paid" | "created";
  /** Minutes to wait after the trigger, so the merchant can edit or cancel first. */
  holdMinutes: number;
  skipTestOrders: boolean;
  /** Orders carrying any of these tags are left alone (compared trimmed, ignoring case). */
  excludedTags: string[];
};

export const DEFAULT_FORWARDING_SETTINGS: Readonly<ForwardingSettings> = Object.freeze({
  trigger: "paid",
  holdMinutes: 0,
  skipTestOrders: true,
  excludedTags: [],
});

export type Decision =
  | { action: "forward"; notBefore: Date }
  | { action: "wait"; code: Extract<DecisionCode, "awaiting_payment">; reason: string }
  | { action: "skip"; code: Exclude<DecisionCode, "awaiting_payment">; reason: string };

function skip(code: Exclude<DecisionCode, "awaiting_payment">, detail?: string): Decision {
  const { problem } = ORDER_PROBLEMS[code];
  return { action: "skip", code, reason: detail ? `${problem} ${detail}` : problem };
}

function excludedTag(order: ShopifyOrderSnapshot, excluded: readonly string[]): string | undefined {
  const wanted = new Set(excluded.map((tag) => tag.trim().toLowerCase()).filter(Boolean));
  return order.tags.find((tag) => wanted.has(tag.trim().toLowerCase()));
}

function time(value: string | null): number | null {
  if (!value) return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * When the trigger happened. Paid: when the customer paid (kept in the snapshot by intake,
 * paid-at.ts), else `processedAt`, else `createdAt`. Created: `createdAt`. Unknown: now.
 */
function triggerTime(order: ShopifyOrderSnapshot, trigger: ForwardingSettings["trigger"], now: Date): number {
  const candidates = trigger === "paid" ? [order.paidAt, order.processedAt, order.createdAt] : [order.createdAt, order.processedAt];
  for (const candidate of candidates) {
    const parsed = time(candidate);
    if (parsed !== null) return parsed;
  }
  return now.getTime();
}

export function decideForwarding(order: ShopifyOrderSnapshot, settings: ForwardingSettings, now: Date): Decision {
  if (order.cancelledAt) return skip("cancelled");
  if (order.test && settings.skipTestOrders) return skip("test_order");
  const tag = excludedTag(order, settings.excludedTags);
  if (tag !== undefined) return skip("excluded_tag", `(tag "${tag.trim()}")`);
  if (order.financialStatus === "refunded") return skip("refunded");
  if (order.financialStatus === "voided" || order.financialStatus === "expired") return skip("payment_voided");
  if (order.fulfillmentStatus === "fulfilled") return skip("fulfilled");
  if (order.closedAt) return skip("closed");
  const delivery = notAParcel(order);
  if (delivery) return skip(delivery);
  if (settings.trigger === "paid" && !isOrderPaid(order.financialStatus)) {
    return { action: "wait", code: "awaiting_payment", reason: ORDER_PROBLEMS.awaiting_payment.problem };
  }
  const holdMinutes = Number.isFinite(settings.holdMinutes) ? Math.max(0, settings.holdMinutes) : 0;
  return { action: "forward", notBefore: new Date(triggerTime(order, settings.trigger, now) + holdMinutes * 60_000) };
}
