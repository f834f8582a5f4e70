/**
 * The order block's reads and actions, always for one shop: an order of another shop, or one the
 * app has never seen, is `null` — the caller answers 404 and never learns which it was.
 */
import { isStalledInFlight, retryOrder, sendOrderNow, type OrderActionResult } from "~/domain/orders/order-actions.server";
import { findShopOrderWithParcels } from "~/models/order.server";
import { getShopTimezone } from "~/models/shop.server";
import type { OrderBlockIntent, OrderBlockView } from "./order-block-contract";
import { isIntentAllowed, mapOrderBlockView } from "./order-block-view";

const ORDER_ID = /^\d{1,20}$/;

async function findShopOrder(shop: string, shopifyOrderId: string) {
  if (!ORDER_ID.test(shopifyOrderId)) return null;
  return findShopOrderWithParcels(shop, shopifyOrderId);
}

export async function getOrderBlockView(shop: string, shopifyOrderId: string): Promise<OrderBlockView | null> {
  const [order, timeZone] = await Promise.all([findShopOrder(shop, shopifyOrderId), getShopTimezone(shop)]);
  return order && mapOrderBlockView(order, order.parcels, { stalled: await isStalledInFlight(order), timeZone });
}

export type OrderBlockActionOutcome = { result: OrderActionResult; order: OrderBlockView };

/** Runs "Send now" or "Retry" when the order's state allows it, then returns the order as it is now. */
export async function runOrderBlockAction(
  shop: string,
  shopifyOrderId: string,
  intent: OrderBlockIntent,
  now = new Date(),
): Promise<OrderBlockActionOutcome | null> {
  const order = await findShopOrder(shop, shopifyOrderId);
  if (!order) return null;
  let result: OrderActionResult;
  if (!isIntentAllowed(order.state, intent, await isStalledInFlight(order, now))) {
    result = { ok: false, message: intent === "retry" ? "This order has nothing to retry." : "This order cannot be sent now." };
  } else {
    result = intent === "retry" ? await retryOrder(shop, order.id, now) : await sendOrderNow(shop, order.id, now);
  }
  const view = await getOrderBlockView(shop, shopifyOrderId);
  return view && { result, order: view };
}
