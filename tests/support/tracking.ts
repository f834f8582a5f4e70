/**
 * Helpers for tests of the HyperSKU -> Shopify direction: an order known to both the Shopify fake
 * (with the same ids as its webhook payload) and the app, sent to the simulator; and "time passes"
 * for the status sync.
 */
import prisma from "~/models/db/client.server";
import { queueShopSync } from "~/domain/tracking/sync-orders.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { buildRestOrder, graphqlNodeOf, type JsonObject, type RestOrderInput } from "../../simulators/harness/order-payloads";
import { drainQueue } from "./queue";
import { callRoute } from "./routes";
import { createWebhookRequest, TEST_SHOP } from "./shopify";

export { graphqlNodeOf };

export const orderGidOf = (payload: JsonObject) => `gid://shopify/Order/${payload.id}`;

/** A paid order placed in Shopify, delivered by webhook and sent to HyperSKU by the queue. */
export async function placeSentOrder(shopify: ShopifyAdminFake, input: RestOrderInput = {}, shop = TEST_SHOP) {
  const payload = buildRestOrder(input);
  shopify.putOrder(shop, graphqlNodeOf(payload) as never);
  const response = await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload, shop }));
  if (response.status !== 200) throw new Error(`orders/create answered ${response.status}`);
  await drainQueue();
  const order = await prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop, shopifyOrderId: String(payload.id) } } });
  if (order.state !== "sent") throw new Error(`the order was not sent: ${order.state} ${order.stateReason ?? ""}`);
  return { payload, order, hyperskuOrderId: Number(order.hyperskuOrderId) };
}

/** Time passes: every order still being followed is due now. */
export async function makeOrdersDue() {
  await prisma.order.updateMany({ where: { nextSyncAt: { not: null } }, data: { nextSyncAt: new Date(Date.now() - 1_000) } });
}

/** Time passes, then the shop's sync job and whatever it queues run. */
export async function syncNow(shop = TEST_SHOP) {
  await makeOrdersDue();
  await queueShopSync(shop);
  await drainQueue();
}
