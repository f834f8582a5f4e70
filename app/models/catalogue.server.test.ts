import type { CatalogueVariant } from "@prisma/client";
import { CATALOGUE_SOURCING, toCatalogueEntry } from "./catalogue.server";

const row = (overrides: Partial<CatalogueVariant> = {}): CatalogueVariant => ({
  shop: "a.myshopify.com",
  variantId: "1",
  productId: "2",
  productTitle: "Mug",
  variantTitle: "Blue",
  sku: null,
  imageUrl: null,
  vendor: null,
  productType: null,
  tags: '["x", 3]',
  productStatus: "ACTIVE",
  searchText: "mug / blue / ",
  excluded: false,
  sourcing: "sourced",
  hyperskuProductId: null,
  hyperskuSkuId: null,
  hyperskuProductUrl: null,
  hyperskuImageUrl: null,
  unitCost: null,
  costCurrency: null,
  stock: null,
  countries: '[{"countryCode":"CA","regionCodes":["ON"]},{"countryCode":"US","regionCodes":[]},{"nope":1}]',
  shopifySyncedAt: new Date(0),
  hyperskuSyncedAt: null,
  ...overrides,
});

describe("toCatalogueEntry", () => {
  it("reads the JSON columns leniently and leaves the shop and search text out", () => {
    const entry = toCatalogueEntry(row());
    expect(entry.tags).toEqual(["x"]);
    expect(entry.shipsTo).toEqual([
      { countryCode: "CA", regionCodes: ["ON"] },
      { countryCode: "US", regionCodes: null },
    ]);
    expect(entry).not.toHaveProperty("shop");
    expect(entry).not.toHaveProperty("searchText");
  });

  it("reads every stored sourcing state as itself and anything else as not linked", () => {
    for (const sourcing of CATALOGUE_SOURCING) expect(toCatalogueEntry(row({ sourcing })).sourcing).toBe(sourcing);
    expect(toCatalogueEntry(row({ sourcing: "sourced?" })).sourcing).toBe("not_linked");
    expect(toCatalogueEntry(row({ tags: "not json" })).tags).toEqual([]);
  });
});
