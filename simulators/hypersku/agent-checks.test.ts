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

  it("allows the items to pass a total with no shipping or tax by their rounding to the cent: half a cent a unit, no more", () => {
    // $10.01 for 3 units is $3.3367 each, sent as 3.34: 10.02, 1 cent over for 3 units (up to 1.5 allowed).
    const line = { price: 3.34, quantity: 3 };
    expect(agentProblems(order({ totalPrice: 10.01, totalShippingPrice: 0 }, line))).toEqual([]);
    // 2 cents over for 3 units is more than rounding can make.
    expect(agentProblems(order({ totalPrice: 10, totalShippingPrice: 0 }, line))).toEqual([
      "the items (10.02) cost more than totalPrice (10), beyond rounding each unit's price (at most half a minor unit for each of the 3 units)",
    ]);
    // Two lines of 1 unit each may round up half a cent each: 1 cent in all.
    const two = order({ totalPrice: 3.99, totalShippingPrice: 0 });
    two.lineItems = [
      { ...two.lineItems[0], price: 2, quantity: 1 },
      { ...two.lineItems[0], storeOrderLineItemId: "15010000000002", price: 2, quantity: 1 },
    ];
    expect(agentProblems(two)).toEqual([]);
    expect(agentProblems({ ...two, totalPrice: 3.98 })).toHaveLength(1);
  });

  it("refuses items that cost more than the order's total and prices finer than the currency", () => {
    expect(agentProblems(order({ totalPrice: 40 }))).toEqual([
      "the items (48) cost more than totalPrice (40), beyond rounding each unit's price (at most half a minor unit for each of the 2 units)",
    ]);
    expect(agentProblems(order({ currency: "JPY", totalPrice: 5000 }, { price: 1499.5 }))).toEqual([
      "lineItems[0].price has more decimals than JPY allows",
    ]);
  });
});
