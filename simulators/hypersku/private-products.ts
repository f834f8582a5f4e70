/**
 * The merchant's private products at HyperSKU: copies of store products, linked by store product and
 * variant id, that HyperSKU sources (1 Not Sourced -> 2 Sourcing -> 3 Sourced, or 4 Unavailable) into
 * SKUs with attributes, a unit cost, the stock it holds for the merchant (null: none, bought per order),
 * whether it still offers them, and the countries (and regions) they ship to. Plain JSON in the
 * simulator's state, so it persists like orders. Field names and codes are ours: HyperSKU names the
 * schemas (ProductInfoDto, SkuInfoDto, SkuAttributesDto, RegionCodeDto) and publishes none of their fields.
 */
import { DEMO_CATALOGUE } from "../shopify/product-catalogue";
import { catalogueId, countryName } from "./catalog";

interface SkuAttribute {
  attrName: string;
  attrValue: string;
}

interface SupportedCountry {
  countryCode: string;
  /** Province/state codes it ships to; null: the whole country. */
  regionCodes: string[] | null;
}

export interface CatalogueSku {
  skuId: number;
  storeVariantId: string;
  storeSkuId: string;
  attributes: SkuAttribute[];
  imgUrl: string;
  unitPrice: number;
  currencyCode: string;
  stock: number | null;
  offered: boolean;
  weightGrams: number;
  countries: SupportedCountry[];
}

export interface LinkedVariant {
  storeVariantId: string;
  title: string;
}

export interface StoredPrivateProduct {
  productId: number;
  storeProductId: string;
  title: string;
  imgUrl: string;
  sourcingStatus: SourcingStatus;
  /** The store variants HyperSKU was asked to source; sourcing makes a SKU for each one without. */
  variants: LinkedVariant[];
  skus: CatalogueSku[];
  updatedAt: string;
}

export const SOURCING = { notSourced: 1, sourcing: 2, sourced: 3, unavailable: 4 } as const;
type SourcingStatus = (typeof SOURCING)[keyof typeof SOURCING];

const SOURCING_DESC: Record<SourcingStatus, string> = { 1: "Not Sourced", 2: "Sourcing", 3: "Sourced", 4: "Unavailable" };

/** Where a SKU ships when nothing more specific was said. */
const DEFAULT_COUNTRIES: readonly SupportedCountry[] = ["US", "CA", "GB", "DE", "FR", "AU"].map((countryCode) => ({
  countryCode,
  regionCodes: null,
}));

const HYPERSKU_IMAGES = "https://img.hypersku.test/sku";

export const skuIdOf = (storeVariantId: string) => catalogueId("sku", storeVariantId);
const productIdOf = (storeProductId: string) => catalogueId("spu", storeProductId);

/**
 * A SKU for a store variant. Ids are the ones order-builder.ts gives the same variant, so an order's
 * `goodsId` is the catalogue's `skuId`. Cost and weight are derived from the id: deterministic.
 */
function makeSku(variant: LinkedVariant, overrides: Partial<Omit<CatalogueSku, "skuId" | "storeVariantId">> = {}): CatalogueSku {
  const skuId = skuIdOf(variant.storeVariantId);
  return {
    skuId,
    storeVariantId: variant.storeVariantId,
    storeSkuId: "",
    attributes: variant.title.split(" / ").map((value, index) => ({ attrName: `Option ${index + 1}`, attrValue: value })),
    imgUrl: `${HYPERSKU_IMAGES}/${skuId}.jpg`,
    unitPrice: 1 + (skuId % 900) / 100,
    currencyCode: "USD",
    stock: null,
    offered: true,
    weightGrams: 50 + (skuId % 450),
    countries: DEFAULT_COUNTRIES.map((country) => ({ ...country })),
    ...overrides,
  };
}

function demoProduct(index: number) {
  const product = DEMO_CATALOGUE[index];
  return {
    storeProductId: String(product.id),
    title: product.title,
    variants: product.variants.map((variant) => ({ storeVariantId: String(variant.id), title: variant.title })),
  };
}

function newProduct(link: { storeProductId: string; title: string; variants: LinkedVariant[] }, now: Date): StoredPrivateProduct {
  const productId = productIdOf(link.storeProductId);
  return {
    productId,
    storeProductId: link.storeProductId,
    title: link.title,
    imgUrl: `${HYPERSKU_IMAGES}/spu-${productId}.jpg`,
    sourcingStatus: SOURCING.notSourced,
    variants: link.variants,
    skus: [],
    updatedAt: now.toISOString(),
  };
}

/**
 * The demo shop's catalogue (simulators/shopify/product-catalogue.ts) as HyperSKU knows it: the mug
 * sourced with two SKUs (stock held for Blue only), the tote linked but not sourced yet, the keyring
 * sourced without stock and shipping to fewer places (Canada: three provinces only).
 */
export function seedCatalogue(now = new Date("2026-01-05T09:00:00Z")): StoredPrivateProduct[] {
  const mugLink = demoProduct(0);
  const mug = newProduct(mugLink, now);
  const everywhereBut = ["US", "CA", "GB", "IE", "AU", "NZ", "DE", "FR", "ES", "IT", "NL", "BE", "AT", "SE", "DK", "JP"];
  const mugCountries = everywhereBut.map((countryCode) => ({ countryCode, regionCodes: null }));
  mug.sourcingStatus = SOURCING.sourced;
  mug.skus = [
    makeSku(mugLink.variants[0], {
      attributes: [
        { attrName: "Colour", attrValue: "Blue" },
        { attrName: "Size", attrValue: "Large" },
      ],
      storeSkuId: "MUG-BLUE-L",
      unitPrice: 3.2,
      stock: 120,
      weightGrams: 380,
      countries: mugCountries,
    }),
    makeSku(mugLink.variants[1], {
      attributes: [
        { attrName: "Colour", attrValue: "White" },
        { attrName: "Size", attrValue: "Large" },
      ],
      storeSkuId: "MUG-WHITE-L",
      unitPrice: 2.95,
      weightGrams: 380,
      countries: mugCountries.map((country) => ({ ...country })),
    }),
  ];

  const tote = newProduct(demoProduct(1), now);

  const keyringLink = demoProduct(2);
  const keyring = newProduct(keyringLink, now);
  keyring.sourcingStatus = SOURCING.sourced;
  keyring.skus = [
    makeSku(keyringLink.variants[0], {
      attributes: [{ attrName: "Material", attrValue: "Brass" }],
      unitPrice: 1.1,
      weightGrams: 30,
      countries: [
        { countryCode: "US", regionCodes: null },
        { countryCode: "CA", regionCodes: ["ON", "QC", "BC"] },
        { countryCode: "GB", regionCodes: null },
        { countryCode: "DE", regionCodes: null },
        { countryCode: "FR", regionCodes: null },
      ],
    }),
  ];
  return [mug, tote, keyring];
}

export class CatalogueError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

export function findProduct(catalogue: StoredPrivateProduct[], productId: number): StoredPrivateProduct | undefined {
  return catalogue.find((product) => product.productId === productId);
}

export function findSku(
  catalogue: StoredPrivateProduct[],
  skuId: number,
): { product: StoredPrivateProduct; sku: CatalogueSku } | undefined {
  for (const product of catalogue) {
    const sku = product.skus.find((candidate) => candidate.skuId === skuId);
    if (sku) return { product, sku };
  }
  return undefined;
}

function requireSku(catalogue: StoredPrivateProduct[], skuId: number) {
  const found = findSku(catalogue, skuId);
  if (!found) throw new CatalogueError(`SKU ${skuId} does not exist`, 404);
  return found;
}

/** Links a store product HyperSKU has not sourced yet (the merchant asked for it); an existing link is kept. */
export function linkProduct(
  catalogue: StoredPrivateProduct[],
  link: { storeProductId: string; title: string; variants: LinkedVariant[] },
  now: Date,
): StoredPrivateProduct {
  const existing = catalogue.find((product) => product.storeProductId === link.storeProductId);
  if (existing) return existing;
  if (link.variants.length === 0) throw new CatalogueError("variants must not be empty");
  const product = newProduct(link, now);
  catalogue.push(product);
  return product;
}

function markSourced(product: StoredPrivateProduct, now: Date, skus: Partial<CatalogueSku>[] = []): void {
  product.sourcingStatus = SOURCING.sourced;
  for (const variant of product.variants) {
    if (product.skus.some((sku) => sku.storeVariantId === variant.storeVariantId)) continue;
    const given = skus.find((sku) => sku.storeVariantId === variant.storeVariantId) ?? {};
    product.skus.push(makeSku(variant, given));
  }
  product.updatedAt = now.toISOString();
}

/**
 * Sources a product at once: a SKU for every linked variant without one (`skus` may set their cost,
 * stock, countries...). A store product not linked yet is linked first from `link`, or from the demo
 * catalogue when it is one of its products.
 */
export function sourceProduct(
  catalogue: StoredPrivateProduct[],
  storeProductId: string,
  options: { title?: string; variants?: LinkedVariant[]; skus?: Partial<CatalogueSku>[] },
  now: Date,
): StoredPrivateProduct {
  let product = catalogue.find((candidate) => candidate.storeProductId === storeProductId);
  if (!product) {
    const demo = DEMO_CATALOGUE.findIndex((candidate) => String(candidate.id) === storeProductId);
    const link = demo >= 0 ? demoProduct(demo) : undefined;
    const variants = options.variants ?? link?.variants;
    if (!variants) throw new CatalogueError(`store product ${storeProductId} is not linked; give its variants`, 404);
    product = linkProduct(catalogue, { storeProductId, title: options.title ?? link?.title ?? `Product ${storeProductId}`, variants }, now);
  }
  markSourced(product, now, options.skus);
  return product;
}

/** One sourcing step: Not Sourced -> Sourcing -> Sourced (`to: "unavailable"`: HyperSKU could not find it). */
export function advanceSourcing(product: StoredPrivateProduct, now: Date, to?: "sourced" | "unavailable"): void {
  if (product.sourcingStatus === SOURCING.sourced || product.sourcingStatus === SOURCING.unavailable) {
    throw new CatalogueError(`product ${product.productId} is already ${SOURCING_DESC[product.sourcingStatus]}`);
  }
  if (to === "unavailable") {
    product.sourcingStatus = SOURCING.unavailable;
    product.updatedAt = now.toISOString();
  } else if (to === "sourced" || product.sourcingStatus === SOURCING.sourcing) markSourced(product, now);
  else {
    product.sourcingStatus = SOURCING.sourcing;
    product.updatedAt = now.toISOString();
  }
}

export function setStock(catalogue: StoredPrivateProduct[], skuId: number, stock: number | null, now: Date): CatalogueSku {
  if (stock !== null && !(Number.isInteger(stock) && stock >= 0)) throw new CatalogueError("stock must be a whole number >= 0, or null");
  const { product, sku } = requireSku(catalogue, skuId);
  sku.stock = stock;
  product.updatedAt = now.toISOString();
  return sku;
}

export function stopOfferingSku(catalogue: StoredPrivateProduct[], skuId: number, now: Date): CatalogueSku {
  const { product, sku } = requireSku(catalogue, skuId);
  sku.offered = false;
  product.updatedAt = now.toISOString();
  return sku;
}

/**
 * An order shipped from the merchant's stock: each item whose SKU HyperSKU holds stock for takes its
 * units from it (never below 0; what is missing is bought, as for a SKU without stock). Returns whether
 * any stock changed.
 */
export function drawStock(catalogue: StoredPrivateProduct[], items: { goodsId: number; quantity: number }[], now: Date): boolean {
  let changed = false;
  for (const item of items) {
    const found = findSku(catalogue, item.goodsId);
    if (!found || found.sku.stock === null || found.sku.stock === 0) continue;
    found.sku.stock = Math.max(0, found.sku.stock - item.quantity);
    found.product.updatedAt = now.toISOString();
    changed = true;
  }
  return changed;
}

/** ProductInfoDto as the simulator answers it (field names ours, docs/hypersku-contract.md). */
export function productInfo(product: StoredPrivateProduct) {
  return {
    productId: product.productId,
    storeProductId: product.storeProductId,
    title: product.title,
    imgUrl: product.imgUrl,
    productUrl: `https://app.hypersku.com/product/detail/${product.productId}`,
    isPrivate: true,
    sourcingStatus: product.sourcingStatus,
    sourcingStatusDesc: SOURCING_DESC[product.sourcingStatus],
    updateTime: product.updatedAt,
    skuInfos: product.skus.map((sku) => ({
      skuId: sku.skuId,
      storeVariantId: sku.storeVariantId,
      storeSkuId: sku.storeSkuId,
      skuAttributes: sku.attributes,
      imgUrl: sku.imgUrl,
      unitPrice: sku.unitPrice,
      currencyCode: sku.currencyCode,
      stock: sku.stock,
      skuStatus: sku.offered ? 1 : 0,
      skuStatusDesc: sku.offered ? "On Sale" : "No Longer Offered",
      weight: sku.weightGrams,
      supportedCountries: sku.countries.map((country) => ({
        countryCode: country.countryCode,
        countryName: countryName(country.countryCode),
        regionCodes: country.regionCodes,
      })),
    })),
  };
}
