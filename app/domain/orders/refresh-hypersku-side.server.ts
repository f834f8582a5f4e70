/**
 * Asks HyperSKU what it knows of some store products right now: pages through the merchant's private
 * products (getPrivateProduct) until every one asked about is found or the pages run out, and stores
 * HyperSKU's side of each variant in the catalogue (a product HyperSKU has no copy of: not_linked).
 * Used by the pre-send check for variants the catalogue has not read yet, and when a needs-sourcing
 * hold is looked at again, so an order waits on what HyperSKU says now, not on the last sync.
 */
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { sourcingStateOf, type PrivateProduct } from "~/integrations/hypersku/catalogue-schemas";
import type { CatalogueSourcing } from "~/models/catalogue.server";
import { storeHyperskuSides, type HyperskuSide } from "~/models/catalogue-hypersku.server";

export type AskedVariant = { variantId: string; productId: string; productTitle: string; variantTitle: string; sku: string | null };

const PAGE_SIZE = 100;
/** 2,000 private products at most per look; a bigger catalogue is the catalogue sync's to read. */
const MAX_PAGES = 20;

const PRODUCT_SOURCING: Record<ReturnType<typeof sourcingStateOf>, CatalogueSourcing> = {
  "not-sourced": "not_sourced",
  sourcing: "sourcing",
  sourced: "not_sourced", // sourced, but without a SKU for this variant: not bought yet
  unavailable: "unavailable",
  unknown: "not_sourced",
};

/** Pure: HyperSKU's side of one store variant, given its private product (null: HyperSKU has none). */
function hyperskuSideOf(variant: AskedVariant, product: PrivateProduct | null): HyperskuSide {
  const base = { ...variant, hyperskuImageUrl: null, unitCost: null, costCurrency: null, stock: null, shipsTo: [] };
  if (!product) return { ...base, sourcing: "not_linked", hyperskuProductId: null, hyperskuSkuId: null, hyperskuProductUrl: null };
  const linked = {
    ...base,
    hyperskuProductId: String(product.productId),
    hyperskuProductUrl: product.productUrl ?? null,
    hyperskuImageUrl: product.imgUrl ?? null,
  };
  const sku = (product.skuInfos ?? []).find((candidate) => candidate.storeVariantId === variant.variantId);
  if (!sku) return { ...linked, sourcing: PRODUCT_SOURCING[sourcingStateOf(product.sourcingStatus)], hyperskuSkuId: null };
  return {
    ...linked,
    sourcing: sku.skuStatus === 0 ? "not_offered" : "sourced",
    hyperskuSkuId: String(sku.skuId),
    hyperskuImageUrl: sku.imgUrl ?? linked.hyperskuImageUrl,
    unitCost: sku.unitPrice != null ? String(sku.unitPrice) : null,
    costCurrency: sku.currencyCode ?? null,
    stock: sku.stock ?? null,
    shipsTo: (sku.supportedCountries ?? []).flatMap((country) =>
      country.countryCode
        ? [{ countryCode: country.countryCode, regionCodes: country.regionCodes?.length ? (country.regionCodes as string[]) : null }]
        : [],
    ),
  };
}

/**
 * Throws HyperskuError when HyperSKU cannot be asked; stores nothing then. A product HyperSKU lists
 * with values the app cannot use (the page's `skipped`) is left as the catalogue has it: unknown to
 * the check, as if HyperSKU could not be asked about it, never "not linked".
 */
export async function refreshHyperskuSide(shop: string, variants: readonly AskedVariant[], now = new Date()): Promise<void> {
  if (variants.length === 0) return;
  const wanted = new Set(variants.map((variant) => variant.productId));
  const found = new Map<string, PrivateProduct>();
  const unreadable = new Set<string>();
  const { client } = getHypersku();
  for (let pageNum = 1; pageNum <= MAX_PAGES && found.size + unreadable.size < wanted.size; pageNum++) {
    const page = await withHyperskuAccess(shop, (auth) => client.getPrivateProduct(auth, { pageNum, pageSize: PAGE_SIZE }));
    for (const product of page.rows) {
      if (product.storeProductId && wanted.has(product.storeProductId)) found.set(product.storeProductId, product);
    }
    for (const product of page.skipped) {
      if (product.storeProductId && wanted.has(product.storeProductId)) unreadable.add(product.storeProductId);
    }
    const listed = page.rows.length + page.skipped.length;
    if (listed < PAGE_SIZE || (page.total !== null && pageNum * PAGE_SIZE >= page.total)) break;
  }
  const sides = variants
    .filter((variant) => found.has(variant.productId) || !unreadable.has(variant.productId))
    .map((variant) => hyperskuSideOf(variant, found.get(variant.productId) ?? null));
  await storeHyperskuSides(shop, sides, now);
}
