import { describe, expect, it } from "vitest";
import type { CatalogueEntry } from "~/models/catalogue.server";
import { checkCatalogue, shipsToDestination, type CheckedLine } from "./catalogue-check";

function entry(variantId: string, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return {
    variantId,
    productId: `p${variantId}`,
    productTitle: `Product ${variantId}`,
    variantTitle: "Default Title",
    sku: null,
    imageUrl: null,
    vendor: null,
    productType: null,
    tags: [],
    productStatus: "ACTIVE",
    excluded: false,
    sourcing: "sourced",
    hyperskuProductId: "9",
    hyperskuSkuId: "19",
    hyperskuProductUrl: `https://hypersku.test/products/${variantId}`,
    hyperskuImageUrl: null,
    unitCost: "3.20",
    costCurrency: "USD",
    stock: null,
    shipsTo: [{ countryCode: "US", regionCodes: null }],
    shopifySyncedAt: new Date("2026-11-01T00:00:00Z"),
    hyperskuSyncedAt: new Date("2026-11-01T00:00:00Z"),
    ...overrides,
  };
}

const line = (variantId: string, title = `Line ${variantId}`): CheckedLine => ({ variantId, productId: `p${variantId}`, title });
const entries = (...rows: CatalogueEntry[]) => new Map(rows.map((row) => [row.variantId, row]));
const US = { countryCode: "US", provinceCode: "NY" };

describe("checkCatalogue", () => {
  it("passes sourced lines that ship to the destination", () => {
    expect(checkCatalogue([line("1")], entries(entry("1")), US)).toEqual({ ok: true, unknownVariantIds: [] });
  });

  it("holds a line HyperSKU has not sourced, naming the product and linking to it at HyperSKU", () => {
    const result = checkCatalogue(
      [line("1"), line("2")],
      entries(entry("1"), entry("2", { sourcing: "sourcing", productTitle: "Linen Tote Bag", variantTitle: "Natural" })),
      US,
    );
    expect(result).toMatchObject({
      ok: false,
      code: "needs_sourcing",
      products: [{ title: "Linen Tote Bag (Natural)", variantIds: ["2"] }],
    });
    expect(!result.ok && result.message).toContain('HyperSKU has not sourced "Linen Tote Bag (Natural)" yet');
    expect(!result.ok && result.message).toContain("https://hypersku.test/products/2");
    expect(!result.ok && result.message).toContain("Send anyway");
  });

  it("treats a product HyperSKU has no copy of (once its side was read) as not sourced", () => {
    const result = checkCatalogue([line("1")], entries(entry("1", { sourcing: "not_linked", hyperskuProductUrl: null })), US);
    expect(result).toMatchObject({ ok: false, code: "needs_sourcing" });
  });

  it("leaves lines the catalogue knows nothing of to the caller", () => {
    const result = checkCatalogue([line("1"), line("2")], entries(entry("2", { hyperskuSyncedAt: null, sourcing: "not_linked" })), US);
    expect(result).toEqual({ ok: true, unknownVariantIds: ["1", "2"] });
  });

  it("needs attention when HyperSKU does not ship an item to the country, naming the item and the country", () => {
    const result = checkCatalogue([line("1")], entries(entry("1")), { countryCode: "BR", provinceCode: null });
    expect(result).toMatchObject({ ok: false, code: "destination_not_supported" });
    expect(!result.ok && result.message).toContain('HyperSKU does not ship "Product 1" to BR');
  });

  it("checks the province where HyperSKU ships to part of a country only", () => {
    const keyring = entry("1", { shipsTo: [{ countryCode: "CA", regionCodes: ["ON", "QC", "BC"] }] });
    expect(shipsToDestination(keyring, { countryCode: "CA", provinceCode: "ON" })).toBe(true);
    expect(shipsToDestination(keyring, { countryCode: "CA", provinceCode: "AB" })).toBe(false);
    expect(shipsToDestination(keyring, { countryCode: "CA", provinceCode: null })).toBe(false);
    expect(shipsToDestination(entry("2", { shipsTo: [] }), { countryCode: "CA", provinceCode: null })).toBeNull();
    const result = checkCatalogue([line("1")], entries(keyring), { countryCode: "CA", provinceCode: "AB" });
    expect(!result.ok && result.message).toContain("to CA (AB)");
  });

  it("ranks what blocks for good above what only waits", () => {
    const result = checkCatalogue(
      [line("1"), line("2"), line("3")],
      entries(entry("1", { sourcing: "not_sourced" }), entry("2", { sourcing: "not_offered" }), entry("3", { productStatus: "DELETED" })),
      US,
    );
    expect(result).toMatchObject({ ok: false, code: "product_deleted", products: [{ variantIds: ["3"] }] });
    const withoutDeleted = checkCatalogue(
      [line("1"), line("2")],
      entries(entry("1", { sourcing: "not_sourced" }), entry("2", { sourcing: "not_offered" })),
      US,
    );
    expect(withoutDeleted).toMatchObject({ ok: false, code: "sku_not_offered" });
    expect(!withoutDeleted.ok && withoutDeleted.message).toContain("HyperSKU no longer offers");
  });

  it("names a product once for several of its variants", () => {
    const result = checkCatalogue(
      [line("1"), line("2")],
      entries(entry("1", { sourcing: "sourcing", productId: "p" }), entry("2", { sourcing: "sourcing", productId: "p" })),
      US,
    );
    expect(result).toMatchObject({ ok: false, products: [{ variantIds: ["1", "2"] }] });
  });
});
