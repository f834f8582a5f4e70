/** Loads one of the shop's orders for its page; another shop's order id is simply not found. */
import { isStalledInFlight } from "~/domain/orders/order-actions.server";
import { getShopOrderWithDetails } from "~/models/admin-orders.server";
import { getShopTimezone } from "~/models/shop.server";
import { getCallHealthRecord } from "~/models/hypersku-connection.server";
import { getCallHealth } from "~/domain/connection/health";
import { buildOrderDetail, type OrderDetailView } from "./order-detail";

async function getOrderDetail(shop: string, orderId: string): Promise<OrderDetailView | null> {
  const [order, timeZone, health] = await Promise.all([
    getShopOrderWithDetails(shop, orderId),
    getShopTimezone(shop),
    getCallHealthRecord(shop),
  ]);
  if (!order) return null;
  const hyperskuHealth = getCallHealth(health, new Date(), timeZone);
  return buildOrderDetail(order, shop, { stalled: await isStalledInFlight(order), timeZone, hyperskuHealth });
}

/** The page's loader contract: the view, or a 404 that says nothing about other shops. */
export async function requireOrderDetail(shop: string, orderId: string): Promise<OrderDetailView> {
  const view = await getOrderDetail(shop, orderId);
  if (!view) throw new Response("Order not found", { status: 404, statusText: "Not Found" });
  return view;
}
