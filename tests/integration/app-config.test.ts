import fs from "node:fs";
import path from "node:path";
import { SHOPIFY_API_VERSION } from "~/shopify.server";

const toml = fs.readFileSync("shopify.app.toml", "utf8");

describe("shopify.app.toml", () => {
  const subscriptions = [
    ...toml.matchAll(/# Handled by: (\S+)\s+\[\[webhooks\.subscriptions\]\]\s+(?:compliance_)?topics = \["([^"]+)"\]\s+uri = "([^"]+)"/g),
  ];

  it("declares the scopes the product needs", () => {
    for (const scope of [
      "read_orders",
      "read_merchant_managed_fulfillment_orders",
      "write_merchant_managed_fulfillment_orders",
      "read_products",
      "read_locations",
      "write_inventory",
    ]) {
      expect(toml).toContain(scope);
    }
  });

  it("names an existing route for every webhook subscription, at the URL that route serves", () => {
    expect(subscriptions.length).toBeGreaterThanOrEqual(8);
    for (const [, handler, topic, uri] of subscriptions) {
      expect(fs.existsSync(handler), handler).toBe(true);
      expect(uri).toBe(`/webhooks/${topic}`);
      expect(path.basename(handler)).toBe(`webhooks.${topic.replace("/", ".")}.tsx`);
    }
  });

  it("receives webhooks in the Admin API version the app queries with", () => {
    expect(toml).toMatch(new RegExp(`\\[webhooks\\]\\s+api_version = "${SHOPIFY_API_VERSION}"`));
  });

  it("subscribes to every webhook route in app/routes", () => {
    const routes = fs.readdirSync("app/routes").filter((file) => file.startsWith("webhooks."));
    const handlers = subscriptions.map(([, handler]) => path.basename(handler));
    expect(routes.sort()).toEqual(handlers.sort());
  });
});
