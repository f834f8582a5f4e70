/**
 * The Admin GraphQL read of the shop's own name, the one merchants set in Shopify's settings and
 * HyperSKU shows as the order's `storeName` (the handle is only the fallback). Needs no scope.
 * Transport and GraphQL errors (throttling included) are thrown as ShopifyGraphqlError by adminQuery.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const SHOP_NAME_QUERY = `#graphql
query ShopName {
  shop { name }
}`;

const shopNameSchema = z.object({ shop: z.object({ name: z.string() }) });

/** The shop's name, trimmed; null when it is blank (the caller keeps what it has). */
export async function fetchShopName(shop: string): Promise<string | null> {
  const parsed = shopNameSchema.safeParse(await adminQuery(shop, SHOP_NAME_QUERY));
  if (!parsed.success) throw new ShopifyGraphqlError("Shopify's answer to ShopName had an unexpected shape", false);
  return parsed.data.shop.name.trim() || null;
}
