/**
 * The one place the catalogue says "these variants changed" (products/update, products/delete, a sync
 * that found a SKU no longer offered, a product gone or unlinked). Orders that depend on them are
 * checked again from here (recheckCatalogueHolds: an order waiting for sourcing goes out, an order at
 * HyperSKU whose SKU went is flagged). Returns the ids it was given, so a caller and its tests can see
 * what changed.
 */
import { logger } from "~/logger.server";
import { recheckCatalogueHolds } from "~/domain/orders/recheck-catalogue-holds.server";
import { touchCatalogue } from "~/models/catalogue.server";

export async function noteCatalogueChanges(shop: string, variantIds: readonly string[], source: string): Promise<string[]> {
  const unique = [...new Set(variantIds)];
  if (unique.length === 0) return unique;
  logger.info({ shop, source, variants: unique.length }, "catalogue variants changed");
  // Outside a sync nothing else says the rows changed: the Products page's counts are keyed by this.
  if (source !== "sync") await touchCatalogue(shop);
  await recheckCatalogueHolds(shop, unique);
  return unique;
}
