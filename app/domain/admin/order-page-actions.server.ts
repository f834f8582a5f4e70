/**
 * The order page's actions, each ending in a clear result for the merchant. Every action is scoped
 * by shop: another shop's order id behaves as if it did not exist.
 */
import { retryOrder, sendOrderNow } from "~/domain/orders/order-actions.server";

export const ORDER_PAGE_INTENTS = ["send", "retry", "refresh", "cancel"] as const;
export type OrderPageIntent = (typeof ORDER_PAGE_INTENTS)[number];

export type OrderPageActionResult = { intent: OrderPageIntent; ok: boolean; message: string };

export const isOrderPageIntent = (value: string): value is OrderPageIntent => (ORDER_PAGE_INTENTS as readonly string[]).includes(value);

export async function runOrderPageAction(shop: string, orderId: string, intent: OrderPageIntent): Promise<OrderPageActionResult> {
  switch (intent) {
    case "send":
      return { intent, ...(await sendOrderNow(shop, orderId)) };
    case "retry":
      return { intent, ...(await retryOrder(shop, orderId)) };
    case "refresh":
    case "cancel":
      return { intent, ok: false, message: "This action is not available yet." };
  }
}
