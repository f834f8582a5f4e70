/**
 * The Admin GraphQL read of the shop's own name and time zone. The name is the one merchants set in
 * Shopify's settings and HyperSKU shows as the order's `storeName` (the handle is only the
 * fallback); the IANA time zone is the one the admin shows every time in. Needs no scope.
 * Transport and GraphQL errors (throttling included) are thrown as ShopifyGraphqlError by adminQuery.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const SHOP_NAME_QUERY = `#graphql
query ShopName {
  shop { name ianaTimezone }
}`;

const shopNameSchema = z.object({ shop: z.object({ name: z.string(), ianaTimezone: z.string() }) });

export type ShopDetails = {
  /** Trimmed; null when blank (the caller keeps what it has). */
  name: string | null;
  /** The IANA zone ("America/New_York") as Shopify spells it, trimmed; null when blank. */
  timezone: string | null;
};

export async function fetchShopDetails(shop: string): Promise<ShopDetails> {
  const parsed = shopNameSchema.safeParse(await adminQuery(shop, SHOP_NAME_QUERY));
  if (!parsed.success) throw new ShopifyGraphqlError("Shopify's answer to ShopName had an unexpected shape", false);
  return { name: parsed.data.shop.name.trim() || null, timezone: parsed.data.shop.ianaTimezone.trim() || null };
}
