import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import {
  lineItemWarnings,
  lineSkipCode,
  missingProductCode,
  productUrl,
  shippableQuantity,
  TITLE_WARN_LENGTH,
  unitPriceAfterDiscounts,
  variantAttr,
} from "./map-line-items";
import type { ShopifyLineItemSnapshot } from "~/models/order-snapshot";

const line = (overrides: Partial<ShopifyLineItemSnapshot> = {}): ShopifyLineItemSnapshot => ({
  ...buildOrderSnapshot().lineItems[0],
  ...overrides,
});

describe("shippableQuantity", () => {
  it.each([
    [{ quantity: 3, currentQuantity: 3, fulfillableQuantity: 3, refundedQuantity: 0 }, 3],
    [{ quantity: 3, currentQuantity: 2, fulfillableQuantity: 2, refundedQuantity: 1 }, 2],
    [{ quantity: 3, currentQuantity: null, fulfillableQuantity: null, refundedQuantity: 1 }, 2],
    [{ quantity: 3, currentQuantity: 3, fulfillableQuantity: 3, refundedQuantity: 1 }, 2],
    [{ quantity: 3, currentQuantity: 1, fulfillableQuantity: 3, refundedQuantity: 0 }, 1],
    [{ quantity: 3, currentQuantity: 3, fulfillableQuantity: 0, refundedQuantity: 0 }, 0],
    [{ quantity: 1, currentQuantity: null, fulfillableQuantity: null, refundedQuantity: 5 }, 0],
  ])("%j ships %i", (counts, expected) => {
    expect(shippableQuantity(line(counts))).toBe(expected);
  });
});

describe("lineSkipCode", () => {
  it.each([
    [{}, null],
    [{ isGiftCard: true }, "gift_card"],
    [{ requiresShipping: false }, "no_shipping_required"],
    [{ quantity: 2, refundedQuantity: 2, currentQuantity: 0 }, "refunded"],
    [{ quantity: 2, currentQuantity: 0 }, "removed"],
    [{ quantity: 0, currentQuantity: null }, "removed"],
    [{ fulfillableQuantity: 0 }, "fulfilled"],
  ] as const)("%j -> %s", (overrides, code) => {
    expect(lineSkipCode(line(overrides))).toBe(code);
  });
});

describe("variantAttr", () => {
  it.each([
    [{ variantTitle: "Blue / L" }, "Blue / L"],
    [{ variantTitle: "Default Title", options: [{ name: "Title", value: "Default Title" }] }, undefined],
    [
      {
        variantTitle: null,
        options: [
          { name: "Color", value: "Blue" },
          { name: "Size", value: " L " },
        ],
      },
      "Color: Blue / Size: L",
    ],
    [{ variantTitle: " ", options: [] }, undefined],
  ])("%j -> %s", (overrides, expected) => {
    expect(variantAttr(line(overrides))).toBe(expected);
  });
});

describe("unitPriceAfterDiscounts", () => {
  it.each([
    [{ unitPrice: "24.00", discountTotal: "5.00", quantity: 2 }, "USD", 21.5],
    [{ unitPrice: "10.00", discountTotal: "1.00", quantity: 3 }, "USD", 9.67],
    [{ unitPrice: "1500", discountTotal: "100", quantity: 3 }, "JPY", 1467],
    [{ unitPrice: "5.000", discountTotal: "0.001", quantity: 1 }, "KWD", 4.999],
    [{ unitPrice: "5.00", discountTotal: "9.00", quantity: 1 }, "USD", 0],
    [{ unitPrice: null, discountTotal: "0.00", quantity: 1 }, "USD", null],
  ])("%j in %s -> %s", (overrides, currency, expected) => {
    expect(unitPriceAfterDiscounts(line(overrides), currency)).toBe(expected);
  });
});

describe("productUrl", () => {
  it("links to the storefront product when the handle is known", () => {
    expect(productUrl("shop.myshopify.com", "ceramic-mug")).toBe("https://shop.myshopify.com/products/ceramic-mug");
    expect(productUrl("shop.myshopify.com", "茶碗")).toBe("https://shop.myshopify.com/products/%E8%8C%B6%E7%A2%97");
    expect(productUrl("shop.myshopify.com", null)).toBeUndefined();
  });
});

describe("missingProductCode", () => {
  const gone = { productId: null, variantId: null, productHandle: null, options: [] };

  it("finds nothing missing on a line that names its product or variant", () => {
    expect(missingProductCode(line())).toBeNull();
    expect(missingProductCode(line({ productId: null }))).toBeNull();
  });

  it.each([
    [{ sku: "MUG-BLUE" }],
    [{ sku: null, variantTitle: "Blue / L" }],
    [{ sku: null, variantTitle: null, options: [{ name: "Color", value: "Blue" }] }],
    [{ sku: null, variantTitle: null, productHandle: "blue-mug" }],
  ])("calls a line whose product and variant Shopify cleared, but which keeps %j, a deleted product", (kept) => {
    expect(missingProductCode(line({ ...gone, ...kept }))).toBe("product_deleted");
  });

  it("calls a line with nothing of a product a custom item", () => {
    expect(missingProductCode(line({ ...gone, sku: null, variantTitle: null }))).toBe("custom_line_item");
    expect(missingProductCode(line({ ...gone, sku: " ", variantTitle: "Default Title" }))).toBe("custom_line_item");
  });
});

describe("lineItemWarnings", () => {
  it("says nothing of a title Shopify's product editor allows", () => {
    expect(lineItemWarnings({ storeOrderLineItemId: "1", title: "x".repeat(TITLE_WARN_LENGTH) })).toEqual([]);
    expect(lineItemWarnings({ storeOrderLineItemId: "1" })).toEqual([]);
  });

  it("warns about a longer title, naming the item and the limit", () => {
    const title = `Handmade ceramic mug ${"with a very long description ".repeat(10)}`;
    const [warning] = lineItemWarnings({ storeOrderLineItemId: "1", title });
    expect(warning).toContain(`“Handmade ceramic mug with a very long description with a ve…” has a title of ${title.length} characters`);
    expect(warning).toContain(`longer than the ${TITLE_WARN_LENGTH}`);
  });
});
