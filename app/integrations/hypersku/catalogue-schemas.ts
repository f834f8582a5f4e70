/**
 * HyperSKU's catalogue as the app reads it: the merchant's private products (ProductInfoDto), their
 * SKUs (SkuInfoDto, SkuAttributesDto) with unit cost, stock held for the merchant and the countries and
 * regions they ship to (RegionCodeDto), and pages of them (TableResultResponse). The spec names these
 * schemas and publishes none of their fields: every field name here is inferred (docs/hypersku-contract.md,
 * "Catalogue shapes"), so the rule of schemas.ts applies with extra force: strict only where the app
 * decides (which product and SKU, linked to which store product and variant, sourced or not, cost, stock,
 * offered or not, where it ships), tolerant for the rest, unknown fields kept.
 */
import { z } from "zod";
import { bool, idNum, num, shownList, str, strictNum, strictStr, tolerant } from "./wire-fields";

/** A SKU's option, e.g. `{attrName: "Colour", attrValue: "Blue"}`. Shown only. */
const skuAttributeSchema = z.looseObject({ attrName: str, attrValue: str });

/** Used: whether the SKU can be sent to an address. `regionCodes` null or empty: the whole country. */
const supportedCountrySchema = z.looseObject({
  countryCode: strictStr,
  countryName: str,
  regionCodes: z.array(strictStr).nullish(),
});

/**
 * Used: which SKU (`skuId`), for which store variant, what it costs, how many units HyperSKU holds for
 * the merchant (`stock`; null or absent: none held, the SKU is bought per order), whether HyperSKU
 * still offers it (`skuStatus` 1; 0 no longer offered), and where it ships.
 */
const skuInfoSchema = z.looseObject({
  skuId: idNum,
  storeVariantId: strictStr,
  storeSkuId: str,
  skuAttributes: shownList(skuAttributeSchema),
  imgUrl: str,
  unitPrice: strictNum,
  currencyCode: strictStr,
  stock: strictNum,
  skuStatus: strictNum,
  skuStatusDesc: str,
  weight: num,
  supportedCountries: z.array(supportedCountrySchema).nullish(),
});

/** A private product: HyperSKU's copy of a store product, with its sourcing state and SKUs. */
export const privateProductSchema = z.looseObject({
  productId: idNum,
  storeProductId: strictStr,
  title: str,
  imgUrl: str,
  productUrl: str,
  sourcingStatus: strictNum,
  sourcingStatusDesc: strictStr,
  skuInfos: z.array(skuInfoSchema).nullish(),
  updateTime: tolerant((value) => (typeof value === "string" || typeof value === "number" ? value : null)),
  isPrivate: bool,
});

/**
 * A page of a list that can be long: TableResultResponse's `{total, rows}` (notes part 2), or a bare
 * array (then `total` is its length). `total` is the number of rows across every page; null if unreadable.
 */
function pageOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return { rows: [], total: 0 };
      if (Array.isArray(value)) return { rows: value, total: value.length };
      return value;
    },
    z.looseObject({ total: num, rows: z.array(item).nullish() }).transform((page) => ({
      rows: (page.rows ?? []) as z.output<T>[],
      total: page.total ?? null,
    })),
  );
}

export const privateProductPageSchema = pageOf(privateProductSchema);

/** The answer of `create` (OrderCreateResponse; fields inferred). Used: the new order's id. */
export const stockOrderCreatedSchema = z.looseObject({ orderId: idNum, status: num, statusDesc: str, amount: num, currencyCode: str });

/** Product sourcing codes (ours, the twin's; HyperSKU publishes none) -> what the app means by them. */
const SOURCING_STATES: Record<number, "not-sourced" | "sourcing" | "sourced" | "unavailable"> = {
  1: "not-sourced",
  2: "sourcing",
  3: "sourced",
  4: "unavailable",
};

/** Pure: a product's sourcing code as a state; an unknown or missing code is "unknown" (never sourced). */
export function sourcingStateOf(code: number | null | undefined) {
  return (code != null && SOURCING_STATES[code]) || "unknown";
}

export type PrivateProduct = z.output<typeof privateProductSchema>;
export type StockOrderCreated = z.output<typeof stockOrderCreatedSchema>;
export interface Page<T> {
  rows: T[];
  total: number | null;
}
