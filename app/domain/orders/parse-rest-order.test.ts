import {
  buildRestAddress,
  buildRestLineItem,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  JPY_ON_USD_SHOP,
  restLocalDeliveryOverrides,
  restMoneySet,
  restPickupOverrides,
  restRefund,
  snapshotOfRest,
  type JsonObject,
} from "../../../tests/support/order-factories";
import { parseRestOrderWebhook } from "./parse-rest-order";

function problemsOf(payload: unknown) {
  const result = parseRestOrderWebhook(payload);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.problems;
}

function withoutKey(payload: JsonObject, key: string): JsonObject {
  const copy = { ...payload };
  delete copy[key];
  return copy;
}

describe("parseRestOrderWebhook: a well-formed webhook", () => {
  it("reads the order into the app's snapshot", () => {
    const item = buildRestLineItem({ unitPrice: "24.00", discounts: ["4.00"], overrides: { quantity: 2, sku: "MUG-BLUE-L" } });
    const payload = buildRestOrder({
      lineItems: [item],
      shipping: "5.00",
      tax: "3.20",
      overrides: { id: 5_612_345_678_901, name: "#1001", order_number: 1001, tags: " VIP, wholesale ,, " },
    });
    const order = snapshotOfRest(payload);

    expect(order).toMatchObject({
      shopifyOrderId: "5612345678901",
      adminGraphqlId: "gid://shopify/Order/5612345678901",
      name: "#1001",
      orderNumber: 1001,
      createdAt: "2026-07-14T14:15:30.000Z",
      processedAt: "2026-07-14T14:15:29.000Z",
      updatedAt: "2026-07-14T14:16:02.000Z",
      cancelledAt: null,
      closedAt: null,
      paidAt: null,
      financialStatus: "paid",
      fulfillmentStatus: "unfulfilled",
      test: false,
      tags: ["VIP", "wholesale"],
      email: "ada@example.com",
      currency: "USD",
      shopCurrency: "USD",
      totalPrice: "52.20",
      totalTax: "3.20",
      totalShipping: "5.00",
      totalDiscounts: "4.00",
      noteAttributes: [],
    });
    expect(order.lineItems).toEqual([
      {
        id: String(item.id),
        productId: String(item.product_id),
        variantId: String(item.variant_id),
        sku: "MUG-BLUE-L",
        title: item.title,
        variantTitle: "Blue / Large",
        name: item.name,
        options: [],
        properties: [],
        quantity: 2,
        currentQuantity: 2,
        fulfillableQuantity: 2,
        refundedQuantity: 0,
        requiresShipping: true,
        isGiftCard: false,
        unitPrice: "24.00",
        discountTotal: "4.00",
        productHandle: null,
        imageUrl: null,
      },
    ]);
    expect(order.shippingAddress).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      company: null,
      address1: "1600 Amphitheatre Pkwy",
      address2: "Suite 12",
      city: "Mountain View",
      province: "California",
      provinceCode: "CA",
      country: "United States",
      countryCode: "US",
      zip: "94043",
      phone: "+1 650-555-0100",
    });
  });

  it("keeps amounts in the presentment currency, not the shop's", () => {
    const order = snapshotOfRest(
      buildRestOrder({
        money: EUR_ON_USD_SHOP,
        lineItems: [buildRestLineItem({ money: EUR_ON_USD_SHOP, unitPrice: "19.90" })],
        shipping: "4.90",
        tax: "0.00",
      }),
    );
    expect(order.currency).toBe("EUR");
    expect(order.shopCurrency).toBe("USD");
    expect(order.totalPrice).toBe("24.80");
    expect(order.totalShipping).toBe("4.90");
    expect(order.lineItems[0].unitPrice).toBe("19.90");
  });

  it("writes zero-decimal currencies without decimals", () => {
    const order = snapshotOfRest(
      buildRestOrder({
        money: JPY_ON_USD_SHOP,
        lineItems: [buildRestLineItem({ money: JPY_ON_USD_SHOP, unitPrice: "1500" })],
        shipping: "800",
        tax: "0",
      }),
    );
    expect(order.lineItems[0].unitPrice).toBe("1500");
    expect(order.totalPrice).toBe("2300");
  });

  it("falls back to the plain shop-currency fields only when the buyer paid in the shop's currency", () => {
    const sameCurrency = buildRestOrder({ overrides: { total_price_set: null, total_price: "52.2" } });
    expect(snapshotOfRest(sameCurrency).totalPrice).toBe("52.20");

    const otherCurrency = buildRestOrder({ money: EUR_ON_USD_SHOP, overrides: { total_price_set: null, total_price: "52.20" } });
    expect(snapshotOfRest(otherCurrency).totalPrice).toBeNull();
  });

  it("takes the presentment currency from the money sets when the field is missing, else the shop's", () => {
    const fromSets = buildRestOrder({ money: EUR_ON_USD_SHOP, overrides: { presentment_currency: null } });
    expect(snapshotOfRest(fromSets).currency).toBe("EUR");
    const single = buildRestOrder({ overrides: { presentment_currency: null, total_price_set: null } });
    expect(snapshotOfRest(single).currency).toBe("USD");
  });

  it("adds up shipping lines when the shipping total is missing", () => {
    const payload = buildRestOrder({
      overrides: {
        total_shipping_price_set: null,
        shipping_lines: [
          { price_set: restMoneySet("5.00"), discounted_price_set: restMoneySet("4.00") },
          { price_set: restMoneySet("1.10") },
        ],
      },
    });
    expect(snapshotOfRest(payload).totalShipping).toBe("5.10");
  });

  it("takes shipping after its discounts from the shipping lines: their allocations, else discounted_price, else price", () => {
    const shippingOf = (shipping_lines: JsonObject[], overrides: JsonObject = {}) =>
      snapshotOfRest(buildRestOrder({ overrides: { shipping_lines, ...overrides } })).totalShipping;
    // A free-shipping code: total_shipping_price_set (5.00) is before discounts, the allocation takes it all.
    expect(
      shippingOf([
        {
          price_set: restMoneySet("5.00"),
          discounted_price_set: restMoneySet("5.00"),
          discount_allocations: [{ amount_set: restMoneySet("5.00") }],
        },
      ]),
    ).toBe("0.00");
    expect(shippingOf([{ price_set: restMoneySet("5.00"), discounted_price_set: restMoneySet("3.50") }])).toBe("3.50");
    expect(shippingOf([{ price: "6.00", discounted_price: "4.00" }], { total_shipping_price_set: null })).toBe("4.00");
    expect(shippingOf([{ price: "6.00" }, { price: "1.25" }], { total_shipping_price_set: null })).toBe("7.25");
    // No readable line: Shopify's shipping total stands in.
    expect(shippingOf([])).toBe("5.00");
    expect(shippingOf([{ code: "Standard" }])).toBe("5.00");
  });

  it("reads tax inclusion, duties as placed and tips; a tip in the shop's currency only is unknown for a foreign-currency order", () => {
    const order = snapshotOfRest(
      buildRestOrder({
        overrides: {
          taxes_included: true,
          original_total_duties_set: restMoneySet("6.12"),
          current_total_duties_set: restMoneySet("0.00"),
          total_tip_received: "5.00",
        },
      }),
    );
    expect(order).toMatchObject({ taxesIncluded: true, totalDuties: "6.12", totalTip: "5.00" });
    const plain = snapshotOfRest(withoutKey(buildRestOrder(), "taxes_included"));
    expect(plain).toMatchObject({ taxesIncluded: false, totalDuties: "0.00", totalTip: "0.00" });
    const foreign = snapshotOfRest(buildRestOrder({ money: EUR_ON_USD_SHOP, overrides: { total_tip_received: "3.00" } }));
    expect(foreign.totalTip).toBeNull();
  });

  it("keeps an order discount given only as a total for allocation, less the lines' own and the shipping discounts", () => {
    const line = (price: string, total_discount: string) =>
      withoutKey(
        buildRestLineItem({ unitPrice: price, overrides: { total_discount_set: restMoneySet(total_discount) } }),
        "discount_allocations",
      );
    const order = snapshotOfRest(
      buildRestOrder({
        lineItems: [line("10.00", "1.00"), line("20.00", "0.00")],
        overrides: {
          total_discounts_set: restMoneySet("6.00"),
          shipping_lines: [{ price_set: restMoneySet("5.00"), discounted_price_set: restMoneySet("3.00") }],
        },
      }),
    );
    expect(order.unallocatedDiscount).toBe("3.00"); // 6.00 - 1.00 on a line - 2.00 off shipping
    const allocated = snapshotOfRest(buildRestOrder({ lineItems: [buildRestLineItem({ discounts: ["2.00"] })] }));
    expect(allocated.unallocatedDiscount).toBe("0.00");
  });

  it("sums refunded units per line item over all refunds", () => {
    const first = buildRestLineItem({ overrides: { quantity: 3 } });
    const second = buildRestLineItem();
    const payload = buildRestOrder({
      lineItems: [first, second],
      overrides: {
        financial_status: "partially_refunded",
        refunds: [
          restRefund([{ lineItem: first, quantity: 1 }]),
          restRefund([
            { lineItem: first, quantity: 1 },
            { lineItem: second, quantity: 1 },
          ]),
        ],
      },
    });
    const order = snapshotOfRest(payload);
    expect(order.lineItems.map((line) => line.refundedQuantity)).toEqual([2, 1]);
    expect(order.financialStatus).toBe("partially_refunded");
  });

  it("reads what the order comes to after refunds, in the presentment currency; unknown when the payload lacks it", () => {
    const refunded = snapshotOfRest(
      buildRestOrder({
        money: EUR_ON_USD_SHOP,
        overrides: { financial_status: "refunded", current_total_price_set: restMoneySet("0.00", EUR_ON_USD_SHOP) },
      }),
    );
    expect(refunded).toMatchObject({ financialStatus: "refunded", currency: "EUR", currentTotalPrice: "0.00" });
    const partly = snapshotOfRest(buildRestOrder({ overrides: { current_total_price_set: null, current_total_price: "41.20" } }));
    expect(partly.currentTotalPrice).toBe("41.20");
    expect(snapshotOfRest(withoutKey(buildRestOrder(), "current_total_price_set")).currentTotalPrice).toBeNull();
  });

  it("adds every discount allocation, and falls back to the line's total discount", () => {
    const allocated = buildRestLineItem({ unitPrice: "10.00", discounts: ["1.25", "0.75"] });
    const older = buildRestLineItem({
      unitPrice: "10.00",
      overrides: { discount_allocations: [], total_discount_set: restMoneySet("3.00") },
    });
    const order = snapshotOfRest(buildRestOrder({ lineItems: [allocated, older] }));
    expect(order.lineItems.map((line) => line.discountTotal)).toEqual(["2.00", "3.00"]);
  });

  it("normalizes statuses and fills contact details from the customer", () => {
    const order = snapshotOfRest(
      buildRestOrder({
        overrides: {
          fulfillment_status: "partial",
          financial_status: "PARTIALLY_PAID",
          email: "",
          contact_email: null,
          phone: null,
          customer: { email: "buyer@example.org", phone: "+44 20 7946 0000" },
        },
      }),
    );
    expect(order.fulfillmentStatus).toBe("partially_fulfilled");
    expect(order.financialStatus).toBe("partially_paid");
    expect(order.email).toBe("buyer@example.org");
    expect(order.phone).toBe("+44 20 7946 0000");
  });

  it("reads the order note as written, and a blank one as none", () => {
    expect(snapshotOfRest(buildRestOrder({ overrides: { note: "Leave at the back door\nthank you" } })).note).toBe(
      "Leave at the back door\nthank you",
    );
    expect(snapshotOfRest(buildRestOrder({ overrides: { note: "  " } })).note).toBeNull();
    expect(snapshotOfRest(buildRestOrder({ overrides: { note: null } })).note).toBeNull();
  });

  it("reads note attributes and line properties as text", () => {
    const item = buildRestLineItem({ overrides: { properties: [{ name: "Engraving", value: "For Ada" }] } });
    const order = snapshotOfRest(
      buildRestOrder({
        lineItems: [item],
        overrides: {
          note_attributes: [
            { name: "CPF", value: "12345678909" },
            { name: "gift", value: true },
          ],
        },
      }),
    );
    expect(order.noteAttributes).toEqual([
      { name: "CPF", value: "12345678909" },
      { name: "gift", value: "true" },
    ]);
    expect(order.lineItems[0].properties).toEqual([{ name: "Engraving", value: "For Ada" }]);
  });

  it("accepts ids sent as digit strings and a missing shipping address", () => {
    const order = snapshotOfRest(buildRestOrder({ overrides: { id: "5600000000999", shipping_address: null } }));
    expect(order.shopifyOrderId).toBe("5600000000999");
    expect(order.shippingAddress).toBeNull();
  });

  it("treats custom items (no product or variant) and missing flags sensibly", () => {
    const custom = buildRestLineItem({
      overrides: { product_id: null, variant_id: null, sku: "", requires_shipping: undefined as never, gift_card: null },
    });
    const [line] = snapshotOfRest(buildRestOrder({ lineItems: [custom] })).lineItems;
    expect(line).toMatchObject({ productId: null, variantId: null, sku: null, requiresShipping: true, isGiftCard: false });
  });

  it("upper-cases the country code", () => {
    const order = snapshotOfRest(buildRestOrder({ overrides: { shipping_address: buildRestAddress({ country_code: "de" }) } }));
    expect(order.shippingAddress?.countryCode).toBe("DE");
  });
});

describe("parseRestOrderWebhook: the delivery method", () => {
  const shippingLine = (line: JsonObject) => ({ shipping_lines: [{ ...(buildRestOrder().shipping_lines as JsonObject[])[0], ...line }] });
  const methodOf = (overrides: JsonObject) => snapshotOfRest(buildRestOrder({ overrides })).deliveryMethod;

  it("reads a pickup from the shipping line's delivery category", () => {
    expect(methodOf(restPickupOverrides())).toBe("pickup");
    expect(methodOf(shippingLine({ delivery_category: "pick-up" }))).toBe("pickup");
  });

  it("reads Shopify's own local delivery rate, which leaves the category empty", () => {
    expect(methodOf(restLocalDeliveryOverrides())).toBe("local_delivery");
    expect(methodOf(shippingLine({ delivery_category: "local" }))).toBe("local_delivery");
  });

  it("calls anything else a shipment: ordinary rates, a carrier's rate named like local delivery, no shipping line", () => {
    expect(methodOf({})).toBe("shipping");
    expect(methodOf(shippingLine({ source: "usps", code: "Local Delivery", delivery_category: null }))).toBe("shipping");
    expect(methodOf({ shipping_lines: [] })).toBe("shipping");
    expect(methodOf({ shipping_lines: null })).toBe("shipping");
  });

  it("calls an order a shipment when any of its lines ships", () => {
    const pickup = (restPickupOverrides().shipping_lines as JsonObject[])[0];
    const standard = (buildRestOrder().shipping_lines as JsonObject[])[0];
    expect(methodOf({ shipping_lines: [pickup, standard] })).toBe("shipping");
  });
});

describe("parseRestOrderWebhook: malformed payloads", () => {
  it.each([null, undefined, "order", 42, true, [], [buildRestOrder()]])("refuses %j as a whole", (payload) => {
    expect(problemsOf(payload)).toEqual([
      { path: "(order)", message: expect.stringMatching(/^must be an object with the order's fields \(got .+\)$/) },
    ]);
  });

  it("says when the id is missing", () => {
    const { id: _id, ...payload } = buildRestOrder();
    expect(problemsOf(payload)).toEqual([{ path: "id", message: "is missing" }]);
  });

  it("says when the id is not a Shopify id", () => {
    expect(problemsOf(buildRestOrder({ overrides: { id: "abc" } }))).toEqual([
      { path: "id", message: 'must be a numeric Shopify id (got text "abc")' },
    ]);
  });

  it("says when line_items is not a list", () => {
    expect(problemsOf(buildRestOrder({ overrides: { line_items: "mug" } }))).toEqual([
      { path: "line_items", message: 'must be a list (got text "mug")' },
    ]);
  });

  it("names the exact field of a line item with a wrong type", () => {
    const item = buildRestLineItem({ overrides: { quantity: "2" } });
    expect(problemsOf(buildRestOrder({ lineItems: [buildRestLineItem(), item] }))).toEqual([
      { path: "line_items[1].quantity", message: 'must be a number (got text "2")' },
    ]);
  });

  it("reports every problem at once", () => {
    const problems = problemsOf(
      buildRestOrder({
        overrides: { created_at: "yesterday", test: "no", tags: 5, total_price_set: { presentment_money: { amount: "ten" } } },
      }),
    );
    expect(problems.map((problem) => problem.path)).toEqual(["created_at", "test", "tags", "total_price_set.presentment_money.amount"]);
    expect(problems[0].message).toBe('must be a date and time such as 2024-05-01T12:00:00Z (got text "yesterday")');
    expect(problems[3].message).toBe('must be an amount such as "19.99" (got text "ten")');
  });

  it("refuses fractional and negative quantities", () => {
    expect(
      problemsOf(
        buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { quantity: 1.5, current_quantity: 1, fulfillable_quantity: 1 } })] }),
      ),
    ).toEqual([{ path: "line_items[0].quantity", message: "must be a whole number (got the number 1.5)" }]);
    expect(problemsOf(buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { fulfillable_quantity: -1 } })] }))).toEqual([
      { path: "line_items[0].fulfillable_quantity", message: "must not be negative (got the number -1)" },
    ]);
  });

  it("handles truncated payloads: only an id, or a null line item", () => {
    expect(problemsOf({ id: 1 })).toEqual([{ path: "line_items", message: "is missing" }]);
    expect(problemsOf(buildRestOrder({ overrides: { line_items: [null] } }))).toEqual([
      { path: "line_items[0]", message: "must be an object (got null)" },
    ]);
  });

  it("never throws, whatever any field holds", () => {
    const payload = buildRestOrder({
      overrides: { refunds: [restRefund([{ lineItem: buildRestLineItem(), quantity: 1 }])] },
    });
    const junk = [null, "x", -1, 1.5, true, [], {}, [null], { amount: {} }];
    const paths: string[][] = [
      ...Object.keys(payload).map((key) => [key]),
      ...Object.keys((payload.line_items as JsonObject[])[0]).map((key) => ["line_items", "0", key]),
      ...Object.keys(payload.shipping_address as JsonObject).map((key) => ["shipping_address", key]),
      ["refunds", "0", "refund_line_items"],
    ];
    for (const path of paths) {
      for (const value of junk) {
        const copy = structuredClone(payload) as JsonObject;
        let target = copy as Record<string, unknown>;
        for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
        target[path.at(-1) as string] = value;
        const result = parseRestOrderWebhook(copy);
        if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("parseRestOrderWebhook: dates", () => {
  it.each(["2026-07-14T10:15:30-04:00", "2026-07-14T14:15:30Z", "2026-07-14T14:15:30.123456Z", "2026-07-14T16:15:30+0200"])(
    "accepts %s and stores it in UTC",
    (createdAt) => {
      expect(snapshotOfRest(buildRestOrder({ overrides: { created_at: createdAt } })).createdAt).toMatch(/^2026-07-14T14:15:30\.\d{3}Z$/);
    },
  );

  it.each(["1", "2026-07-14", "2026-07-14T14:15:30", "July 14, 2026", "2026-13-45T99:00:00Z"])("refuses %s", (createdAt) => {
    expect(problemsOf(buildRestOrder({ overrides: { created_at: createdAt } }))).toEqual([
      { path: "created_at", message: `must be a date and time such as 2024-05-01T12:00:00Z (got text ${JSON.stringify(createdAt)})` },
    ]);
  });
});
