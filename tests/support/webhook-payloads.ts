/** A realistic body for each webhook topic this app receives, naming `shop` where Shopify's does. */
import fs from "node:fs";
import { TEST_SHOP } from "./shopify";
import { buildRestOrder, type JsonObject } from "../../simulators/harness/order-payloads";
import { productWebhookPayload } from "../../simulators/shopify/catalogue-graphql";
import { DEMO_CATALOGUE } from "../../simulators/shopify/product-catalogue";

/** The shop object Shopify sends with app/uninstalled: `myshopify_domain` is the shop's permanent name. */
export const buildShopPayload = (shop = TEST_SHOP, overrides: JsonObject = {}): JsonObject => ({
  id: 548380009,
  name: "Snowdevil",
  domain: "www.snowdevil.example",
  myshopify_domain: shop,
  email: "owner@snowdevil.example",
  ...overrides,
});

const builders: Record<string, (shop: string) => JsonObject> = {
  "app/uninstalled": (shop) => buildShopPayload(shop),
  "customers/data_request": (shop) => ({
    shop_id: 954889,
    shop_domain: shop,
    customer: { id: 191167, email: "john@example.org" },
    orders_requested: [],
    data_request: { id: 9999 },
  }),
  "customers/redact": (shop) => ({
    shop_id: 954889,
    shop_domain: shop,
    customer: { id: 191167, email: "john@example.org" },
    orders_to_redact: [],
  }),
  "shop/redact": (shop) => ({ shop_id: 954889, shop_domain: shop }),
  "orders/create": () => buildRestOrder(),
  "orders/updated": () => buildRestOrder(),
  "orders/paid": () => buildRestOrder(),
  "products/update": () => productWebhookPayload(DEMO_CATALOGUE[0]),
  "products/delete": () => ({ id: DEMO_CATALOGUE[0].id }),
  "orders/cancelled": () => buildRestOrder({ overrides: { cancelled_at: "2026-07-14T18:00:00Z", cancel_reason: "customer" } }),
};

/** Order bodies do not name their shop; the others do. */
export function buildWebhookPayload(topic: string, shop = TEST_SHOP): JsonObject {
  const build = builders[topic];
  if (!build) throw new Error(`No webhook payload factory for ${topic}`);
  return build(shop);
}

/** Every webhook route: `webhooks.orders.create.tsx` is /webhooks/orders/create and receives orders/create. */
export function listWebhookRoutes(): { module: string; topic: string; path: string }[] {
  return fs
    .readdirSync("app/routes")
    .filter((file) => file.startsWith("webhooks."))
    .map((file) => {
      const module = file.replace(/\.tsx?$/, "");
      const topic = module.replace(/^webhooks\./, "").replace(".", "/");
      return { module, topic, path: `/webhooks/${topic}` };
    });
}
