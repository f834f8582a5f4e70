import {
  buildGraphqlAddress,
  buildGraphqlLineItem,
  buildGraphqlOrder,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  graphqlFulfillmentOrders,
  graphqlMoneyBag,
  JPY_ON_USD_SHOP,
  snapshotOfGraphql,
  snapshotOfRest,
  type JsonObject,
} from "../../../tests/support/order-factories";
import { parseGraphqlOrder } from "./parse-graphql-order";

function problemsOf(node: unknown) {
  const result = parseGraphqlOrder(node);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.problems;
}

describe("parseGraphqlOrder: a well-formed Order node", () => {
  it("reads the order into the same snapshot shape as the webhook", () => {
    const item = buildGraphqlLineItem({ unitPrice: "24.00", discounts: ["4.00"], overrides: { quantity: 2 } });
    const node = buildGraphqlOrder({
      lineItems: [item],
      overrides: { legacyResourceId: "5612345678901", name: "#1001", tags: ["VIP", " wholesale "] },
    });
    const order = snapshotOfGraphql(node);

    expect(order).toMatchObject({
      shopifyOrderId: "5612345678901",
      adminGraphqlId: "gid://shopify/Order/5612345678901",
      name: "#1001",
      orderNumber: 1001,
      createdAt: "2026-07-14T14:15:30.000Z",
      paidAt: "2026-07-14T14:15:31.000Z",
      financialStatus: "paid",
      fulfillmentStatus: "unfulfilled",
      tags: ["VIP", "wholesale"],
      currency: "USD",
      totalPrice: "52.20",
      totalDiscounts: "4.00",
    });
    const variantId = String((item.variant as JsonObject).id)
      .split("/")
      .at(-1);
    expect(order.lineItems).toEqual([
      {
        id: String(item.id).split("/").at(-1),
        productId: String((item.product as JsonObject).id)
          .split("/")
          .at(-1),
        variantId,
        sku: item.sku,
        title: item.title,
        variantTitle: "Blue / Large",
        name: item.name,
        options: [
          { name: "Color", value: "Blue" },
          { name: "Size", value: "Large" },
        ],
        properties: [],
        quantity: 2,
        currentQuantity: 2,
        fulfillableQuantity: 2,
        refundedQuantity: 0,
        requiresShipping: true,
        isGiftCard: false,
        unitPrice: "24.00",
        discountTotal: "4.00",
        productHandle: (item.product as JsonObject).handle,
        imageUrl: ((item.variant as JsonObject).image as JsonObject).url,
      },
    ]);
  });

  it("agrees with the REST parser on the same order", () => {
    const rest = snapshotOfRest(buildRestOrder({ lineItems: [] }));
    const graphql = snapshotOfGraphql(
      buildGraphqlOrder({
        lineItems: [],
        overrides: { legacyResourceId: rest.shopifyOrderId, name: rest.name, currentTotalPriceSet: graphqlMoneyBag("8.20") },
      }),
    );
    // The GraphQL read has no customer (it needs the read_customers scope): only REST names the customer's id.
    const differs = ["paidAt", "updatedAt", "customerId"] as const;
    expect(graphql.customerId).toBeUndefined();
    expect(rest.customerId).toMatch(/^\d+$/);
    for (const key of Object.keys(rest) as (keyof typeof rest)[]) {
      if (!(differs as readonly string[]).includes(key)) expect([key, graphql[key]]).toEqual([key, rest[key]]);
    }
  });

  it("reads the delivery method from the fulfillment orders, else from the shipping line's category", () => {
    const methodOf = (overrides: JsonObject) => snapshotOfGraphql(buildGraphqlOrder({ overrides })).deliveryMethod;
    expect(methodOf({ shippingAddress: null, fulfillmentOrders: graphqlFulfillmentOrders("PICK_UP") })).toBe("pickup");
    expect(methodOf({ fulfillmentOrders: graphqlFulfillmentOrders("LOCAL") })).toBe("local_delivery");
    expect(methodOf({ fulfillmentOrders: graphqlFulfillmentOrders("PICK_UP", "SHIPPING") })).toBe("shipping");
    expect(methodOf({ fulfillmentOrders: graphqlFulfillmentOrders("SHIPPING"), shippingLine: { deliveryCategory: "local" } })).toBe(
      "shipping",
    );
    expect(methodOf({ fulfillmentOrders: graphqlFulfillmentOrders(), shippingLine: { deliveryCategory: "local" } })).toBe("local_delivery");
    expect(methodOf({ fulfillmentOrders: { edges: [{ node: { deliveryMethod: { methodType: "PICK_UP" } } }] } })).toBe("pickup");
    expect(methodOf({ fulfillmentOrders: graphqlFulfillmentOrders("PICKUP_POINT"), shippingLine: null })).toBe("shipping");
    expect(methodOf({})).toBe("shipping");
  });

  it("reads the order number from a plain name, not from one with the shop's own prefix", () => {
    expect(snapshotOfGraphql(buildGraphqlOrder({ overrides: { name: "#1042" } })).orderNumber).toBe(1042);
    expect(snapshotOfGraphql(buildGraphqlOrder({ overrides: { name: "SO-1042-B" } })).orderNumber).toBeNull();
  });

  it("takes the numeric id from the GID when legacyResourceId is not selected", () => {
    const node = buildGraphqlOrder({ overrides: { id: "gid://shopify/Order/777", legacyResourceId: undefined as never } });
    expect(snapshotOfGraphql(node).shopifyOrderId).toBe("777");
  });

  it("accepts connections as edges as well as nodes", () => {
    const item = buildGraphqlLineItem();
    const order = snapshotOfGraphql(buildGraphqlOrder({ overrides: { lineItems: { edges: [{ node: item }] } } }));
    expect(order.lineItems).toHaveLength(1);
  });

  it("keeps presentment money and zero-decimal currencies", () => {
    const eur = snapshotOfGraphql(
      buildGraphqlOrder({ money: EUR_ON_USD_SHOP, lineItems: [buildGraphqlLineItem({ money: EUR_ON_USD_SHOP, unitPrice: "19.90" })] }),
    );
    expect([eur.currency, eur.shopCurrency, eur.lineItems[0].unitPrice]).toEqual(["EUR", "USD", "19.90"]);
    const jpy = snapshotOfGraphql(
      buildGraphqlOrder({
        money: JPY_ON_USD_SHOP,
        shipping: "800",
        tax: "0",
        lineItems: [buildGraphqlLineItem({ money: JPY_ON_USD_SHOP, unitPrice: "1500" })],
      }),
    );
    expect([jpy.totalPrice, jpy.lineItems[0].unitPrice]).toEqual(["2300", "1500"]);
  });

  it("sums refunded quantities from refund line items", () => {
    const item = buildGraphqlLineItem({ overrides: { quantity: 3, currentQuantity: 1, unfulfilledQuantity: 1 } });
    const refunds = [1, 1].map((quantity) => ({ refundLineItems: { nodes: [{ lineItem: { id: item.id }, quantity }] } }));
    const order = snapshotOfGraphql(buildGraphqlOrder({ lineItems: [item], overrides: { refunds } }));
    expect(order.lineItems[0]).toMatchObject({ quantity: 3, currentQuantity: 1, refundedQuantity: 2 });
  });

  it("reads what the order comes to after refunds; unknown when the node lacks it", () => {
    const refunded = buildGraphqlOrder({
      money: EUR_ON_USD_SHOP,
      overrides: { displayFinancialStatus: "REFUNDED", currentTotalPriceSet: graphqlMoneyBag("0.00", EUR_ON_USD_SHOP) },
    });
    expect(snapshotOfGraphql(refunded)).toMatchObject({ financialStatus: "refunded", currentTotalPrice: "0.00" });
    expect(snapshotOfGraphql(buildGraphqlOrder()).currentTotalPrice).toBeNull();
  });

  it("takes the paid time from the last successful sale or capture, only for paid orders", () => {
    const transactions = [
      { kind: "AUTHORIZATION", status: "SUCCESS", processedAt: "2026-07-14T14:00:00Z" },
      { kind: "CAPTURE", status: "FAILURE", processedAt: "2026-07-15T09:00:00Z" },
      { kind: "CAPTURE", status: "SUCCESS", processedAt: "2026-07-15T10:00:00+02:00" },
    ];
    expect(snapshotOfGraphql(buildGraphqlOrder({ overrides: { transactions } })).paidAt).toBe("2026-07-15T08:00:00.000Z");
    const pending = buildGraphqlOrder({ overrides: { transactions, displayFinancialStatus: "AUTHORIZED" } });
    expect(snapshotOfGraphql(pending).paidAt).toBeNull();
    expect(snapshotOfGraphql(buildGraphqlOrder({ overrides: { transactions: [] } })).paidAt).toBeNull();
  });

  it("reads the order note like the webhook does", () => {
    expect(snapshotOfGraphql(buildGraphqlOrder({ overrides: { note: "Gift wrap, please" } })).note).toBe("Gift wrap, please");
    expect(snapshotOfGraphql(buildGraphqlOrder()).note).toBeNull();
  });

  it("reads the money the total is made of: shipping after its discounts, tax inclusion, duties as placed, tips", () => {
    const order = snapshotOfGraphql(
      buildGraphqlOrder({
        money: EUR_ON_USD_SHOP,
        shipping: "4.90", // totalShippingPriceSet: before discounts
        overrides: {
          taxesIncluded: true,
          shippingLines: { nodes: [{ discountedPriceSet: graphqlMoneyBag("0.00", EUR_ON_USD_SHOP) }] },
          originalTotalDutiesSet: graphqlMoneyBag("7.10", EUR_ON_USD_SHOP),
          currentTotalDutiesSet: graphqlMoneyBag("0.00", EUR_ON_USD_SHOP),
          totalTipReceivedSet: graphqlMoneyBag("2.00", EUR_ON_USD_SHOP),
        },
      }),
    );
    expect(order).toMatchObject({
      totalShipping: "0.00",
      taxesIncluded: true,
      totalDuties: "7.10",
      totalTip: "2.00",
      unallocatedDiscount: "0.00",
    });

    const older = snapshotOfGraphql(buildGraphqlOrder({ shipping: "5.00" })); // a node read without these fields
    expect(older).toMatchObject({ totalShipping: "5.00", taxesIncluded: false, totalDuties: "0.00", totalTip: "0.00" });
  });

  it("derives the discount from unit prices when allocations were not selected", () => {
    const item = buildGraphqlLineItem({ unitPrice: "10.00", discounts: ["3.00"], overrides: { quantity: 2 } });
    delete item.discountAllocations;
    expect(snapshotOfGraphql(buildGraphqlOrder({ lineItems: [item] })).lineItems[0].discountTotal).toBe("3.00");
  });

  it("prefers the variant image, then the line item's; options and attributes come along", () => {
    const item = buildGraphqlLineItem({
      overrides: {
        variant: { id: "gid://shopify/ProductVariant/1", sku: "V-SKU", selectedOptions: [{ name: "Size", value: "M" }], image: null },
        sku: null,
        customAttributes: [{ key: "Engraving", value: "Ada" }],
      },
    });
    const [line] = snapshotOfGraphql(buildGraphqlOrder({ lineItems: [item] })).lineItems;
    expect(line.imageUrl).toBe((item.image as JsonObject).url);
    expect(line.sku).toBe("V-SKU");
    expect(line.options).toEqual([{ name: "Size", value: "M" }]);
    expect(line.properties).toEqual([{ name: "Engraving", value: "Ada" }]);
  });

  it("falls back to the customer's contact details when the order has none", () => {
    const order = snapshotOfGraphql(
      buildGraphqlOrder({
        overrides: {
          email: null,
          phone: null,
          customer: { defaultEmailAddress: { emailAddress: "c@example.org" }, defaultPhoneNumber: { phoneNumber: "+15550100" } },
        },
      }),
    );
    expect([order.email, order.phone]).toEqual(["c@example.org", "+15550100"]);
  });

  it("reads the address with countryCodeV2 and custom attributes as note attributes", () => {
    const order = snapshotOfGraphql(
      buildGraphqlOrder({
        overrides: {
          shippingAddress: buildGraphqlAddress({ countryCodeV2: "JP", city: "千代田区" }),
          customAttributes: [{ key: "tax_id", value: "T-1" }],
        },
      }),
    );
    expect(order.shippingAddress).toMatchObject({ countryCode: "JP", city: "千代田区" });
    expect(order.noteAttributes).toEqual([{ name: "tax_id", value: "T-1" }]);
  });

  it("lowercases statuses such as PARTIALLY_FULFILLED", () => {
    const order = snapshotOfGraphql(
      buildGraphqlOrder({ overrides: { displayFulfillmentStatus: "PARTIALLY_FULFILLED", displayFinancialStatus: "PARTIALLY_REFUNDED" } }),
    );
    expect([order.fulfillmentStatus, order.financialStatus]).toEqual(["partially_fulfilled", "partially_refunded"]);
  });
});

describe("parseGraphqlOrder: malformed nodes", () => {
  it.each([null, "gid://shopify/Order/1", 7, [], false])("refuses %j as a whole", (node) => {
    expect(problemsOf(node)).toEqual([{ path: "(order)", message: expect.stringMatching(/^must be an Order object/) }]);
  });

  it("says when the id is missing or not a GID", () => {
    const { id: _id, ...node } = buildGraphqlOrder();
    expect(problemsOf(node)).toEqual([{ path: "id", message: "is missing" }]);
    expect(problemsOf(buildGraphqlOrder({ overrides: { id: "123" } }))).toEqual([
      { path: "id", message: 'must be a Shopify id such as "gid://shopify/Order/123" (got text "123")' },
    ]);
  });

  it("names the field of a line item with a wrong type", () => {
    const item = { ...buildGraphqlLineItem(), quantity: null, originalUnitPriceSet: { presentmentMoney: { amount: "x" } } };
    const problems = problemsOf(buildGraphqlOrder({ overrides: { lineItems: { nodes: [buildGraphqlLineItem(), item] } } }));
    expect(problems).toEqual([
      { path: "lineItems.nodes[1].quantity", message: "must be a number (got null)" },
      {
        path: "lineItems.nodes[1].originalUnitPriceSet.presentmentMoney.amount",
        message: 'must be an amount such as "19.99" (got text "x")',
      },
    ]);
  });

  it("says when lineItems is missing or tags is not a list", () => {
    const { lineItems: _lineItems, ...node } = buildGraphqlOrder();
    expect(problemsOf({ ...node, tags: "VIP" })).toEqual([
      { path: "tags", message: 'must be a list (got text "VIP")' },
      { path: "lineItems", message: "is missing" },
    ]);
  });

  it("never throws, whatever any field holds", () => {
    const node = buildGraphqlOrder();
    const junk = [null, "x", -1, 1.5, true, [], {}, [null], { nodes: "x" }];
    for (const key of Object.keys(node)) {
      for (const value of junk) {
        expect(() => parseGraphqlOrder({ ...node, [key]: value })).not.toThrow();
      }
    }
    const item = (node.lineItems as { nodes: JsonObject[] }).nodes[0];
    for (const key of Object.keys(item)) {
      for (const value of junk) {
        const broken = { ...node, lineItems: { nodes: [{ ...item, [key]: value }] } };
        expect(() => parseGraphqlOrder(broken)).not.toThrow();
      }
    }
  });
});
