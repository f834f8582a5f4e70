import { agentProblems } from "./agent-checks";
import type { ExternalOrder } from "./validation";

function order(overrides: Partial<ExternalOrder> = {}, line: Partial<ExternalOrder["lineItems"][number]> = {}): ExternalOrder {
  return {
    storeOrderId: "5701000000001",
    storeCode: "ada-mugs.myshopify.com",
    currency: "USD",
    totalPrice: 54,
    totalShippingPrice: 6,
    taxAmount: 0,
    shippingAddress: { address1: "12 Orchard St", city: "New York", countryCode: "US", firstName: "Ada" },
    lineItems: [
      {
        storeOrderLineItemId: "15010000000001",
        storeProductId: "72010000000001",
        storeVariantId: "43010000000001",
        title: "Ceramic Mug",
        variantImg: "https://cdn.shopify.com/s/files/1/0700/1234/files/ceramic-mug.jpg",
        productUrl: "https://ada-mugs.myshopify.com/products/ceramic-mug",
        price: 24,
        quantity: 2,
        ...line,
      },
    ],
    ...overrides,
  };
}

describe("what an agent needs to fulfil an order", () => {
  it("accepts an identified, pictured, linked order whose items cost no more than its total", () => {
    expect(agentProblems(order())).toEqual([]);
  });

  it("names each missing identification of an item", () => {
    expect(
      agentProblems(
        order(
          {},
          { storeProductId: undefined, storeVariantId: undefined, variantImg: "http://cdn.example/x.jpg", productUrl: "/products/x" },
        ),
      ),
    ).toEqual([
      "lineItems[0] names no product and variant: the agent cannot tell what to buy",
      "lineItems[0].variantImg must be an https image URL the agent can open",
      "lineItems[0].productUrl must be an https link to the product page",
    ]);
  });

  it("refuses items that cost more than the order's total and prices finer than the currency", () => {
    expect(agentProblems(order({ totalPrice: 40 }))).toEqual(["the items (48) cost more than totalPrice (40)"]);
    expect(agentProblems(order({ currency: "JPY", totalPrice: 5000 }, { price: 1499.5 }))).toEqual([
      "lineItems[0].price has more decimals than JPY allows",
    ]);
  });
});
