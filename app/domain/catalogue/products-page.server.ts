/**
 * The Products page's loader and action, as the route calls them: the view (products-view.server.ts)
 * turned into rows the page renders (texts formatted in the shop's time zone, what to do at HyperSKU),
 * the selected variant's shipping card, and the page's two actions (Sync now, a shipping quote).
 */
import { formatDateTime, formatMoney } from "~/domain/admin/format";
import { HyperskuError } from "~/integrations/hypersku/errors";
import { getCatalogueEntry, type CatalogueEntry } from "~/models/catalogue.server";
import { logger } from "~/logger.server";
import type { ProductRow, ProductsIntent, ProductsPageData, SelectedVariant } from "./products-page";
import { guidanceFor, isLowStock } from "./guidance";
import { getProductsView, parseProductsQuery } from "./products-view.server";
import { getShippingCountries, getShippingMethods, type ShippingAnswer } from "./shipping.server";
import { startCatalogueSync } from "./sync.server";

function toRow(entry: CatalogueEntry, lowStockThreshold: number): ProductRow {
  return {
    id: entry.variantId,
    productId: entry.productId,
    productTitle: entry.productTitle,
    variantTitle: entry.variantTitle,
    sku: entry.sku,
    imageUrl: entry.hyperskuImageUrl && !entry.imageUrl ? entry.hyperskuImageUrl : entry.imageUrl,
    guidance: guidanceFor(entry),
    hyperskuSkuId: entry.hyperskuSkuId,
    costText: formatMoney(entry.unitCost, entry.costCurrency),
    stock: entry.stock,
    lowStock: isLowStock(entry, lowStockThreshold),
    shipsToCount: entry.shipsTo.length,
  };
}

function withParams(url: URL, changes: Record<string, string>): string {
  const next = new URLSearchParams(url.searchParams);
  for (const [key, value] of Object.entries(changes)) next.set(key, value);
  return `/app/products?${next.toString()}`;
}

async function selectedVariant(shop: string, variantId: string | null, lowStockThreshold: number): Promise<SelectedVariant | null> {
  if (!variantId) return null;
  const entry = await getCatalogueEntry(shop, variantId);
  if (!entry) return null;
  let countries: SelectedVariant["countries"] = null;
  if (entry.sourcing === "sourced") {
    try {
      countries = await getShippingCountries(shop);
    } catch (error) {
      if (!(error instanceof HyperskuError)) throw error;
      logger.warn({ shop, err: error }, "could not read HyperSKU's countries");
    }
  }
  return {
    row: toRow(entry, lowStockThreshold),
    shipsTo: entry.shipsTo.map((country) =>
      country.regionCodes ? `${country.countryCode} (${country.regionCodes.join(", ")})` : country.countryCode,
    ),
    countries,
  };
}

export async function getProductsPage(shop: string, url: URL): Promise<ProductsPageData> {
  const view = await getProductsView(shop, parseProductsQuery(url));
  return {
    rows: view.entries.map((entry) => toRow(entry, view.lowStockThreshold)),
    filter: view.query.filter,
    search: view.query.search,
    nextHref: view.nextCursor ? withParams(url, { after: view.nextCursor }) : null,
    counts: view.counts,
    sync: { ...view.sync, lastSyncText: view.sync.lastSucceededAt ? formatDateTime(view.sync.lastSucceededAt, view.timezone) : null },
    lowStockThreshold: view.lowStockThreshold,
    selected: await selectedVariant(shop, url.searchParams.get("variant"), view.lowStockThreshold),
  };
}

export type ProductsActionResult =
  { intent: "sync"; ok: boolean; message: string } | { intent: "shipping"; countryCode: string; answer: ShippingAnswer };

export async function runProductsAction(shop: string, intent: ProductsIntent, form: FormData): Promise<ProductsActionResult> {
  if (intent === "sync") {
    const started = await startCatalogueSync(shop);
    return { intent, ok: started.started, message: started.message };
  }
  const variantId = String(form.get("variantId") ?? "");
  const countryCode = String(form.get("countryCode") ?? "").toUpperCase();
  if (!/^\d+$/.test(variantId) || !/^[A-Z]{2}$/.test(countryCode)) throw new Response("Choose a variant and a country.", { status: 400 });
  return { intent, countryCode, answer: await getShippingMethods(shop, variantId, countryCode) };
}
