import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { lineSkipCode, productUrl, shippableQuantity, unitPriceAfterDiscounts, variantAttr } from "./map-line-items";
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
