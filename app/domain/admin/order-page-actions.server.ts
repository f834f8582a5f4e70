/**
 * The order page's actions, each ending in a clear result for the merchant. Every action is scoped
 * by shop: another shop's order id behaves as if it did not exist.
 */
import { cancelOrderAtHypersku } from "~/domain/orders/cancel-at-hypersku.server";
import { retryOrder, sendOrderAnyway, sendOrderNow } from "~/domain/orders/order-actions.server";
import { syncOrderNow } from "~/domain/tracking/sync-orders.server";

export const ORDER_PAGE_INTENTS = ["send", "retry", "refresh", "cancel", "send_anyway"] as const;
export type OrderPageIntent = (typeof ORDER_PAGE_INTENTS)[number];

export type OrderPageActionResult = { intent: OrderPageIntent; ok: boolean; message: string };

const ACTIONS: Record<OrderPageIntent, (shop: string, orderId: string) => Promise<{ ok: boolean; message: string }>> = {
  send: sendOrderNow,
  retry: retryOrder,
  refresh: syncOrderNow,
  cancel: cancelOrderAtHypersku,
  send_anyway: sendOrderAnyway,
};

export async function runOrderPageAction(shop: string, orderId: string, intent: OrderPageIntent): Promise<OrderPageActionResult> {
  const result = await ACTIONS[intent](shop, orderId);
  return { intent, ok: result.ok, message: result.message };
}
