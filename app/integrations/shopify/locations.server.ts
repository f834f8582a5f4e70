/**
 * The shop's own locations (active, not a fulfillment service's), for the merchant to choose which
 * ones HyperSKU ships for. Needs `read_locations`.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const SHOP_LOCATIONS_QUERY = `#graphql
query ShopLocations {
  locations(first: 50) {
    nodes { id name isActive }
  }
}`;

const locationsSchema = z.looseObject({
  locations: z.looseObject({ nodes: z.array(z.looseObject({ id: z.string(), name: z.string(), isActive: z.boolean().nullish() })) }),
});

export type ShopLocation = { id: string; name: string };

/** At most 50: a shop with more chooses among its first 50 (Shopify's own order: by creation). */
export async function getShopLocations(shop: string): Promise<ShopLocation[]> {
  const parsed = locationsSchema.safeParse(await adminQuery(shop, SHOP_LOCATIONS_QUERY));
  if (!parsed.success) throw new ShopifyGraphqlError("Shopify's answer to ShopLocations had an unexpected shape", false);
  return parsed.data.locations.nodes.filter((node) => node.isActive !== false).map(({ id, name }) => ({ id, name }));
}
