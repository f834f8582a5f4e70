import { describe, expect, it } from "vitest";
import { MAX_STOCK, privateProductPageSchema, privateProductSchema, sourcingStateOf, stockOrderCreatedSchema } from "./catalogue-schemas";
import { logisticsSkuOptionListSchema } from "./schemas";

const sku = {
  skuId: 301,
  storeVariantId: "43200000000011",
  skuAttributes: [{ attrName: "Colour", attrValue: "Blue" }],
  unitPrice: 3.2,
  currencyCode: "USD",
  stock: 120,
  skuStatus: 1,
  supportedCountries: [{ countryCode: "US", countryName: "United States", regionCodes: null }],
};
const product = {
  productId: 77,
  storeProductId: "7200000000001",
  title: "Mug",
  sourcingStatus: 3,
  sourcingStatusDesc: "Sourced",
  skuInfos: [sku],
};

describe("private product: strict on what the app decides with, tolerant on the rest", () => {
  it("reads the used fields, coercing numeric strings and numeric ids, and keeps unknown fields", () => {
    const parsed = privateProductSchema.parse({
      ...product,
      productId: "77",
      storeProductId: 7200000000001,
      supplier: { name: "kept" },
      skuInfos: [{ ...sku, unitPrice: "3.20", stock: "120", storeVariantId: 43200000000011, warehouse: "CN-1" }],
    });
    expect(parsed).toMatchObject({ productId: 77, storeProductId: "7200000000001", supplier: { name: "kept" } });
    expect(parsed.skuInfos?.[0]).toMatchObject({ unitPrice: 3.2, stock: 120, storeVariantId: "43200000000011", warehouse: "CN-1" });
  });

  it("never fails on a shown field in an unexpected format", () => {
    const parsed = privateProductSchema.parse({
      ...product,
      title: { en: "Mug" },
      imgUrl: 42,
      isPrivate: "maybe",
      skuInfos: [{ ...sku, skuAttributes: "Blue", weight: "heavy", skuStatusDesc: [] }],
    });
    expect(parsed).toMatchObject({ title: null, imgUrl: "42", isPrivate: null });
    expect(parsed.skuInfos?.[0]).toMatchObject({ skuAttributes: null, weight: null, skuStatusDesc: null, skuId: 301 });
  });

  it.each([
    ["skuId not a number", { skuInfos: [{ ...sku, skuId: "SKU-1" }] }],
    ["unitPrice not a number", { skuInfos: [{ ...sku, unitPrice: "cheap" }] }],
    ["stock not a number", { skuInfos: [{ ...sku, stock: "lots" }] }],
    ["sourcingStatus not a number", { sourcingStatus: "sourced" }],
    ["supportedCountries not a list", { skuInfos: [{ ...sku, supportedCountries: "US" }] }],
  ])("fails when a used field is unreadable: %s", (_name, change) => {
    expect(privateProductSchema.safeParse({ ...product, ...change }).success).toBe(false);
  });

  it("pages: {total, rows}, a bare list, or nothing", () => {
    expect(privateProductPageSchema.parse({ total: "41", rows: [product] })).toMatchObject({ total: 41, rows: [{ productId: 77 }] });
    expect(privateProductPageSchema.parse([product, product])).toMatchObject({ total: 2 });
    expect(privateProductPageSchema.parse(null)).toEqual({ total: 0, rows: [], skipped: [] });
    expect(privateProductPageSchema.parse({ rows: [product] })).toMatchObject({ total: null });
  });

  it.each([
    ["a stock past 2^31-1 (Shopify's Int)", { stock: MAX_STOCK + 1 }],
    ["a stock of 1e308", { stock: 1e308 }],
    ["a negative stock", { stock: -1 }],
    ["a stock with a fraction", { stock: 2.5 }],
    ['a stock of "NaN"', { stock: "NaN" }],
    ["a negative unit cost", { unitPrice: -0.01 }],
    ["a unit cost of 1e308", { unitPrice: 1e308 }],
    ["a skuId past 2^53", { skuId: 2 ** 53 }],
  ])("refuses a number out of bounds: %s", (_name, change) => {
    expect(privateProductSchema.safeParse({ ...product, skuInfos: [{ ...sku, ...change }] }).success).toBe(false);
  });

  it("takes the bounds themselves", () => {
    const parsed = privateProductSchema.parse({
      ...product,
      skuInfos: [
        { ...sku, stock: String(MAX_STOCK), unitPrice: 0 },
        { ...sku, stock: 0 },
      ],
    });
    expect(parsed.skuInfos?.map((entry) => [entry.stock, entry.unitPrice])).toEqual([
      [MAX_STOCK, 0],
      [0, 3.2],
    ]);
  });

  it("reads a page product by product: one it cannot use is skipped, named, with what was wrong", () => {
    const page = privateProductPageSchema.parse({
      total: "3",
      rows: [
        product,
        { ...product, productId: 78, title: "Poster", skuInfos: [{ ...sku, stock: 2_147_483_648 }] },
        { ...product, productId: 79, title: "Cap", skuInfos: [{ ...sku, unitPrice: "NaN" }] },
        { title: { en: "?" }, productId: "P-1" },
      ],
    });
    expect(page.rows.map((row) => row.productId)).toEqual([77]);
    expect(page.total).toBe(3);
    expect(page.skipped).toEqual([
      {
        productId: 78,
        storeProductId: "7200000000001",
        title: "Poster",
        problem: "stock 2147483648 is not a whole number from 0 to 2147483647",
      },
      { productId: 79, storeProductId: "7200000000001", title: "Cap", problem: 'unit cost "NaN" could not be read' },
      { productId: null, storeProductId: null, title: null, problem: 'product id "P-1" could not be read' },
    ]);
    expect(privateProductPageSchema.parse({ total: 1e308, rows: [] }).total).toBeNull();
    expect(privateProductPageSchema.safeParse({ total: 1, rows: "none" }).success).toBe(false);
  });

  it("sourcingStateOf maps the codes, unknown ones to unknown", () => {
    expect([1, 2, 3, 4, 9, null, undefined].map(sourcingStateOf)).toEqual([
      "not-sourced",
      "sourcing",
      "sourced",
      "unavailable",
      "unknown",
      "unknown",
      "unknown",
    ]);
  });
});

describe("shipping quotes and stock orders", () => {
  it("a quote needs a method name and a freight; currency and days are tolerant", () => {
    const [quote] = logisticsSkuOptionListSchema.parse([
      { logisticsName: "Yun", freight: "4.50", currencyCode: 1, minDeliveryDays: "x", extra: 1 },
    ]);
    expect(quote).toMatchObject({ logisticsName: "Yun", freight: 4.5, currencyCode: "1", minDeliveryDays: null, extra: 1 });
    expect(logisticsSkuOptionListSchema.safeParse([{ logisticsName: "Yun", freight: "free" }]).success).toBe(false);
  });

  it("a stock order's answer needs a readable orderId", () => {
    expect(stockOrderCreatedSchema.parse({ orderId: "12", amount: "n/a" })).toMatchObject({ orderId: 12, amount: null });
    expect(stockOrderCreatedSchema.safeParse({ orderId: "HS-12" }).success).toBe(false);
  });
});
