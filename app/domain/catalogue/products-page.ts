/** The Products page's data as the route renders it, and its actions: shared by the loader (products-page.server.ts) and the page. */
import type { CatalogueFilter } from "~/models/catalogue.server";
import type { RowGuidance } from "./guidance";
import type { CatalogueSyncView } from "./products-view.server";
import type { TabCounts } from "./tabs";

export const PRODUCTS_INTENTS = ["sync", "shipping"] as const;
export type ProductsIntent = (typeof PRODUCTS_INTENTS)[number];

export interface ProductRow {
  id: string;
  productId: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  imageUrl: string | null;
  guidance: RowGuidance;
  hyperskuSkuId: string | null;
  costText: string | null;
  stock: number | null;
  lowStock: boolean;
  shipsToCount: number;
}

export interface ProductsPageData {
  rows: ProductRow[];
  filter: CatalogueFilter;
  search: string;
  nextHref: string | null;
  counts: TabCounts;
  sync: CatalogueSyncView & { lastSyncText: string | null };
  lowStockThreshold: number;
  selected: SelectedVariant | null;
}

export interface SelectedVariant {
  row: ProductRow;
  shipsTo: string[];
  countries: { code: string; name: string }[] | null;
}
