/**
 * HyperSKU's side of catalogue rows, written when the pre-send check asks HyperSKU about products the
 * catalogue did not know yet (app/domain/orders/refresh-hypersku-side.server.ts), and whether the
 * shop's catalogue has ever been read to the end. The catalogue sync (app/domain/catalogue) writes
 * whole rows through catalogue.server.ts; this file touches HyperSKU's columns only, and creates a row
 * from an order's line when the sync has not seen the variant yet.
 */
import prisma from "~/models/db/client.server";
import type { HyperskuVariantSide } from "./catalogue.server";
import type { Db } from "./db-types";

/** When the shop's catalogue sync last finished; null when it never did. */
export async function getCatalogueLastSucceededAt(shop: string, db: Db = prisma): Promise<Date | null> {
  const sync = await db.catalogueSync.findUnique({ where: { shop }, select: { lastSucceededAt: true } });
  return sync?.lastSucceededAt ?? null;
}

export interface HyperskuSide extends HyperskuVariantSide {
  variantId: string;
  productId: string;
  /** Shopify's side as the order's line has it, used only when the sync has no row for the variant yet. */
  productTitle: string;
  variantTitle: string;
  sku: string | null;
}

export async function storeHyperskuSides(shop: string, sides: readonly HyperskuSide[], now: Date, db: Db = prisma): Promise<void> {
  for (const side of sides) {
    const hypersku = {
      sourcing: side.sourcing,
      hyperskuProductId: side.hyperskuProductId,
      hyperskuSkuId: side.hyperskuSkuId,
      hyperskuProductUrl: side.hyperskuProductUrl,
      hyperskuImageUrl: side.hyperskuImageUrl,
      unitCost: side.unitCost,
      costCurrency: side.costCurrency,
      stock: side.stock,
      countries: JSON.stringify(side.shipsTo),
      hyperskuSyncedAt: now,
    };
    await db.catalogueVariant.upsert({
      where: { shop_variantId: { shop, variantId: side.variantId } },
      update: hypersku,
      create: {
        shop,
        variantId: side.variantId,
        productId: side.productId,
        productTitle: side.productTitle,
        variantTitle: side.variantTitle,
        sku: side.sku,
        productStatus: "ACTIVE",
        searchText: [side.productTitle, side.variantTitle, side.sku ?? ""].join(" / ").toLowerCase(),
        shopifySyncedAt: now,
        ...hypersku,
      },
    });
  }
}
