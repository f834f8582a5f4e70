/**
 * The catalogue's rows (CatalogueVariant): each store variant beside HyperSKU's side of it. The
 * catalogue sync writes them (app/domain/catalogue); the Products page lists them and the check an
 * order passes before it is sent reads them by variant id. This file reads and writes rows only: what
 * a state means for an order is decided in the domain.
 */
import type { CatalogueVariant as CatalogueVariantRow } from "@prisma/client";
import prisma from "~/models/db/client.server";
import type { Db } from "./db-types";

/**
 * HyperSKU's side of a variant:
 * - not_linked: HyperSKU has no private product for it (the merchant has not imported it there);
 * - not_sourced / sourcing: linked, HyperSKU has not found a supplier yet;
 * - sourced: HyperSKU has a SKU for it and can buy and ship it;
 * - unavailable: HyperSKU could not source it;
 * - not_offered: it was sourced, and HyperSKU no longer offers the SKU.
 */
export const CATALOGUE_SOURCING = ["not_linked", "not_sourced", "sourcing", "sourced", "unavailable", "not_offered"] as const;
export type CatalogueSourcing = (typeof CATALOGUE_SOURCING)[number];

/** Where HyperSKU ships a SKU: a country, and the province codes within it (null: all of it). */
export interface ShipsTo {
  countryCode: string;
  regionCodes: string[] | null;
}

export interface CatalogueEntry {
  variantId: string;
  productId: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  /** ACTIVE | DRAFT | ARCHIVED, or DELETED once Shopify deleted the product. */
  productStatus: string;
  excluded: boolean;
  sourcing: CatalogueSourcing;
  hyperskuProductId: string | null;
  hyperskuSkuId: string | null;
  hyperskuProductUrl: string | null;
  hyperskuImageUrl: string | null;
  /** Decimal string in costCurrency. */
  unitCost: string | null;
  costCurrency: string | null;
  stock: number | null;
  shipsTo: ShipsTo[];
  shopifySyncedAt: Date;
  hyperskuSyncedAt: Date | null;
}

function parseJsonArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function toSourcing(value: string): CatalogueSourcing {
  return (CATALOGUE_SOURCING as readonly string[]).includes(value) ? (value as CatalogueSourcing) : "not_linked";
}

function toShipsTo(text: string): ShipsTo[] {
  return parseJsonArray(text).flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const { countryCode, regionCodes } = item as { countryCode?: unknown; regionCodes?: unknown };
    if (typeof countryCode !== "string") return [];
    const regions = Array.isArray(regionCodes) ? regionCodes.filter((code): code is string => typeof code === "string") : null;
    return [{ countryCode, regionCodes: regions && regions.length > 0 ? regions : null }];
  });
}

export function toCatalogueEntry(row: CatalogueVariantRow): CatalogueEntry {
  const { shop: _shop, tags, sourcing, countries, searchText: _searchText, ...rest } = row;
  return {
    ...rest,
    tags: parseJsonArray(tags).filter((tag): tag is string => typeof tag === "string"),
    sourcing: toSourcing(sourcing),
    shipsTo: toShipsTo(countries),
  };
}

/** The catalogue's rows for these variants of the shop, by variant id (a variant never synced is absent). */
export async function getCatalogueEntries(
  shop: string,
  variantIds: readonly string[],
  db: Db = prisma,
): Promise<Map<string, CatalogueEntry>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db.catalogueVariant.findMany({ where: { shop, variantId: { in: [...new Set(variantIds)] } } });
  return new Map(rows.map((row) => [row.variantId, toCatalogueEntry(row)]));
}
