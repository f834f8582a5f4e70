import { guidanceFor, HYPERSKU_APP_URL, isLowStock } from "./guidance";

const row = (overrides: Partial<Parameters<typeof guidanceFor>[0]> = {}) => ({
  sourcing: "sourced" as const,
  excluded: false,
  productStatus: "ACTIVE",
  hyperskuProductUrl: "https://app.hypersku.com/product/detail/9",
  ...overrides,
});

describe("guidanceFor", () => {
  it("asks nothing of a sourced variant", () => {
    expect(guidanceFor(row())).toEqual({ badge: "Sourced", tone: "success", action: null, url: null });
  });

  it("sends a variant HyperSKU does not hold to HyperSKU's app to import it", () => {
    expect(guidanceFor(row({ sourcing: "not_linked", hyperskuProductUrl: null }))).toMatchObject({
      badge: "Not at HyperSKU",
      url: HYPERSKU_APP_URL,
    });
  });

  it("links the product's page at HyperSKU for what the merchant must ask there", () => {
    for (const sourcing of ["not_sourced", "unavailable", "not_offered"] as const) {
      const guidance = guidanceFor(row({ sourcing }));
      expect(guidance.url, sourcing).toBe("https://app.hypersku.com/product/detail/9");
      expect(guidance.action, sourcing).toBeTruthy();
    }
  });

  it("says deleted and excluded before HyperSKU's state: nothing to do at HyperSKU for them", () => {
    expect(guidanceFor(row({ productStatus: "DELETED", sourcing: "not_offered" }))).toMatchObject({
      badge: "Deleted in Shopify",
      url: null,
    });
    expect(guidanceFor(row({ excluded: true, sourcing: "not_linked" }))).toMatchObject({ badge: "Excluded by your rules", url: null });
  });
});

describe("isLowStock", () => {
  it("is stock held by HyperSKU at or below the threshold, never a variant bought per order", () => {
    expect(isLowStock({ sourcing: "sourced", stock: 10 }, 10)).toBe(true);
    expect(isLowStock({ sourcing: "sourced", stock: 11 }, 10)).toBe(false);
    expect(isLowStock({ sourcing: "sourced", stock: 0 }, 10)).toBe(true);
    expect(isLowStock({ sourcing: "sourced", stock: null }, 10)).toBe(false);
    expect(isLowStock({ sourcing: "not_offered", stock: 3 }, 10)).toBe(false);
  });
});
