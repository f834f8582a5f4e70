/**
 * HyperSKU's catalogue as the app reads it: the merchant's private products (ProductInfoDto), their
 * SKUs (SkuInfoDto, SkuAttributesDto) with unit cost, stock held for the merchant and the countries and
 * regions they ship to (RegionCodeDto), and pages of them (TableResultResponse). The spec names these
 * schemas and publishes none of their fields: every field name here is inferred (docs/hypersku-contract.md,
 * "Catalogue shapes"), so the rule of schemas.ts applies with extra force: strict only where the app
 * decides (which product and SKU, linked to which store product and variant, sourced or not, cost, stock,
 * offered or not, where it ships), tolerant for the rest, unknown fields kept.
 *
 * The numbers the app stores and passes on are bounded here, at the edge: a stock is a whole number
 * from 0 to 2^31-1 (the catalogue's Int column; Shopify's Int, which the inventory push sends it as),
 * a unit cost a number from 0 to MAX_UNIT_PRICE. A page is read product by product: a product with a
 * field the app cannot use (out of bounds, unreadable) is left out of `rows` and listed in `skipped`
 * with what was wrong, so one bad product never stops the rest of the catalogue.
 */
import { z } from "zod";
import { bool, idNum, num, shownList, str, strictNum, strictStr, tolerant } from "./wire-fields";

/** The most units a stock can be: 2^31-1, Shopify's Int (https://shopify.dev/docs/api/admin-graphql/latest/scalars/Int). */
export const MAX_STOCK = 2_147_483_647;
/** The highest unit cost believed, in any currency (a billion: far above any SKU, even in đồng or rupiah). */
const MAX_UNIT_PRICE = 1_000_000_000;

/** Units held: a whole number from 0 to MAX_STOCK (a numeric string too); null or absent: none held. */
const stockField = strictNum.refine((value) => value == null || (Number.isInteger(value) && value >= 0 && value <= MAX_STOCK), {
  message: `not a whole number from 0 to ${MAX_STOCK}`,
});
/** A unit cost: a number from 0 to MAX_UNIT_PRICE (a numeric string too); null or absent: unknown. */
const unitPriceField = strictNum.refine((value) => value == null || (value >= 0 && value <= MAX_UNIT_PRICE), {
  message: `not a number from 0 to ${MAX_UNIT_PRICE}`,
});

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
  unitPrice: unitPriceField,
  currencyCode: strictStr,
  stock: stockField,
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

/** A product of a page left out because a field the app uses could not be used; `problem` says which and why. */
export interface SkippedProduct {
  productId: number | null;
  storeProductId: string | null;
  title: string | null;
  problem: string;
}

/** What the fields are called when the merchant is told about them. */
const FIELD_NAMES: Record<string, string> = {
  stock: "stock",
  unitPrice: "unit cost",
  skuId: "SKU id",
  productId: "product id",
  storeVariantId: "store variant id",
  storeProductId: "store product id",
  sourcingStatus: "sourcing status",
  skuStatus: "SKU status",
  currencyCode: "currency",
  supportedCountries: "countries",
  countryCode: "country",
  regionCodes: "regions",
  skuInfos: "SKUs",
};

/** The value at `path` in `root`, shown short (it is HyperSKU's, and ends up in a sentence). */
function shownValueAt(root: unknown, path: readonly PropertyKey[]): string {
  let value = root;
  for (const key of path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  const text = typeof value === "number" ? String(value) : (JSON.stringify(value) ?? "nothing");
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Pure: the first reason a product could not be used, in words ("stock 1e+308 is not a whole number from 0 to ..."). */
function describeProblem(row: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  const field = [...issue.path].reverse().find((key): key is string => typeof key === "string");
  const name = (field && FIELD_NAMES[field]) ?? field ?? "the product";
  const shown = shownValueAt(row, issue.path);
  return issue.code === "custom" ? `${name} ${shown} is ${issue.message}` : `${name} ${shown} could not be read`;
}

/** What can be told of a product that could not be read, to name it. */
const productNameSchema = z.looseObject({ productId: idNum.catch(null), storeProductId: strictStr.catch(null), title: str.catch(null) });

/** Pure: a page's rows, each parsed on its own: the products the app can use, and the ones it cannot. */
function readRows<T extends z.ZodType>(item: T, rows: readonly unknown[]): { rows: z.output<T>[]; skipped: SkippedProduct[] } {
  const read: z.output<T>[] = [];
  const skipped: SkippedProduct[] = [];
  for (const row of rows) {
    const parsed = item.safeParse(row);
    if (parsed.success) {
      read.push(parsed.data as z.output<T>);
      continue;
    }
    const name = productNameSchema.safeParse(row);
    skipped.push({
      productId: name.success ? (name.data.productId ?? null) : null,
      storeProductId: name.success ? (name.data.storeProductId ?? null) : null,
      title: name.success ? (name.data.title ?? null) : null,
      problem: describeProblem(row, parsed.error),
    });
  }
  return { rows: read, skipped };
}

/** A page's `total`: a whole number of rows, at least 0; anything else is unknown (null). */
const pageTotal = num.transform((value) => (value != null && Number.isSafeInteger(value) && value >= 0 ? value : null));

/**
 * A page of a list that can be long: TableResultResponse's `{total, rows}` (notes part 2), or a bare
 * array (then `total` is its length). `total` is the number of rows across every page; null if unreadable.
 * Rows are read one by one (`readRows`): `skipped` lists the ones left out.
 */
function pageOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return { rows: [], total: 0 };
      if (Array.isArray(value)) return { rows: value, total: value.length };
      return value;
    },
    z.looseObject({ total: pageTotal, rows: z.array(z.unknown()).nullish() }).transform((page) => ({
      ...readRows(item, page.rows ?? []),
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
  /** Products left out of `rows`: a field the app uses could not be used. */
  skipped: SkippedProduct[];
}
