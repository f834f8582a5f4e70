/**
 * The optional inventory push (Settings, "Keep Shopify's inventory in step"; off by default): after a
 * catalogue sync, Shopify's available quantity of each sourced variant HyperSKU holds stock for is set
 * to that stock, at the location HyperSKU ships for (the first of the shop's HyperSKU locations). With
 * no location chosen the app cannot tell which of the merchant's locations to change, and changes none:
 * Settings says so. Only variants Shopify tracks, and only quantities that differ, are written.
 */
import {
  fetchVariantInventory,
  INVENTORY_CHUNK_SIZE,
  setAvailableQuantities,
  type QuantityChange,
} from "~/integrations/shopify/inventory.server";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import { listStockedVariants } from "~/models/catalogue.server";
import { getShop } from "~/models/shop.server";

export type InventoryPushResult = { locationId: string | null; checked: number; set: number; refused: string[] };

/** Where the push writes: the first HyperSKU location, or null when the shop chose none. */
export function inventoryLocationOf(hyperskuLocationIds: readonly string[]): string | null {
  return hyperskuLocationIds[0] ?? null;
}

export async function pushInventory(shop: string): Promise<InventoryPushResult> {
  const shopRow = await getShop(shop);
  const locationId = shopRow ? inventoryLocationOf(getRoutingSettings(shopRow).hyperskuLocationIds) : null;
  const result: InventoryPushResult = { locationId, checked: 0, set: 0, refused: [] };
  if (!locationId) return result;
  let after: string | null = null;
  for (;;) {
    const batch = await listStockedVariants(shop, after, INVENTORY_CHUNK_SIZE);
    if (batch.length === 0) break;
    after = batch[batch.length - 1].variantId;
    const stock = new Map(batch.map((row) => [row.variantId, row.stock ?? 0]));
    const levels = await fetchVariantInventory(
      shop,
      batch.map((row) => row.variantId),
      locationId,
    );
    const changes: QuantityChange[] = levels
      .filter((level) => level.tracked && level.available !== stock.get(level.variantId))
      .map((level) => ({
        inventoryItemId: level.inventoryItemId,
        quantity: stock.get(level.variantId) ?? 0,
        changeFromQuantity: level.available,
      }));
    result.checked += levels.length;
    const refused = await setAvailableQuantities(shop, locationId, changes);
    result.refused.push(...refused);
    // Shopify refuses a mutation with any userError whole: none of its quantities were set.
    if (refused.length === 0) result.set += changes.length;
  }
  return result;
}
