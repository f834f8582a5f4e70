/**
 * HyperSKU's side of the catalogue, pure: what one private product (getPrivateProduct's row) says of
 * the store variants it is linked to. A SKU names its variant (`storeVariantId`); a product's own
 * sourcing state covers its variants without a SKU. Codes are read with `sourcingStateOf`, so an
 * unknown code is never "sourced".
 */
import { sourcingStateOf, type PrivateProduct } from "~/integrations/hypersku/catalogue-schemas";
import type { CatalogueSourcing, ShipsTo } from "~/models/catalogue.server";

/** What the sync writes on one variant's row from HyperSKU's answer. */
interface HyperskuVariantSide {
  sourcing: CatalogueSourcing;
  hyperskuProductId: string;
  hyperskuSkuId: string | null;
  hyperskuProductUrl: string | null;
  hyperskuImageUrl: string | null;
  unitCost: string | null;
  costCurrency: string | null;
  stock: number | null;
  shipsTo: ShipsTo[];
}

/** A product's state for its variants that have no SKU of their own. */
export interface HyperskuProductSide {
  storeProductId: string;
  /** Variants with a SKU, by store variant id. */
  variants: Map<string, HyperskuVariantSide>;
  /** For the product's other variants: linked, not (or not yet) sourced. */
  others: HyperskuVariantSide;
}

const PRODUCT_SOURCING: Record<ReturnType<typeof sourcingStateOf>, CatalogueSourcing> = {
  "not-sourced": "not_sourced",
  sourcing: "sourcing",
  sourced: "not_sourced",
  unavailable: "unavailable",
  unknown: "not_sourced",
};

/** A decimal string without float noise ("3.2", "2.95"); null for what is not a finite number. */
export function decimalString(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return String(Math.round(value * 10_000) / 10_000);
}

/** Province codes; none (null, empty): the whole country. */
function regionsOf(codes: readonly (string | null | undefined)[] | null | undefined): string[] | null {
  const known = (codes ?? []).filter((code): code is string => typeof code === "string" && code !== "");
  return known.length > 0 ? known : null;
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** Null for a product HyperSKU holds without a store product (nothing of the store to say about). */
export function mapPrivateProduct(product: PrivateProduct): HyperskuProductSide | null {
  if (!product.storeProductId || product.productId === null || product.productId === undefined) return null;
  const state = sourcingStateOf(product.sourcingStatus);
  const base = {
    hyperskuProductId: String(product.productId),
    hyperskuProductUrl: blankToNull(product.productUrl),
  };
  const others: HyperskuVariantSide = {
    ...base,
    // A sourced product's variant without a SKU: HyperSKU did not source that one.
    sourcing: PRODUCT_SOURCING[state],
    hyperskuSkuId: null,
    hyperskuImageUrl: blankToNull(product.imgUrl),
    unitCost: null,
    costCurrency: null,
    stock: null,
    shipsTo: [],
  };
  const variants = new Map<string, HyperskuVariantSide>();
  for (const sku of product.skuInfos ?? []) {
    if (!sku.storeVariantId || sku.skuId === null || sku.skuId === undefined) continue;
    const offered = sku.skuStatus !== 0;
    variants.set(sku.storeVariantId, {
      ...base,
      sourcing: state !== "sourced" ? PRODUCT_SOURCING[state] : offered ? "sourced" : "not_offered",
      hyperskuSkuId: String(sku.skuId),
      hyperskuImageUrl: blankToNull(sku.imgUrl) ?? blankToNull(product.imgUrl),
      unitCost: decimalString(sku.unitPrice),
      costCurrency: blankToNull(sku.currencyCode),
      stock: sku.stock === null || sku.stock === undefined ? null : Math.max(0, Math.trunc(sku.stock)),
      shipsTo: (sku.supportedCountries ?? [])
        .filter((country) => country.countryCode)
        .map((country) => ({
          countryCode: country.countryCode ?? "",
          regionCodes: regionsOf(country.regionCodes),
        })),
    });
  }
  return { storeProductId: product.storeProductId, variants, others };
}
