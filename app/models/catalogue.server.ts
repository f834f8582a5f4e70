/**
 * The catalogue's rows (CatalogueVariant): each store variant beside HyperSKU's side of it. The
 * catalogue sync writes them (app/domain/catalogue); the Products page lists them and the check an
 * order passes before it is sent reads them by variant id. This file reads and writes rows only: what
 * a state means for an order is decided in the domain.
 */
import type { CatalogueSync, CatalogueVariant as CatalogueVariantRow, Prisma } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { lean, toModel } from "~/models/db/kysely.server";
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

/** Shopify's side of a variant, as the catalogue stores it. */
interface ShopifyVariantSide {
  variantId: string;
  productId: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  /** The variant's image, else the product's featured image. */
  imageUrl: string | null;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  /** ACTIVE | DRAFT | ARCHIVED, or DELETED once Shopify deleted the product. */
  productStatus: string;
}

/** HyperSKU's side of a variant: its product and SKU there, sourcing, cost, stock and where it ships. */
export interface HyperskuVariantSide {
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
}

export interface CatalogueEntry extends ShopifyVariantSide, HyperskuVariantSide {
  excluded: boolean;
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
export async function getCatalogueEntries(shop: string, variantIds: readonly string[]): Promise<Map<string, CatalogueEntry>> {
  if (variantIds.length === 0) return new Map();
  // On the lean path: every send checks its lines against the catalogue (docs/decisions/0025).
  const found = await lean
    .selectFrom("CatalogueVariant")
    .selectAll()
    .where("shop", "=", shop)
    .where("variantId", "in", [...new Set(variantIds)])
    .execute();
  const rows = found.map((row) => toModel<"CatalogueVariant", CatalogueVariantRow>("CatalogueVariant", row));
  return new Map(rows.map((row) => [row.variantId, toCatalogueEntry(row)]));
}

// ---- Writes of the catalogue sync and the products webhooks ----------------------------------------

/** A store variant as Shopify has it, with what the domain computed of it (excluded, searchText). */
export interface ShopifySideRow extends ShopifyVariantSide {
  searchText: string;
  excluded: boolean;
}

const SHOPIFY_FIELDS = [
  "productId",
  "productTitle",
  "variantTitle",
  "sku",
  "imageUrl",
  "vendor",
  "productType",
  "tags",
  "productStatus",
  "searchText",
  "excluded",
] as const;

function shopifyColumns(row: ShopifySideRow) {
  return {
    productId: row.productId,
    productTitle: row.productTitle,
    variantTitle: row.variantTitle,
    sku: row.sku,
    imageUrl: row.imageUrl,
    vendor: row.vendor,
    productType: row.productType,
    tags: JSON.stringify(row.tags),
    productStatus: row.productStatus,
    searchText: row.searchText,
    excluded: row.excluded,
  };
}

/**
 * Writes Shopify's side of these variants (one page) inside `tx`: new ones created in one statement,
 * changed ones updated, unchanged ones only stamped as seen at `now` (one statement), so a sync of a
 * catalogue that did not change costs two statements a page. Returns the ids of the variants that
 * were new or changed.
 */
export async function saveShopifySide(tx: Db, shop: string, rows: readonly ShopifySideRow[], now: Date): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.variantId);
  const existing = new Map(
    (await tx.catalogueVariant.findMany({ where: { shop, variantId: { in: ids } } })).map((row) => [row.variantId, row]),
  );
  const created = rows.filter((row) => !existing.has(row.variantId));
  if (created.length > 0) {
    await tx.catalogueVariant.createMany({
      data: created.map((row) => ({ shop, variantId: row.variantId, ...shopifyColumns(row), shopifySyncedAt: now })),
    });
  }
  const unchanged: string[] = [];
  const changed: string[] = created.map((row) => row.variantId);
  for (const row of rows) {
    const stored = existing.get(row.variantId);
    if (!stored) continue;
    const columns = shopifyColumns(row);
    if (SHOPIFY_FIELDS.every((field) => stored[field] === columns[field])) {
      unchanged.push(row.variantId);
      continue;
    }
    changed.push(row.variantId);
    await tx.catalogueVariant.update({
      where: { shop_variantId: { shop, variantId: row.variantId } },
      data: { ...columns, shopifySyncedAt: now },
    });
  }
  if (unchanged.length > 0) {
    await tx.catalogueVariant.updateMany({ where: { shop, variantId: { in: unchanged } }, data: { shopifySyncedAt: now } });
  }
  return changed;
}

/** Rows of the shop Shopify did not list since `since` (their product or variant was deleted) become DELETED. */
export async function markUnseenDeleted(shop: string, since: Date, db: Db = prisma): Promise<string[]> {
  const where = { shop, shopifySyncedAt: { lt: since }, productStatus: { not: "DELETED" } };
  const gone = await db.catalogueVariant.findMany({ where, select: { variantId: true } });
  if (gone.length > 0) await db.catalogueVariant.updateMany({ where, data: { productStatus: "DELETED" } });
  return gone.map((row) => row.variantId);
}

/** products/delete: every row of the product becomes DELETED. Returns the variant ids that changed. */
export async function markProductDeleted(shop: string, productId: string, now: Date, db: Db = prisma): Promise<string[]> {
  const where = { shop, productId, productStatus: { not: "DELETED" } };
  const rows = await db.catalogueVariant.findMany({ where, select: { variantId: true } });
  if (rows.length > 0) await db.catalogueVariant.updateMany({ where, data: { productStatus: "DELETED", shopifySyncedAt: now } });
  return rows.map((row) => row.variantId);
}

/** products/update: the product's variants Shopify no longer lists (deleted variants) become DELETED. */
export async function markOtherVariantsDeleted(shop: string, productId: string, keep: readonly string[], now: Date, db: Db = prisma) {
  const where = { shop, productId, variantId: { notIn: [...keep] }, productStatus: { not: "DELETED" } };
  const rows = await db.catalogueVariant.findMany({ where, select: { variantId: true } });
  if (rows.length > 0) await db.catalogueVariant.updateMany({ where, data: { productStatus: "DELETED", shopifySyncedAt: now } });
  return rows.map((row) => row.variantId);
}

/** HyperSKU's side of one variant, as the sync writes it. */
export interface HyperskuSideColumns {
  sourcing: CatalogueSourcing;
  hyperskuProductId: string | null;
  hyperskuSkuId: string | null;
  hyperskuProductUrl: string | null;
  hyperskuImageUrl: string | null;
  unitCost: string | null;
  costCurrency: string | null;
  stock: number | null;
  shipsTo: ShipsTo[];
}

const hyperskuColumns = ({ shipsTo, ...rest }: HyperskuSideColumns, now: Date | null) => ({
  ...rest,
  countries: JSON.stringify(shipsTo),
  hyperskuSyncedAt: now,
});

/** The sourcing state of the shop's rows of these products, by variant id (to tell what a write changed). */
export async function getSourcingOfProducts(tx: Db, shop: string, productIds: readonly string[]) {
  const rows = await tx.catalogueVariant.findMany({
    where: { shop, productId: { in: [...productIds] } },
    select: { variantId: true, productId: true, sourcing: true },
  });
  return rows;
}

/** Writes HyperSKU's side of one variant (absent row: nothing, the next Shopify read brings it). */
export async function saveHyperskuSideOfVariant(tx: Db, shop: string, variantId: string, side: HyperskuSideColumns, now: Date) {
  await tx.catalogueVariant.updateMany({ where: { shop, variantId }, data: hyperskuColumns(side, now) });
}

/** Writes HyperSKU's side on a product's rows other than `except` (variants HyperSKU holds no SKU for). */
export async function saveHyperskuSideOfProduct(
  tx: Db,
  shop: string,
  productId: string,
  except: readonly string[],
  side: HyperskuSideColumns,
  now: Date,
) {
  await tx.catalogueVariant.updateMany({
    where: { shop, productId, variantId: { notIn: [...except] } },
    data: hyperskuColumns(side, now),
  });
}

/**
 * The rows of these products keep HyperSKU's side as the last good read left it, counted as read now
 * (so markUnmentionedNotLinked leaves them): the sync skipped them because HyperSKU's answer for them
 * could not be used.
 */
export async function keepHyperskuSideOfProducts(tx: Db, shop: string, productIds: readonly string[], now: Date) {
  if (productIds.length === 0) return;
  await tx.catalogueVariant.updateMany({ where: { shop, productId: { in: [...productIds] } }, data: { hyperskuSyncedAt: now } });
}

const NOT_LINKED: HyperskuSideColumns = {
  sourcing: "not_linked",
  hyperskuProductId: null,
  hyperskuSkuId: null,
  hyperskuProductUrl: null,
  hyperskuImageUrl: null,
  unitCost: null,
  costCurrency: null,
  stock: null,
  shipsTo: [],
};

/**
 * Rows HyperSKU's catalogue did not mention since `since` are not linked (HyperSKU holds no private
 * product for them any more, or never did). Returns the variant ids whose state changed.
 */
export async function markUnmentionedNotLinked(shop: string, since: Date, db: Db = prisma): Promise<string[]> {
  const where = {
    shop,
    OR: [{ hyperskuSyncedAt: null }, { hyperskuSyncedAt: { lt: since } }],
    NOT: { sourcing: "not_linked", hyperskuProductId: null },
  };
  const rows = await db.catalogueVariant.findMany({ where, select: { variantId: true, sourcing: true } });
  if (rows.length > 0) await db.catalogueVariant.updateMany({ where, data: hyperskuColumns(NOT_LINKED, since) });
  return rows.filter((row) => row.sourcing !== "not_linked").map((row) => row.variantId);
}

/** Rows for recomputing `excluded`, a batch at a time by variant id. */
export async function listRuleFacts(shop: string, afterVariantId: string | null, take: number, db: Db = prisma) {
  const rows = await db.catalogueVariant.findMany({
    where: { shop, ...(afterVariantId ? { variantId: { gt: afterVariantId } } : {}) },
    orderBy: { variantId: "asc" },
    take,
    select: { variantId: true, productId: true, vendor: true, productType: true, tags: true, excluded: true },
  });
  return rows.map((row) => ({ ...row, tags: parseJsonArray(row.tags).filter((tag): tag is string => typeof tag === "string") }));
}

export async function setExcluded(shop: string, variantIds: readonly string[], excluded: boolean, db: Db = prisma) {
  if (variantIds.length === 0) return;
  await db.catalogueVariant.updateMany({ where: { shop, variantId: { in: [...variantIds] } }, data: { excluded } });
}

/** shop/redact: nothing of the shop's catalogue stays (rows and sync). Returns how many rows went. */
export async function deleteCatalogueForShop(shop: string, db: Db = prisma): Promise<number> {
  const { count } = await db.catalogueVariant.deleteMany({ where: { shop } });
  await db.catalogueSync.deleteMany({ where: { shop } });
  return count;
}

// ---- The sync's own row ------------------------------------------------------------------------

export type CatalogueSyncRow = NonNullable<Awaited<ReturnType<typeof getCatalogueSync>>>;

export async function getCatalogueSync(shop: string): Promise<CatalogueSync | null> {
  // Lean: every send asks whether the shop's catalogue was synced yet (docs/decisions/0025).
  const row = await lean.selectFrom("CatalogueSync").selectAll().where("shop", "=", shop).executeTakeFirst();
  return row ? toModel<"CatalogueSync", CatalogueSync>("CatalogueSync", row) : null;
}

/** A new run from the start (phase shopify, no cursor); the last success is kept. */
export async function beginCatalogueSync(shop: string, now: Date, db: Db = prisma) {
  const run = {
    state: "running",
    phase: "shopify",
    startedAt: now,
    finishedAt: null,
    variantsRead: 0,
    variantsTotal: null,
    cursor: null,
    lastError: null,
  };
  return db.catalogueSync.upsert({ where: { shop }, create: { shop, ...run }, update: run });
}

export async function saveCatalogueSyncProgress(
  shop: string,
  progress: { phase?: "shopify" | "hypersku"; cursor: string | null; variantsRead?: number; variantsTotal?: number | null },
  db: Db = prisma,
) {
  await db.catalogueSync.update({ where: { shop }, data: progress });
}

/**
 * What the running sync could not take from HyperSKU so far (products it skipped), for the merchant;
 * kept in `lastError` until the run ends, which shows it (finishCatalogueSync's `notice`).
 */
export async function saveCatalogueSyncNotice(shop: string, notice: string, db: Db = prisma) {
  await db.catalogueSync.update({ where: { shop }, data: { lastError: notice } });
}

/** `notice`: the run finished, but something was left out (shown on the Products page). */
export async function finishCatalogueSync(
  shop: string,
  outcome: { ok: true; notice?: string | null } | { ok: false; error: string },
  now: Date,
  db: Db = prisma,
) {
  await db.catalogueSync.update({
    where: { shop },
    data: {
      state: outcome.ok ? "idle" : "failed",
      phase: null,
      cursor: null,
      finishedAt: now,
      lastError: outcome.ok ? (outcome.notice ?? null) : outcome.error,
      ...(outcome.ok ? { lastSucceededAt: now } : {}),
    },
  });
}

/** Shops whose catalogue was never synced or last synced before `before`, not running now. */
export async function listShopsDueCatalogueSync(shops: readonly string[], before: Date, db: Db = prisma): Promise<string[]> {
  if (shops.length === 0) return [];
  const syncs = await db.catalogueSync.findMany({ where: { shop: { in: [...shops] } } });
  const byShop = new Map(syncs.map((sync) => [sync.shop, sync]));
  return shops.filter((shop) => {
    const sync = byShop.get(shop);
    if (!sync) return true;
    if (sync.state === "running") return false;
    const last = sync.finishedAt ?? sync.lastSucceededAt;
    return !last || last < before;
  });
}

// ---- The shop's catalogue settings -------------------------------------------------------------

export interface CatalogueSettings {
  lowStockThreshold: number;
  syncInventory: boolean;
}

export async function getCatalogueSettings(shop: string, db: Db = prisma): Promise<CatalogueSettings> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { lowStockThreshold: true, syncInventory: true } });
  return row ?? { lowStockThreshold: 10, syncInventory: false };
}

export async function saveCatalogueSettings(shop: string, settings: CatalogueSettings, db: Db = prisma) {
  await db.shop.update({ where: { domain: shop }, data: settings });
}

// ---- The Products page's reads -----------------------------------------------------------------

/**
 * The Products page's tabs. The first four split the catalogue (every row is in exactly one):
 * - sourced: HyperSKU can buy and ship it;
 * - not_sourced: HyperSKU cannot yet (not linked, not sourced, sourcing, unavailable);
 * - excluded: the merchant's product rules keep it from HyperSKU;
 * - gone: deleted in Shopify, or HyperSKU no longer offers its SKU.
 * low_stock is a view across them: sourced, in stock at HyperSKU at or below the shop's threshold.
 */
export const CATALOGUE_FILTERS = ["all", "sourced", "not_sourced", "excluded", "gone", "low_stock"] as const;
export type CatalogueFilter = (typeof CATALOGUE_FILTERS)[number];

const LIVE = { productStatus: { not: "DELETED" } };

function filterWhere(filter: CatalogueFilter, lowStockThreshold: number): Prisma.CatalogueVariantWhereInput {
  switch (filter) {
    case "all":
      return {};
    case "sourced":
      return { ...LIVE, excluded: false, sourcing: "sourced" };
    case "not_sourced":
      return { ...LIVE, excluded: false, sourcing: { in: ["not_linked", "not_sourced", "sourcing", "unavailable"] } };
    case "excluded":
      return { ...LIVE, excluded: true };
    case "gone":
      return { OR: [{ productStatus: "DELETED" }, { excluded: false, sourcing: "not_offered" }] };
    case "low_stock":
      return { ...LIVE, sourcing: "sourced", stock: { not: null, lte: lowStockThreshold } };
  }
}

/** Where a page starts: after this row in (productTitle, variantId) order. */
export interface CatalogueCursor {
  productTitle: string;
  variantId: string;
}

export interface CataloguePageQuery {
  filter: CatalogueFilter;
  /** Lower-cased words the row's searchText must contain; "" for none. */
  search: string;
  after: CatalogueCursor | null;
  take: number;
  lowStockThreshold: number;
}

/**
 * One page in (productTitle, variantId) order, keyset-paged: a deep page costs what the first does.
 * The cursor is a range on productTitle (an index range scan) minus the rows of the same title up to
 * the cursor's variant, which SQLite and PostgreSQL both answer from the (shop, [sourcing,]
 * productTitle, variantId) indexes. Asks for one more row than `take`, to say whether there is more.
 */
export async function getCataloguePage(shop: string, query: CataloguePageQuery, db: Db = prisma) {
  const where: Prisma.CatalogueVariantWhereInput = {
    shop,
    ...filterWhere(query.filter, query.lowStockThreshold),
    ...(query.search
      ? {
          AND: query.search
            .split(/\s+/)
            .filter(Boolean)
            .map((word) => ({ searchText: { contains: word } })),
        }
      : {}),
    ...(query.after
      ? {
          productTitle: { gte: query.after.productTitle },
          NOT: { productTitle: query.after.productTitle, variantId: { lte: query.after.variantId } },
        }
      : {}),
  };
  const rows = await db.catalogueVariant.findMany({
    where,
    orderBy: [{ productTitle: "asc" }, { variantId: "asc" }],
    take: query.take + 1,
  });
  return { entries: rows.slice(0, query.take).map(toCatalogueEntry), hasMore: rows.length > query.take };
}

/** Rows per (sourcing, excluded, deleted): what the tabs' counts are made of, in one grouped read. */
export async function countCatalogueGroups(shop: string, db: Db = prisma) {
  const groups = await db.catalogueVariant.groupBy({
    by: ["sourcing", "excluded", "productStatus"],
    where: { shop },
    _count: { _all: true },
  });
  return groups.map((group) => ({
    sourcing: toSourcing(group.sourcing),
    excluded: group.excluded,
    deleted: group.productStatus === "DELETED",
    count: group._count._all,
  }));
}

/** Sourced variants of the shop HyperSKU holds stock for at or below the threshold. */
export async function countLowStock(shop: string, lowStockThreshold: number, db: Db = prisma): Promise<number> {
  return db.catalogueVariant.count({ where: { shop, ...filterWhere("low_stock", lowStockThreshold) } });
}

/** Sourced variants HyperSKU holds stock for, a batch at a time by variant id (the inventory push). */
export async function listStockedVariants(shop: string, afterVariantId: string | null, take: number, db: Db = prisma) {
  return db.catalogueVariant.findMany({
    where: { shop, ...LIVE, sourcing: "sourced", stock: { not: null }, ...(afterVariantId ? { variantId: { gt: afterVariantId } } : {}) },
    orderBy: { variantId: "asc" },
    take,
    select: { variantId: true, stock: true },
  });
}

/** One variant's row, for the Products page's shipping card. */
export async function getCatalogueEntry(shop: string, variantId: string, db: Db = prisma): Promise<CatalogueEntry | null> {
  const row = await db.catalogueVariant.findUnique({ where: { shop_variantId: { shop, variantId } } });
  return row ? toCatalogueEntry(row) : null;
}

/** When the catalogue last wrote Shopify's side of any of the product's rows (null: none held). */
export async function getProductSyncedAt(tx: Db, shop: string, productId: string): Promise<Date | null> {
  const latest = await tx.catalogueVariant.aggregate({ where: { shop, productId }, _max: { shopifySyncedAt: true } });
  return latest._max.shopifySyncedAt ?? null;
}

/**
 * The catalogue changed outside a sync (a products webhook, new rules): its sync row's `updatedAt`
 * moves, which is the version the Products page's cached counts are keyed by (a sync moves it with
 * every page it writes).
 */
export async function touchCatalogue(shop: string, db: Db = prisma): Promise<void> {
  await db.catalogueSync.upsert({ where: { shop }, create: { shop }, update: { updatedAt: new Date() } });
}
