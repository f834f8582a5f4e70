/** Data factories: realistic defaults, override only what a test is about. */
import { randomUUID } from "node:crypto";
import { Session } from "@shopify/shopify-api";
import { sessionStorage } from "~/shopify.server";
import { TEST_SHOP } from "./shopify";

type SessionOverrides = Partial<{
  shop: string;
  isOnline: boolean;
  accessToken: string;
  scope: string;
  expires: Date | null;
}>;

/**
 * A stored Shopify session; offline sessions use Shopify's `offline_<shop>` id. Stored through the
 * app's session storage, as the library stores it: the token is sealed in the row.
 */
export async function createSession(overrides: SessionOverrides = {}) {
  const shop = overrides.shop ?? TEST_SHOP;
  const isOnline = overrides.isOnline ?? false;
  const session = new Session({
    id: isOnline ? randomUUID() : `offline_${shop}`,
    shop,
    state: "",
    isOnline,
    scope:
      overrides.scope ??
      "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_products,read_locations,write_inventory",
    ...(overrides.expires ? { expires: overrides.expires } : {}),
    accessToken: overrides.accessToken ?? `shpat_${randomUUID().replace(/-/g, "")}`,
  });
  await sessionStorage.storeSession(session);
  return session;
}
