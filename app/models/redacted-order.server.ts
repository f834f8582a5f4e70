/**
 * Redaction tombstones: the orders whose customer's personal data was erased at Shopify's request.
 * A tombstone outlives the order's own row and the shop's installation (shop/redact, then a
 * reinstall), so a later version of the order arriving by any path is recognised and ignored.
 */
import prisma from "~/models/db/client.server";
import type { Db } from "./db-types";

export type RedactionSource = "customers/redact" | "shop/redact";

/** Records the orders as redacted; an order already recorded keeps its first date and source. */
export async function recordRedactedOrders(
  shop: string,
  shopifyOrderIds: readonly string[],
  source: RedactionSource,
  db: Db = prisma,
  at = new Date(),
) {
  for (const shopifyOrderId of new Set(shopifyOrderIds)) {
    await db.redactedOrder.upsert({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId } },
      create: { shop, shopifyOrderId, source, redactedAt: at },
      update: {},
    });
  }
}

export async function isOrderRedacted(shop: string, shopifyOrderId: string, db: Db = prisma): Promise<boolean> {
  const row = await db.redactedOrder.findUnique({ where: { shop_shopifyOrderId: { shop, shopifyOrderId } }, select: { shop: true } });
  return row !== null;
}
