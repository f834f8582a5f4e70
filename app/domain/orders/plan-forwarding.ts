/**
 * What should happen to an order not yet at HyperSKU, given its latest snapshot, the shop's rules
 * and the time. Pure: combines the forwarding decision with a dry run of the mapping, so an order
 * that cannot be sent (no address, nothing to ship) says so the moment it arrives, not after a
 * failed attempt.
 */
import { decideForwarding, type ForwardingSettings } from "./decide-forwarding";
import { mapOrderToExternalOrder, type Routing, type ShopIdentity, UNROUTED } from "./map-order";
import type { OrderState } from "~/models/order-state";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type ForwardingPlan = {
  state: Extract<OrderState, "scheduled" | "waiting" | "needs_attention" | "skipped" | "cancelled">;
  code: string | null;
  reason: string | null;
  forwardNotBefore: Date | null;
};

/** `routing`: Shopify's fulfillment orders and the shop's rules, once read (read-routing.server.ts) at send time. */
export function planForwarding(
  order: ShopifyOrderSnapshot,
  settings: ForwardingSettings,
  shop: ShopIdentity,
  now: Date,
  routing: Routing = UNROUTED,
): ForwardingPlan {
  const decision = decideForwarding(order, settings, now);
  if (decision.action === "skip") {
    return {
      state: decision.code === "cancelled" ? "cancelled" : "skipped",
      code: decision.code,
      reason: decision.reason,
      forwardNotBefore: null,
    };
  }
  const mapped = mapOrderToExternalOrder(order, shop, routing);
  if (!mapped.ok) {
    // Digital-only orders are simply not HyperSKU's; every other problem needs the merchant.
    const onlyNothingToShip = mapped.reasons.every((r) => r.code === "nothing_to_ship" || r.code === "not_for_hypersku");
    return {
      state: onlyNothingToShip ? "skipped" : "needs_attention",
      code: mapped.reasons[0].code,
      reason: mapped.reasons.map((r) => r.message).join(" "),
      forwardNotBefore: null,
    };
  }
  if (decision.action === "wait") return { state: "waiting", code: decision.code, reason: decision.reason, forwardNotBefore: null };
  return { state: "scheduled", code: null, reason: null, forwardNotBefore: decision.notBefore };
}
