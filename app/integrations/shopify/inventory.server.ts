/**
 * The Admin GraphQL calls of the catalogue's optional inventory push (app/domain/catalogue/inventory.server.ts):
 * read what Shopify holds as "available" for variants at one location, and set it. Needs `read_products`
 * and `write_inventory`. Setting compares against the quantity just read (changeFromQuantity), so a
 * sale between the read and the write makes Shopify refuse that item instead of losing the sale.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";

/** Variants per read and quantities per mutation (Shopify takes at most 250 of either). */
export const INVENTORY_CHUNK_SIZE = 100;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const VARIANT_INVENTORY_QUERY = `#graphql
query VariantInventory($ids: [ID!]!, $locationId: ID!) {
  nodes(ids: $ids) {
    ... on ProductVariant {
      id
      inventoryItem {
        id
        tracked
        inventoryLevel(locationId: $locationId) { quantities(names: ["available"]) { name quantity } }
      }
    }
  }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const INVENTORY_SET_QUANTITIES_MUTATION = `#graphql
mutation InventorySetQuantities($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) {
    inventoryAdjustmentGroup { id }
    userErrors { field message code }
  }
}`;

const nodeSchema = z.object({
  id: z.string(),
  inventoryItem: z
    .object({
      id: z.string(),
      tracked: z.boolean().nullish(),
      inventoryLevel: z.object({ quantities: z.array(z.object({ name: z.string(), quantity: z.number() })) }).nullish(),
    })
    .nullish(),
});

export interface VariantInventory {
  variantId: string;
  inventoryItemId: string;
  tracked: boolean;
  /** null: the item is not stocked at the location. */
  available: number | null;
}

const variantGid = (variantId: string) => `gid://shopify/ProductVariant/${variantId}`;

export async function fetchVariantInventory(shop: string, variantIds: readonly string[], locationId: string): Promise<VariantInventory[]> {
  const data = await adminQuery<{ nodes: unknown[] }>(shop, VARIANT_INVENTORY_QUERY, { ids: variantIds.map(variantGid), locationId });
  return (data.nodes ?? []).flatMap((node) => {
    const parsed = nodeSchema.safeParse(node);
    if (!parsed.success || !parsed.data.inventoryItem) return [];
    const { id, inventoryItem } = parsed.data;
    const available = inventoryItem.inventoryLevel?.quantities.find((quantity) => quantity.name === "available")?.quantity ?? null;
    return [{ variantId: id.replace(/^.*\//, ""), inventoryItemId: inventoryItem.id, tracked: inventoryItem.tracked ?? false, available }];
  });
}

export interface QuantityChange {
  inventoryItemId: string;
  quantity: number;
  /** What Shopify held when read; Shopify refuses the change if it moved since. */
  changeFromQuantity: number | null;
}

/** Sets the available quantities at the location; Shopify's userErrors come back as messages. */
export async function setAvailableQuantities(shop: string, locationId: string, changes: readonly QuantityChange[]): Promise<string[]> {
  if (changes.length === 0) return [];
  const data = await adminQuery<{ inventorySetQuantities: { userErrors: { message: string }[] } | null }>(
    shop,
    INVENTORY_SET_QUANTITIES_MUTATION,
    {
      input: {
        name: "available",
        reason: "correction",
        referenceDocumentUri: "app://hypersku/catalogue-sync",
        quantities: changes.map((change) => ({ ...change, locationId })),
      },
    },
  );
  if (!data.inventorySetQuantities) throw new ShopifyGraphqlError("Shopify answered inventorySetQuantities without a result", false);
  return data.inventorySetQuantities.userErrors.map((error) => error.message);
}
