/**
 * The one place the catalogue says "these variants changed" (products/update, products/delete, a sync
 * that found a SKU no longer offered, a product gone or unlinked). Orders that depend on them are
 * checked again from here: recheckCatalogueHolds (the pre-send check's, wired by its owner) plugs in
 * below. Returns the ids it was given, so a caller and its tests can see what changed.
 */
import { logger } from "~/logger.server";

export async function noteCatalogueChanges(shop: string, variantIds: readonly string[], source: string): Promise<string[]> {
  const unique = [...new Set(variantIds)];
  if (unique.length > 0) logger.info({ shop, source, variants: unique.length }, "catalogue variants changed");
  return unique;
}
