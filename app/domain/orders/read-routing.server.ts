/**
 * What routing and the agent need from Shopify right before an order is sent: the order's
 * fulfillment orders (where Shopify assigns each line) and its variants' facts (images and product
 * links a webhook payload lacks; vendor, product type and tags for the merchant's rules, from the
 * per-variant cache). Read at send time, not at intake, because the merchant or Shopify may move
 * lines between locations until then. Shopify's errors are thrown (ShopifyGraphqlError) for the job.
 */
import { getOrderFulfillmentState, orderGid } from "~/integrations/shopify/fulfillments.server";
import type { Shop } from "~/models/shop.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import type { Routing } from "./map-order";
import { withVariantFacts } from "./variant-facts.server";

export type RoutedOrder = { snapshot: ShopifyOrderSnapshot; routing: Routing };

export async function readRouting(shop: Shop, snapshot: ShopifyOrderSnapshot, now = new Date()): Promise<RoutedOrder> {
  const settings = getRoutingSettings(shop);
  const state = await getOrderFulfillmentState(shop.domain, orderGid(snapshot.shopifyOrderId));
  const completed = await withVariantFacts(shop.domain, snapshot, now);
  // More fulfillment orders or lines than the read holds: what is unseen is not "another fulfiller's".
  const routed = state?.truncated ? { ...completed.snapshot, lineItemsTruncated: true } : completed.snapshot;
  // Shopify no longer has the order (deleted): route on the order alone, as before routing was known.
  return {
    snapshot: routed,
    routing: { settings, context: { fulfillmentOrders: state?.fulfillmentOrders ?? null, facts: completed.facts } },
  };
}
