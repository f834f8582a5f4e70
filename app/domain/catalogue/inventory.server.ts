/**
 * The optional inventory push (Settings, "Keep Shopify's inventory in step"; off by default): after a
 * catalogue sync, Shopify's available quantity of each sourced variant HyperSKU holds stock for is set
 * to that stock, at the location HyperSKU ships for (the first of the shop's HyperSKU locations). With
 * no location chosen the app cannot tell which of the merchant's locations to change, and changes none:
 * Settings says so. Only variants Shopify tracks, and only quantities that differ, are written; a stock
 * Shopify cannot take (not a whole number from 0 to 2^31-1, its Int: one stored before the catalogue's
 * bounds, say) is never sent, and is listed with what Shopify refused.
 */
import { MAX_STOCK } from "~/integrations/hypersku/catalogue-schemas";
import {
  fetchVariantInventory,
  INVENTORY_CHUNK_SIZE,
  setAvailableQuantities,
  type QuantityChange,
  type VariantInventory,
} from "~/integrations/shopify/inventory.server";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import { listStockedVariants } from "~/models/catalogue.server";
import { getShop } from "~/models/shop.server";

export type InventoryPushResult = { locationId: string | null; checked: number; set: number; refused: string[] };

/** Where the push writes: the first HyperSKU location, or null when the shop chose none. */
export function inventoryLocationOf(hyperskuLocationIds: readonly string[]): string | null {
  return hyperskuLocationIds[0] ?? null;
}

/**
 * Pure: the changes that make Shopify's levels match HyperSKU's stock (variant id -> units; none: 0),
 * and the variants left alone because their stock is not a quantity Shopify takes.
 */
export function planQuantityChanges(
  levels: readonly VariantInventory[],
  stock: ReadonlyMap<string, number | null>,
): { changes: QuantityChange[]; outOfRange: string[] } {
  const changes: QuantityChange[] = [];
  const outOfRange: string[] = [];
  for (const level of levels) {
    if (!level.tracked) continue;
    const quantity = stock.get(level.variantId) ?? 0;
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_STOCK) {
      outOfRange.push(`variant ${level.variantId}: a stock of ${quantity} is not a quantity Shopify takes (0 to ${MAX_STOCK})`);
      continue;
    }
    if (level.available !== quantity)
      changes.push({ inventoryItemId: level.inventoryItemId, quantity, changeFromQuantity: level.available });
  }
  return { changes, outOfRange };
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
    const levels = await fetchVariantInventory(
      shop,
      batch.map((row) => row.variantId),
      locationId,
    );
    const { changes, outOfRange } = planQuantityChanges(levels, new Map(batch.map((row) => [row.variantId, row.stock])));
    result.checked += levels.length;
    result.refused.push(...outOfRange);
    const refused = await setAvailableQuantities(shop, locationId, changes);
    result.refused.push(...refused);
    // Shopify refuses a mutation with any userError whole: none of its quantities were set.
    if (refused.length === 0) result.set += changes.length;
  }
  return result;
}
