/**
 * What the Products page shows (app/routes/app.products): one keyset page of the catalogue for a tab and
 * a search, the tabs' counts, the sync's progress and last run, and the shop's low-stock threshold.
 * Every read here is index-backed (catalogue.server.ts); the page stays fast at tens of thousands of
 * variants (scripts/bench/catalogue.ts measures it).
 */
import {
  CATALOGUE_FILTERS,
  countCatalogueGroups,
  countLowStock,
  getCatalogueSettings,
  getCataloguePage,
  getCatalogueSync,
  type CatalogueEntry,
  type CatalogueSyncRow,
  type CatalogueFilter,
} from "~/models/catalogue.server";
import { getShopTimezone } from "~/models/shop.server";
import { decodeCursor, encodeCursor } from "./page-cursor";
import { countTabs, type TabCounts } from "./tabs";

const PRODUCTS_PAGE_SIZE = 50;

export interface ProductsQuery {
  filter: CatalogueFilter;
  search: string;
  cursor: string | null;
}

/** The page's query from its URL: unknown values fall back to the first page of every variant. */
export function parseProductsQuery(url: URL): ProductsQuery {
  const tab = url.searchParams.get("tab");
  const filter = (CATALOGUE_FILTERS as readonly string[]).includes(tab ?? "") ? (tab as CatalogueFilter) : "all";
  const search = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 100);
  return { filter, search, cursor: url.searchParams.get("after") };
}

export interface CatalogueSyncView {
  state: "never" | "running" | "idle" | "failed";
  phase: string | null;
  variantsRead: number;
  variantsTotal: number | null;
  lastSucceededAt: string | null;
  finishedAt: string | null;
  lastError: string | null;
}

export interface ProductsView {
  query: ProductsQuery;
  entries: CatalogueEntry[];
  nextCursor: string | null;
  counts: TabCounts;
  sync: CatalogueSyncView;
  lowStockThreshold: number;
  timezone: string | null;
}

function toSyncView(sync: CatalogueSyncRow | null): CatalogueSyncView {
  if (!sync || (!sync.startedAt && !sync.lastSucceededAt))
    return { state: "never", phase: null, variantsRead: 0, variantsTotal: null, lastSucceededAt: null, finishedAt: null, lastError: null };
  return {
    state: sync.state === "running" || sync.state === "failed" ? sync.state : "idle",
    phase: sync.phase,
    variantsRead: sync.variantsRead,
    variantsTotal: sync.variantsTotal,
    lastSucceededAt: sync.lastSucceededAt?.toISOString() ?? null,
    finishedAt: sync.finishedAt?.toISOString() ?? null,
    lastError: sync.lastError,
  };
}

/**
 * The tabs' counts read every row of the shop (a grouped scan: tens of milliseconds at 50,000
 * variants), and only change with the catalogue. They are kept per shop in this process, keyed by the
 * catalogue's version (its sync row's updatedAt, moved by every sync page, webhook and rules change)
 * and the threshold: a page view after a change counts again, the others read one row.
 */
const countsCache = new Map<string, { key: string; counts: TabCounts }>();
const COUNTS_CACHE_SHOPS = 500;

async function getTabCounts(shop: string, version: Date | null, lowStockThreshold: number): Promise<TabCounts> {
  const key = `${version?.getTime() ?? "none"}:${lowStockThreshold}`;
  const cached = countsCache.get(shop);
  if (cached?.key === key) return cached.counts;
  const counts = countTabs(await countCatalogueGroups(shop), await countLowStock(shop, lowStockThreshold));
  countsCache.delete(shop);
  if (countsCache.size >= COUNTS_CACHE_SHOPS) countsCache.delete(countsCache.keys().next().value!);
  countsCache.set(shop, { key, counts });
  return counts;
}

export async function getProductsView(shop: string, query: ProductsQuery): Promise<ProductsView> {
  // The version is read before the counts, so counts read after a change are never filed under the old one.
  const [settings, syncRow] = await Promise.all([getCatalogueSettings(shop), getCatalogueSync(shop)]);
  const [page, counts, timezone] = await Promise.all([
    getCataloguePage(shop, {
      filter: query.filter,
      search: query.search,
      after: decodeCursor(query.cursor),
      take: PRODUCTS_PAGE_SIZE,
      lowStockThreshold: settings.lowStockThreshold,
    }),
    getTabCounts(shop, syncRow?.updatedAt ?? null, settings.lowStockThreshold),
    getShopTimezone(shop),
  ]);
  const sync = toSyncView(syncRow);
  const last = page.entries.at(-1);
  return {
    query,
    entries: page.entries,
    nextCursor: page.hasMore && last ? encodeCursor(last) : null,
    counts,
    sync,
    lowStockThreshold: settings.lowStockThreshold,
    timezone,
  };
}

/** The dashboard's stock warning: sourced variants HyperSKU holds stock for at or below the shop's threshold. */
export async function lowStockCount(shop: string): Promise<number> {
  const { lowStockThreshold } = await getCatalogueSettings(shop);
  return countLowStock(shop, lowStockThreshold);
}
