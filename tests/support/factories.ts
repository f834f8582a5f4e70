/** Data factories: realistic defaults, override only what a test is about. */
import { randomUUID } from "node:crypto";
import prisma from "~/db.server";
import { TEST_SHOP } from "./shopify";

type SessionOverrides = Partial<{
  shop: string;
  isOnline: boolean;
  accessToken: string;
  scope: string;
  expires: Date | null;
}>;

/** A stored Shopify session; offline sessions use Shopify's `offline_<shop>` id. */
export async function createSession(overrides: SessionOverrides = {}) {
  const shop = overrides.shop ?? TEST_SHOP;
  const isOnline = overrides.isOnline ?? false;
  return prisma.session.create({
    data: {
      id: isOnline ? randomUUID() : `offline_${shop}`,
      shop,
      state: "",
      isOnline,
      scope:
        overrides.scope ??
        "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_products",
      expires: overrides.expires ?? null,
      accessToken: overrides.accessToken ?? `shpat_${randomUUID().replace(/-/g, "")}`,
    },
  });
}
