/** Loads one of the shop's orders for its page; another shop's order id is simply not found. */
import { isStalledInFlight } from "~/domain/orders/order-actions.server";
import { getShopOrderWithDetails } from "~/models/admin-orders.server";
import { buildOrderDetail, type OrderDetailView } from "./order-detail";

async function getOrderDetail(shop: string, orderId: string): Promise<OrderDetailView | null> {
  const order = await getShopOrderWithDetails(shop, orderId);
  return order ? buildOrderDetail(order, shop, await isStalledInFlight(order)) : null;
}

/** The page's loader contract: the view, or a 404 that says nothing about other shops. */
export async function requireOrderDetail(shop: string, orderId: string): Promise<OrderDetailView> {
  const view = await getOrderDetail(shop, orderId);
  if (!view) throw new Response("Order not found", { status: 404, statusText: "Not Found" });
  return view;
}
