/**
 * Writes one page of HyperSKU's private products on the catalogue's rows, with the run's cursor, in
 * one transaction. Returns the variants whose sourcing state changed (a SKU no longer offered, a
 * product HyperSKU could not source...).
 */
import type { PrivateProduct } from "~/integrations/hypersku/catalogue-schemas";
import {
  getSourcingOfProducts,
  saveCatalogueSyncProgress,
  saveHyperskuSideOfProduct,
  saveHyperskuSideOfVariant,
} from "~/models/catalogue.server";
import { withTransaction } from "~/models/transactions.server";
import { mapPrivateProduct } from "./hypersku-side";

export async function saveHyperskuPage(
  shop: string,
  products: readonly PrivateProduct[],
  nextCursor: string,
  now: Date,
): Promise<string[]> {
  const sides = products.map(mapPrivateProduct).filter((side) => side !== null);
  return withTransaction(async (tx) => {
    const before = await getSourcingOfProducts(
      tx,
      shop,
      sides.map((side) => side.storeProductId),
    );
    const changed: string[] = [];
    for (const side of sides) {
      for (const [variantId, variant] of side.variants) await saveHyperskuSideOfVariant(tx, shop, variantId, variant, now);
      await saveHyperskuSideOfProduct(tx, shop, side.storeProductId, [...side.variants.keys()], side.others, now);
      for (const row of before.filter((candidate) => candidate.productId === side.storeProductId)) {
        const after = side.variants.get(row.variantId)?.sourcing ?? side.others.sourcing;
        if (after !== row.sourcing) changed.push(row.variantId);
      }
    }
    await saveCatalogueSyncProgress(shop, { cursor: nextCursor }, tx);
    return changed;
  });
}
