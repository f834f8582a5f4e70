import { privateProductSchema } from "~/integrations/hypersku/catalogue-schemas";
import { decimalString, mapPrivateProduct } from "./hypersku-side";

/** A private product as HyperSKU answers it, parsed by the client's schema. */
function product(overrides: Record<string, unknown> = {}, skus: Record<string, unknown>[] = []) {
  return privateProductSchema.parse({
    productId: 501,
    storeProductId: "7001",
    title: "Mug",
    imgUrl: "https://img.test/spu.jpg",
    productUrl: "https://app.hypersku.com/product/detail/501",
    sourcingStatus: 3,
    sourcingStatusDesc: "Sourced",
    skuInfos: skus.map((sku, index) => ({
      skuId: 900 + index,
      storeVariantId: String(8000 + index),
      unitPrice: 3.2,
      currencyCode: "USD",
      stock: null,
      skuStatus: 1,
      supportedCountries: [{ countryCode: "US", regionCodes: null }],
      ...sku,
    })),
    ...overrides,
  });
}

describe("mapPrivateProduct", () => {
  it("gives each SKU's variant its cost, stock, image and countries, sourced while HyperSKU offers it", () => {
    const side = mapPrivateProduct(product({}, [{ stock: 12, imgUrl: "https://img.test/sku.jpg" }, { skuStatus: 0 }]))!;
    expect(side.storeProductId).toBe("7001");
    expect(side.variants.get("8000")).toEqual({
      sourcing: "sourced",
      hyperskuProductId: "501",
      hyperskuSkuId: "900",
      hyperskuProductUrl: "https://app.hypersku.com/product/detail/501",
      hyperskuImageUrl: "https://img.test/sku.jpg",
      unitCost: "3.2",
      costCurrency: "USD",
      stock: 12,
      shipsTo: [{ countryCode: "US", regionCodes: null }],
    });
    expect(side.variants.get("8001")).toMatchObject({ sourcing: "not_offered", hyperskuImageUrl: "https://img.test/spu.jpg" });
  });

  it("gives the product's other variants its own state: linked, not sourced", () => {
    expect(mapPrivateProduct(product({}, [{}]))!.others).toMatchObject({
      sourcing: "not_sourced",
      hyperskuSkuId: null,
      hyperskuProductId: "501",
    });
    expect(mapPrivateProduct(product({ sourcingStatus: 2, sourcingStatusDesc: "Sourcing" }))!.others.sourcing).toBe("sourcing");
    expect(mapPrivateProduct(product({ sourcingStatus: 4, sourcingStatusDesc: "Unavailable" }))!.others.sourcing).toBe("unavailable");
  });

  it("never reads an unknown sourcing code as sourced, even for a SKU", () => {
    const side = mapPrivateProduct(product({ sourcingStatus: 9, sourcingStatusDesc: "New" }, [{}]))!;
    expect(side.variants.get("8000")!.sourcing).toBe("not_sourced");
  });

  it("keeps regions only when HyperSKU names some, and skips a product without a store product", () => {
    const side = mapPrivateProduct(
      product({}, [
        {
          supportedCountries: [
            { countryCode: "CA", regionCodes: ["ON"] },
            { countryCode: "GB", regionCodes: [] },
          ],
        },
      ]),
    )!;
    expect(side.variants.get("8000")!.shipsTo).toEqual([
      { countryCode: "CA", regionCodes: ["ON"] },
      { countryCode: "GB", regionCodes: null },
    ]);
    expect(mapPrivateProduct(product({ storeProductId: null }))).toBeNull();
  });
});

describe("decimalString", () => {
  it("writes a cost without float noise", () => {
    expect(decimalString(0.1 + 0.2)).toBe("0.3");
    expect(decimalString(2.95)).toBe("2.95");
    expect(decimalString(null)).toBeNull();
    expect(decimalString(Number.NaN)).toBeNull();
  });
});
