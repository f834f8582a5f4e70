import { readFileSync } from "node:fs";
import path from "node:path";
import { externalOrderSchema, type ExternalOrder } from "~/integrations/hypersku/schemas";
import { externalOrderSchema as twinExternalOrderSchema } from "../../../simulators/hypersku/validation";
import {
  buildGraphqlLineItem,
  buildGraphqlOrder,
  buildOrderSnapshot,
  buildRestAddress,
  buildRestLineItem,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  JPY_ON_USD_SHOP,
  restMoneySet,
  restRefund,
  snapshotOfGraphql,
  snapshotOfRest,
  type JsonObject,
} from "../../../tests/support/order-factories";
import { mapOrderToExternalOrder, type MapResult, normalizeShopDomain, type Routing } from "./map-order";
import { parseAnyOrder } from "./parse-any-order";
import { NO_PRODUCT_RULES } from "./route-lines";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

const SHOP = { domain: "example-shop.myshopify.com", name: "Example Shop", platformCode: 1 };

/** Every request the mapper hands out must pass our schema and the strict offline twin of HyperSKU. */
function expectSent(result: MapResult) {
  if (!result.ok) throw new Error(`expected a request, got ${JSON.stringify(result.reasons)}`);
  expect(externalOrderSchema.parse(result.request)).toEqual(result.request);
  const twin = twinExternalOrderSchema.safeParse(result.request);
  expect(twin.success ? [] : twin.error.issues).toEqual([]);
  return result;
}

function expectRefused(result: MapResult) {
  if (result.ok) throw new Error(`expected reasons, got a request: ${JSON.stringify(result.request)}`);
  return result.reasons;
}

const mapRest = (payload: JsonObject) => mapOrderToExternalOrder(snapshotOfRest(payload), SHOP);
const mapGraphql = (node: JsonObject) => mapOrderToExternalOrder(snapshotOfGraphql(node), SHOP);
const withAddress = (overrides: JsonObject) => buildRestOrder({ overrides: { shipping_address: buildRestAddress(overrides) } });

describe("mapOrderToExternalOrder: a paid multi-item order", () => {
  it("follows the mapping table field by field", () => {
    const mug = buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2, sku: "MUG-BLUE-L" } });
    const tee = buildRestLineItem({ unitPrice: "12.50", overrides: { sku: "TEE-M", variant_title: "M", title: "T-shirt" } });
    const payload = buildRestOrder({
      lineItems: [mug, tee],
      shipping: "5.00",
      tax: "3.20",
      overrides: { id: 5_612_345_678_901, name: "#1001", phone: "+1 650-555-0199" },
    });

    const { request, skippedLineItems } = expectSent(mapRest(payload));

    expect(request).toEqual<ExternalOrder>({
      storeOrderId: "5612345678901",
      storeOrderNo: "#1001",
      storeCode: "example-shop.myshopify.com",
      storeName: "Example Shop",
      platform: 1,
      createdAt: "2026-07-14T14:15:30.000Z",
      paidAt: "2026-07-14T14:15:29.000Z",
      currency: "USD",
      isPaid: true,
      status: "paid",
      totalPrice: 68.7,
      taxAmount: 3.2,
      totalShippingPrice: 5,
      lineItems: [
        {
          storeOrderLineItemId: String(mug.id),
          storeProductId: String(mug.product_id),
          storeVariantId: String(mug.variant_id),
          storeSkuId: "MUG-BLUE-L",
          title: mug.title as string,
          variantAttr: "Blue / Large",
          price: 24,
          quantity: 2,
        },
        {
          storeOrderLineItemId: String(tee.id),
          storeProductId: String(tee.product_id),
          storeVariantId: String(tee.variant_id),
          storeSkuId: "TEE-M",
          title: "T-shirt",
          variantAttr: "M",
          price: 12.5,
          quantity: 1,
        },
      ],
      shippingAddress: {
        firstName: "Ada",
        lastName: "Lovelace",
        address1: "1600 Amphitheatre Pkwy",
        address2: "Suite 12",
        city: "Mountain View",
        province: "CA",
        countryCode: "US",
        countryName: "United States",
        zip: "94043",
        phone: "+1 650-555-0100",
        email: "ada@example.com",
      },
    });
    expect(skippedLineItems).toEqual([]);
  });

  it("sends every id as a string and every instant in UTC with Z", () => {
    const { request } = expectSent(mapRest(buildRestOrder()));
    for (const id of [
      request.storeOrderId,
      ...request.lineItems.flatMap((l) => [l.storeOrderLineItemId, l.storeProductId, l.storeVariantId]),
    ]) {
      expect(id).toMatch(/^\d+$/);
    }
    expect(request.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(request.paidAt).toMatch(/Z$/);
  });

  it("adds product links and variant images when the GraphQL order knows them", () => {
    const item = buildGraphqlLineItem({ handle: "ceramic-mug" });
    const { request } = expectSent(mapGraphql(buildGraphqlOrder({ lineItems: [item] })));
    expect(request.lineItems[0]).toMatchObject({
      productUrl: "https://example-shop.myshopify.com/products/ceramic-mug",
      variantImg: ((item.variant as JsonObject).image as JsonObject).url,
    });
  });

  it("leaves the product link out when the handle is unknown (REST webhooks do not carry it)", () => {
    const { request } = expectSent(mapRest(buildRestOrder()));
    expect(request.lineItems[0]).not.toHaveProperty("productUrl");
    expect(request.lineItems[0]).not.toHaveProperty("variantImg");
  });

  it("uses the time the order became paid when Shopify says it (GraphQL transactions)", () => {
    const node = buildGraphqlOrder({
      overrides: { transactions: [{ kind: "SALE", status: "SUCCESS", processedAt: "2026-07-16T08:00:00+09:00" }] },
    });
    expect(expectSent(mapGraphql(node)).request.paidAt).toBe("2026-07-15T23:00:00.000Z");
  });

  it("gives the same request for the same order whichever shape it came in", () => {
    const rest = snapshotOfRest(
      buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { id: 11, product_id: 21, variant_id: 31, sku: "S", title: "Mug" } })] }),
    );
    const graphql = snapshotOfGraphql(
      buildGraphqlOrder({
        lineItems: [
          buildGraphqlLineItem({
            handle: null,
            overrides: {
              id: "gid://shopify/LineItem/11",
              product: { id: "gid://shopify/Product/21", handle: null },
              variant: { id: "gid://shopify/ProductVariant/31", sku: "S", selectedOptions: [], image: null },
              image: null,
              sku: "S",
              title: "Mug",
            },
          }),
        ],
        overrides: { legacyResourceId: rest.shopifyOrderId, name: rest.name, transactions: [] },
      }),
    );
    const fromRest = expectSent(mapOrderToExternalOrder(rest, SHOP)).request;
    const fromGraphql = expectSent(mapOrderToExternalOrder(graphql, SHOP)).request;
    expect(fromGraphql).toEqual(fromRest);
  });
});

describe("mapOrderToExternalOrder: currencies", () => {
  it("sends presentment money when the buyer paid in another currency than the shop's", () => {
    const payload = buildRestOrder({
      money: EUR_ON_USD_SHOP,
      lineItems: [buildRestLineItem({ money: EUR_ON_USD_SHOP, unitPrice: "19.90", overrides: { quantity: 3 } })],
      shipping: "4.90",
      tax: "11.34",
    });
    const { request } = expectSent(mapRest(payload));
    expect(request).toMatchObject({ currency: "EUR", totalPrice: 75.94, taxAmount: 11.34, totalShippingPrice: 4.9 });
    expect(request.lineItems[0]).toMatchObject({ price: 19.9, quantity: 3 });
  });

  it("sends yen without decimals, discounts rounded to whole yen", () => {
    const payload = buildRestOrder({
      money: JPY_ON_USD_SHOP,
      lineItems: [buildRestLineItem({ money: JPY_ON_USD_SHOP, unitPrice: "1500", discounts: ["100"], overrides: { quantity: 3 } })],
      shipping: "800",
      tax: "0",
    });
    const { request } = expectSent(mapRest(payload));
    expect(request).toMatchObject({ currency: "JPY", totalPrice: 5200, taxAmount: 0, totalShippingPrice: 800 });
    expect(request.lineItems[0].price).toBe(1467); // 1500 - round(100 / 3)
    expect(Number.isInteger(request.lineItems[0].price)).toBe(true);
  });

  it("does not drift with amounts that floats cannot hold", () => {
    const payload = buildRestOrder({
      lineItems: [buildRestLineItem({ unitPrice: "0.30", discounts: ["0.10", "0.20"], overrides: { quantity: 3 } })],
    });
    expect(expectSent(mapRest(payload)).request.lineItems[0].price).toBe(0.2);
  });

  it("cannot send an order whose currency is unknown", () => {
    const order: ShopifyOrderSnapshot = { ...snapshotOfRest(buildRestOrder()), currency: null };
    expect(expectRefused(mapOrderToExternalOrder(order, SHOP)).map((r) => r.code)).toEqual(["missing_currency"]);
  });

  it("cannot send an item whose price in the buyer's currency is unknown", () => {
    const item = buildRestLineItem({ money: EUR_ON_USD_SHOP, overrides: { title: "Mug" } });
    const payload = buildRestOrder({ money: EUR_ON_USD_SHOP, lineItems: [item] });
    item.price_set = null; // only the shop-currency `price` is left
    const reasons = expectRefused(mapRest(payload));
    expect(reasons).toEqual([{ code: "missing_price", message: 'Shopify did not give the price of an item in this order. (item "Mug")' }]);
  });
});

describe("mapOrderToExternalOrder: discounts", () => {
  it("spreads a line's discount over its units", () => {
    const item = buildRestLineItem({ unitPrice: "24.00", discounts: ["5.00"], overrides: { quantity: 2 } });
    expect(expectSent(mapRest(buildRestOrder({ lineItems: [item] }))).request.lineItems[0].price).toBe(21.5);
  });

  it("includes order-level discounts Shopify allocated to the line, rounding each unit to cents", () => {
    // A 10% order discount code allocated across lines, plus an automatic line discount.
    const item = buildRestLineItem({ unitPrice: "10.00", discounts: ["0.50", "0.50"], overrides: { quantity: 3 } });
    expect(expectSent(mapRest(buildRestOrder({ lineItems: [item] }))).request.lineItems[0].price).toBe(9.67);
  });

  it("never sends a negative price for a free item", () => {
    const item = buildRestLineItem({ unitPrice: "8.00", discounts: ["8.00"] });
    expect(expectSent(mapRest(buildRestOrder({ lineItems: [item] }))).request.lineItems[0].price).toBe(0);
  });

  it("reads GraphQL discount allocations the same way", () => {
    const item = buildGraphqlLineItem({ unitPrice: "24.00", discounts: ["3.00", "2.00"], overrides: { quantity: 2 } });
    expect(expectSent(mapGraphql(buildGraphqlOrder({ lineItems: [item] }))).request.lineItems[0].price).toBe(21.5);
  });
});

describe("mapOrderToExternalOrder: items that are not shipped", () => {
  it("leaves out gift cards and items that need no shipping, and says why", () => {
    const mug = buildRestLineItem({ overrides: { title: "Mug" } });
    const giftCard = buildRestLineItem({ overrides: { title: "Gift card", gift_card: true, requires_shipping: false } });
    const ebook = buildRestLineItem({ overrides: { title: "E-book", requires_shipping: false } });
    const { request, skippedLineItems } = expectSent(mapRest(buildRestOrder({ lineItems: [mug, giftCard, ebook] })));
    expect(request.lineItems.map((line) => line.title)).toEqual(["Mug"]);
    expect(skippedLineItems).toEqual([
      { lineItemId: String(giftCard.id), title: "Gift card", code: "gift_card", reason: "It is a gift card: nothing to ship." },
      {
        lineItemId: String(ebook.id),
        title: "E-book",
        code: "no_shipping_required",
        reason: "It does not need shipping (a digital item or a service).",
      },
    ]);
  });

  it("describes only the items it sends when a gift card stays behind: the gift card carries no shipping or tax", () => {
    const payload = buildRestOrder({
      lineItems: [
        buildRestLineItem({ unitPrice: "20.00" }),
        buildRestLineItem({ unitPrice: "50.00", overrides: { gift_card: true, requires_shipping: false } }),
      ],
      shipping: "5.00",
      tax: "1.60",
    });
    expect(payload.total_price_set).toMatchObject({ presentment_money: { amount: "76.60" } });
    const { request } = expectSent(mapRest(payload));
    expect(request.lineItems).toHaveLength(1);
    expect(request).toMatchObject({ totalPrice: 26.6, taxAmount: 1.6, totalShippingPrice: 5 });
  });

  it("sends only the units not refunded, and counts a partly refunded order as paid", () => {
    const mug = buildRestLineItem({ overrides: { quantity: 3, current_quantity: 3, fulfillable_quantity: 3 } });
    const payload = buildRestOrder({
      lineItems: [mug],
      overrides: { financial_status: "partially_refunded", refunds: [restRefund([{ lineItem: mug, quantity: 1 }])] },
    });
    const { request } = expectSent(mapRest(payload));
    expect(request.lineItems[0].quantity).toBe(2);
    expect(request).toMatchObject({ isPaid: true, status: "partially_refunded" });
    expect(request.paidAt).toBeDefined();
  });

  it("leaves out items refunded in full", () => {
    const mug = buildRestLineItem({ overrides: { title: "Mug" } });
    const tee = buildRestLineItem({ overrides: { title: "Tee", quantity: 2, current_quantity: 0, fulfillable_quantity: 0 } });
    const payload = buildRestOrder({ lineItems: [mug, tee], overrides: { refunds: [restRefund([{ lineItem: tee, quantity: 2 }])] } });
    const { request, skippedLineItems } = expectSent(mapRest(payload));
    expect(request.lineItems.map((line) => line.title)).toEqual(["Mug"]);
    expect(skippedLineItems).toMatchObject([{ title: "Tee", code: "refunded" }]);
  });

  it("leaves out items an order edit removed, and sends what an edit reduced", () => {
    const removed = buildRestLineItem({ overrides: { title: "Removed", quantity: 2, current_quantity: 0, fulfillable_quantity: 0 } });
    const reduced = buildRestLineItem({ overrides: { title: "Reduced", quantity: 3, current_quantity: 1, fulfillable_quantity: 1 } });
    const { request, skippedLineItems } = expectSent(mapRest(buildRestOrder({ lineItems: [removed, reduced] })));
    expect(request.lineItems).toMatchObject([{ title: "Reduced", quantity: 1 }]);
    expect(skippedLineItems).toMatchObject([{ title: "Removed", code: "removed" }]);
  });

  it("sends only what is left to fulfill", () => {
    const partly = buildRestLineItem({ overrides: { title: "Partly", quantity: 3, fulfillable_quantity: 1 } });
    const done = buildRestLineItem({ overrides: { title: "Done", quantity: 1, fulfillable_quantity: 0 } });
    const { request, skippedLineItems } = expectSent(mapRest(buildRestOrder({ lineItems: [partly, done] })));
    expect(request.lineItems).toMatchObject([{ title: "Partly", quantity: 1 }]);
    expect(skippedLineItems).toMatchObject([{ title: "Done", code: "fulfilled" }]);
  });

  it("reads GraphQL removals, refunds and fulfilments the same way", () => {
    const reduced = buildGraphqlLineItem({ overrides: { title: "Reduced", quantity: 4, currentQuantity: 3, unfulfilledQuantity: 3 } });
    const refunds = [{ refundLineItems: { nodes: [{ lineItem: { id: reduced.id }, quantity: 2 }] } }];
    const { request } = expectSent(mapGraphql(buildGraphqlOrder({ lineItems: [reduced], overrides: { refunds } })));
    expect(request.lineItems[0].quantity).toBe(2);
  });

  it("refuses an order with nothing to ship, naming each item's reason", () => {
    const giftCard = buildRestLineItem({ overrides: { title: "Gift card", gift_card: true } });
    const ebook = buildRestLineItem({ overrides: { title: "E-book", requires_shipping: false } });
    expect(expectRefused(mapRest(buildRestOrder({ lineItems: [giftCard, ebook] })))).toEqual([
      {
        code: "nothing_to_ship",
        message:
          'Nothing in this order needs shipping. "Gift card": It is a gift card: nothing to ship. "E-book": It does not need shipping (a digital item or a service).',
      },
    ]);
  });

  it("refuses an order without line items", () => {
    expect(expectRefused(mapRest(buildRestOrder({ lineItems: [] }))).map((r) => r.code)).toEqual(["nothing_to_ship"]);
  });
});

/** HyperSKU ships every line but those of these products (the merchant's exclude rules). */
const allBut = (...productIds: unknown[]): Routing => ({
  settings: {
    hyperskuLocationIds: [],
    productRules: { include: [], exclude: productIds.map((id) => ({ field: "product" as const, value: String(id) })) },
  },
  context: { fulfillmentOrders: null, facts: new Map() },
});

/** Shopify shows the app only these lines at its location: the rest a fulfillment service (Printful) ships. */
const onlyVisible = (...lineItems: JsonObject[]): Routing => ({
  settings: { hyperskuLocationIds: [], productRules: NO_PRODUCT_RULES },
  context: {
    fulfillmentOrders: [
      {
        id: "gid://shopify/FulfillmentOrder/1",
        status: "OPEN",
        locationId: "gid://shopify/Location/1",
        locationName: "Shop location",
        holds: [],
        lineItems: lineItems.map((line, index) => ({
          id: `gid://shopify/FulfillmentOrderLineItem/${index}`,
          lineItemId: String(line.id),
          totalQuantity: Number(line.quantity),
          remainingQuantity: Number(line.quantity),
        })),
      },
    ],
    facts: new Map(),
  },
});

const totalsOf = (request: ExternalOrder) => [request.totalPrice, request.taxAmount, request.totalShippingPrice];

// The cent-by-cent working of each example is in line-shares.test.ts.
describe("mapOrderToExternalOrder: a mixed cart (some lines ship elsewhere)", () => {
  function mixedCart() {
    const mug = buildRestLineItem({ unitPrice: "24.00", overrides: { title: "Ceramic Mug", quantity: 2 } });
    const poster = buildRestLineItem({ unitPrice: "30.00", overrides: { title: "Art Poster" } });
    const candle = buildRestLineItem({ unitPrice: "18.00", overrides: { title: "Soy Candle", quantity: 3 } });
    return { mug, poster, candle, payload: buildRestOrder({ lineItems: [mug, poster, candle], shipping: "5.00", tax: "10.00" }) };
  }

  it("tells HyperSKU what its lines cost with their share of shipping and tax, not the whole order", () => {
    const { mug, payload } = mixedCart();
    const { request, skippedLineItems, moneyWarnings } = expectSent(
      mapOrderToExternalOrder(snapshotOfRest(payload), SHOP, onlyVisible(mug)),
    );
    expect(request.lineItems.map((line) => line.title)).toEqual(["Ceramic Mug"]);
    expect(skippedLineItems.map((line) => line.code)).toEqual(["other_fulfiller", "other_fulfiller"]);
    // 48.00 + 1.82 shipping + 3.64 tax, of an order of 147.00.
    expect(totalsOf(request)).toEqual([53.46, 3.64, 1.82]);
    expect(moneyWarnings).toEqual([]);
  });

  it("the shares of complementary parts make the whole order, to the cent", () => {
    const { mug, poster, candle, payload } = mixedCart();
    const order = snapshotOfRest(payload);
    const parts = [[mug], [poster, candle]].map((lines) => expectSent(mapOrderToExternalOrder(order, SHOP, onlyVisible(...lines))).request);
    expect(parts.map(totalsOf)).toEqual([
      [53.46, 3.64, 1.82],
      [93.54, 6.36, 3.18],
    ]);
    expect(expectSent(mapOrderToExternalOrder(order, SHOP, onlyVisible(mug, poster, candle))).request).toMatchObject({
      totalPrice: 147,
      taxAmount: 10,
      totalShippingPrice: 5,
    });
  });

  it("JPY with tax in the prices and ¥1000 off given only as a total: whole yen", () => {
    const money = JPY_ON_USD_SHOP;
    const lines = [
      buildRestLineItem({ money, unitPrice: "1500" }),
      buildRestLineItem({ money, unitPrice: "2200", overrides: { quantity: 2 } }),
      buildRestLineItem({ money, unitPrice: "980", overrides: { quantity: 3 } }),
    ];
    const payload = buildRestOrder({
      money,
      lineItems: lines,
      shipping: "800",
      tax: "785",
      overrides: {
        taxes_included: true,
        total_discounts_set: restMoneySet("1000", money),
        total_price_set: restMoneySet("8640", money),
      },
    });
    const { request, moneyWarnings } = expectSent(mapOrderToExternalOrder(snapshotOfRest(payload), SHOP, allBut(lines[2].product_id)));
    expect(request.lineItems.map((line) => [line.price, line.quantity])).toEqual([
      [1330, 1],
      [1951, 2],
    ]);
    expect(request).toMatchObject({ currency: "JPY", totalPrice: 5766, taxAmount: 524, totalShippingPrice: 534 });
    expect(moneyWarnings).toEqual([]);
  });

  it("EUR with VAT in the prices and 10% off per line: the VAT share stays inside the total", () => {
    const money = EUR_ON_USD_SHOP;
    const sent = buildRestLineItem({ money, unitPrice: "29.90", discounts: ["5.98"], overrides: { quantity: 2 } });
    const elsewhere = buildRestLineItem({ money, unitPrice: "15.00", discounts: ["1.50"] });
    const payload = buildRestOrder({
      money,
      lineItems: [sent, elsewhere],
      shipping: "4.90",
      tax: "12.04",
      overrides: { taxes_included: true, total_price_set: restMoneySet("72.22", money) },
    });
    const { request } = expectSent(mapOrderToExternalOrder(snapshotOfRest(payload), SHOP, allBut(elsewhere.product_id)));
    expect(request).toMatchObject({ currency: "EUR", totalPrice: 57.74, taxAmount: 9.63, totalShippingPrice: 3.92 });
    expect(request.lineItems.map((line) => line.price)).toEqual([26.91]);
  });

  it("a free-shipping code: the items sent carry no shipping either", () => {
    const mug = buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2 } });
    const tee = buildRestLineItem({ unitPrice: "12.50" });
    const payload = buildRestOrder({ lineItems: [mug, tee], shipping: "0.00", tax: "3.20" });
    payload.total_shipping_price_set = restMoneySet("5.00");
    payload.shipping_lines = [
      {
        price_set: restMoneySet("5.00"),
        discounted_price_set: restMoneySet("0.00"),
        discount_allocations: [{ amount_set: restMoneySet("5.00") }],
      },
    ];
    const { request } = expectSent(mapOrderToExternalOrder(snapshotOfRest(payload), SHOP, allBut(tee.product_id)));
    expect(totalsOf(request)).toEqual([50.54, 2.54, 0]);
  });

  it("when every line goes, even one shipped only in part, the totals are Shopify's as placed", () => {
    const mug = buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 3, fulfillable_quantity: 1 } });
    const tee = buildRestLineItem({ unitPrice: "12.50" });
    const { request } = expectSent(mapRest(buildRestOrder({ lineItems: [mug, tee], shipping: "5.00", tax: "3.20" })));
    expect(request.lineItems.map((line) => line.quantity)).toEqual([1, 1]);
    expect(totalsOf(request)).toEqual([92.7, 3.2, 5]);
  });

  it("leaves the total out when an amount of the order is unknown, rather than guess the items' share", () => {
    const money = EUR_ON_USD_SHOP;
    const mug = buildRestLineItem({ money, unitPrice: "20.00" });
    const tee = buildRestLineItem({ money, unitPrice: "10.00" });
    // A tip REST gives only in the shop's currency: unknown in euros.
    const payload = buildRestOrder({
      money,
      lineItems: [mug, tee],
      shipping: "4.00",
      tax: "0.00",
      overrides: { total_tip_received: "5.40" },
    });
    const { request } = expectSent(mapOrderToExternalOrder(snapshotOfRest(payload), SHOP, allBut(tee.product_id)));
    expect(request).not.toHaveProperty("totalPrice");
    expect(request).toMatchObject({ taxAmount: 0, totalShippingPrice: 2.67 });
  });

  it("when Shopify's total does not meet its parts, the items sent get their share of the parts, and the merchant is told", () => {
    const { mug, payload } = mixedCart();
    payload.total_price_set = restMoneySet("148.00");
    const { request, moneyWarnings } = expectSent(mapOrderToExternalOrder(snapshotOfRest(payload), SHOP, onlyVisible(mug)));
    expect(totalsOf(request)).toEqual([53.46, 3.64, 1.82]);
    expect(moneyWarnings).toEqual([
      "Shopify's total 148.00 USD differs by 1.00 USD from its parts (items 132.00 USD, shipping 5.00 USD, tax 10.00 USD: 147.00 USD); " +
        "HyperSKU gets the share of those parts that belongs to the items it ships.",
    ]);
  });

  it("the saved Japanese GraphQL order (tax in the prices, gift wrapping left out): Shopify's ¥5200, its parts meeting it", () => {
    // 3 bowls ¥4400 after ¥100 off + shipping ¥800 = ¥5200; the ¥473 consumption tax (10%) is inside both.
    const order = parseAnyOrder(JSON.parse(readFileSync(path.resolve("tests/fixtures/orders/graphql-order-jpy.json"), "utf8")));
    if (!order.ok) throw new Error(JSON.stringify(order.problems));
    const { request, skippedLineItems, moneyWarnings } = expectSent(mapOrderToExternalOrder(order.value, SHOP));
    expect(skippedLineItems.map((item) => item.code)).toEqual(["no_shipping_required"]);
    expect(request).toMatchObject({ currency: "JPY", totalPrice: 5200, taxAmount: 473, totalShippingPrice: 800 });
    expect(moneyWarnings).toEqual([]);
  });
});

describe("mapOrderToExternalOrder: the shipping address", () => {
  it("refuses an order with no shipping address", () => {
    expect(expectRefused(mapRest(buildRestOrder({ overrides: { shipping_address: null } })))).toEqual([
      { code: "no_shipping_address", message: "This order has no shipping address, so HyperSKU cannot ship it." },
    ]);
  });

  it("names every missing part at once", () => {
    const payload = withAddress({ country_code: null, country: null, address1: "  ", city: "", first_name: null, last_name: " " });
    expect(expectRefused(mapRest(payload)).map((r) => r.code)).toEqual([
      "missing_country",
      "missing_address_line",
      "missing_city",
      "missing_name",
    ]);
  });

  it("reads the country from its name when the code is not two letters, and names a country it cannot place", () => {
    expect(expectSent(mapRest(withAddress({ country_code: "USA" }))).request.shippingAddress.countryCode).toBe("US");
    expect(expectRefused(mapRest(withAddress({ country_code: "USA", country: "Atlantis" }))).map((r) => r.code)).toEqual([
      "unrecognised_country",
    ]);
    expect(expectRefused(mapRest(withAddress({ country_code: "USA", country: null }))).map((r) => r.code)).toEqual(["missing_country"]);
  });

  it("accepts a recipient with only a first or only a last name", () => {
    expectSent(mapRest(withAddress({ first_name: null })));
    expectSent(mapRest(withAddress({ last_name: null })));
  });

  it("leaves the phone out when neither the address nor the order has one, and warns the merchant", () => {
    const payload = buildRestOrder({
      overrides: { phone: null, customer: { email: "ada@example.com", phone: null }, shipping_address: buildRestAddress({ phone: null }) },
    });
    const { request, warnings, moneyWarnings } = expectSent(mapRest(payload));
    expect(request.shippingAddress).not.toHaveProperty("phone");
    expect(warnings).toEqual([
      expect.stringMatching(/^The order has no phone number .* add one to the order's shipping address in Shopify/),
    ]);
    expect(moneyWarnings).toEqual([]);
  });

  it("has nothing to warn about for a complete order with short lines and a phone", () => {
    expect(expectSent(mapRest(buildRestOrder())).warnings).toEqual([]);
  });

  it("sends an address line longer than carriers print whole, with a warning naming the line", () => {
    const long = "Flat 4B, Building 7, 1600 Amphitheatre Parkway North"; // 52 characters
    const { request, warnings } = expectSent(mapRest(withAddress({ address1: long })));
    expect(request.shippingAddress.address1).toBe(long);
    expect(warnings).toEqual([expect.stringContaining(`Address line 1 of the shipping address (“${long}”) is 52 characters long`)]);
  });

  it("takes the phone from the order, then the customer, when the address has none", () => {
    const fromOrder = buildRestOrder({ overrides: { phone: "+33 1 23 45 67 89", shipping_address: buildRestAddress({ phone: "" }) } });
    expect(expectSent(mapRest(fromOrder)).request.shippingAddress.phone).toBe("+33 1 23 45 67 89");
    const fromCustomer = buildRestOrder({
      overrides: { phone: null, customer: { phone: "+49 30 123456" }, shipping_address: buildRestAddress({ phone: null }) },
    });
    expect(expectSent(mapRest(fromCustomer)).request.shippingAddress.phone).toBe("+49 30 123456");
  });

  it("takes the e-mail from the order, else the customer, and leaves it out when there is none", () => {
    const fromCustomer = buildRestOrder({ overrides: { email: null, contact_email: null, customer: { email: "c@example.org" } } });
    expect(expectSent(mapRest(fromCustomer)).request.shippingAddress.email).toBe("c@example.org");
    const none = buildRestOrder({ overrides: { email: null, contact_email: null, customer: null } });
    expect(expectSent(mapRest(none)).request.shippingAddress).not.toHaveProperty("email");
  });

  it("leaves empty fields out instead of sending empty strings, and trims the rest", () => {
    // Hong Kong: no postal codes or provinces to require (a US address must have both, see address-completeness).
    const hongKong = { country: "Hong Kong", country_code: "HK" };
    const payload = withAddress({ ...hongKong, address2: "", zip: "   ", province: null, province_code: null, city: "  Mountain View  " });
    const { shippingAddress } = expectSent(mapRest(payload)).request;
    expect(shippingAddress).not.toHaveProperty("address2");
    expect(shippingAddress).not.toHaveProperty("zip");
    expect(shippingAddress).not.toHaveProperty("province");
    expect(shippingAddress.city).toBe("Mountain View");
    expect(Object.values(shippingAddress)).not.toContain("");
  });

  it("sends the province code when Shopify has no province name", () => {
    const payload = withAddress({ province: null, province_code: "CA" });
    expect(expectSent(mapRest(payload)).request.shippingAddress.province).toBe("CA");
  });

  it.each([
    {
      place: "Japan",
      address: {
        last_name: "山田",
        first_name: "太郎",
        address1: "千代田区千代田1-1",
        address2: "皇居外苑ビル 3階",
        city: "千代田区",
        province: "東京都",
        province_code: "JP-13",
        country: "日本",
        country_code: "JP",
        zip: "100-0001",
      },
    },
    {
      place: "Germany",
      address: {
        first_name: "Jürgen",
        last_name: "Müller-Lüdenscheidt",
        address1: "Königstraße 5",
        address2: "Hinterhaus, 3. OG",
        city: "München",
        province: "Bayern",
        country: "Deutschland",
        country_code: "DE",
        zip: "80331",
      },
    },
    {
      place: "Saudi Arabia",
      address: {
        first_name: "محمد",
        last_name: "العتيبي",
        address1: "شارع الملك فهد ١٢٣",
        address2: "",
        city: "الرياض",
        province: "منطقة الرياض",
        country: "المملكة العربية السعودية",
        country_code: "SA",
        zip: "12271",
      },
    },
    {
      place: "a decomposed umlaut (NFD) is not normalized",
      address: { first_name: "Ju\u0308rgen", city: "Mu\u0308nchen", country_code: "DE" },
    },
  ])("keeps an address from $place exactly as typed", ({ address }) => {
    const { request } = expectSent(mapRest(withAddress(address as JsonObject)));
    const sent = request.shippingAddress;
    const pairs: [string | undefined, unknown][] = [
      [sent.firstName, address.first_name],
      [sent.lastName, "last_name" in address ? address.last_name : "Lovelace"],
      [sent.address1, "address1" in address ? address.address1 : "1600 Amphitheatre Pkwy"],
      [sent.city, address.city],
      [sent.province, "province" in address ? address.province : "California"],
      [sent.countryName, "country" in address ? address.country : "United States"],
    ];
    for (const [actual, expected] of pairs) {
      expect(Buffer.from(actual ?? "", "utf8").equals(Buffer.from(String(expected), "utf8"))).toBe(true);
    }
    expect(JSON.parse(JSON.stringify(request)).shippingAddress).toEqual(sent);
  });
});

describe("mapOrderToExternalOrder: tax and id numbers", () => {
  it.each([
    [[{ name: "CPF", value: "123.456.789-09" }], { taxNo: "123.456.789-09" }],
    [[{ name: "Tax ID", value: " DE811907980 " }], { taxNo: "DE811907980" }],
    [[{ name: "vat_number", value: "GB123456789" }], { taxNo: "GB123456789" }],
    [[{ name: "id_number", value: "110101199003071234" }], { idNo: "110101199003071234" }],
    [[{ name: "PCCC", value: "P123456789012" }], { idNo: "P123456789012" }],
    [
      [
        { name: "taxNo", value: "" },
        { name: "tax_id", value: "T-2" },
        { name: "Passport number", value: "X1234567" },
      ],
      { taxNo: "T-2", idNo: "X1234567" },
    ],
  ])("reads %j from order attributes", (attributes, expected) => {
    const { shippingAddress } = expectSent(mapRest(buildRestOrder({ overrides: { note_attributes: attributes } }))).request;
    expect({ taxNo: shippingAddress.taxNo, idNo: shippingAddress.idNo }).toEqual({ taxNo: undefined, idNo: undefined, ...expected });
  });

  it("reads a Brazilian CPF/CNPJ typed into the company field", () => {
    const brazil = withAddress({ country_code: "BR", company: "12.345.678/0001-95" });
    expect(expectSent(mapRest(brazil)).request.shippingAddress.taxNo).toBe("12.345.678/0001-95");
  });

  it("does not mistake a company name for a tax number", () => {
    const named = withAddress({ country_code: "BR", company: "Loja Exemplo Ltda" });
    expect(expectSent(mapRest(named)).request.shippingAddress).not.toHaveProperty("taxNo");
    const elsewhere = withAddress({ country_code: "US", company: "12345678909" });
    expect(expectSent(mapRest(elsewhere)).request.shippingAddress).not.toHaveProperty("taxNo");
  });

  it("ignores unrelated attributes", () => {
    const payload = buildRestOrder({ overrides: { note_attributes: [{ name: "gift_message", value: "Happy birthday" }] } });
    const { shippingAddress } = expectSent(mapRest(payload)).request;
    expect(shippingAddress).not.toHaveProperty("taxNo");
    expect(shippingAddress).not.toHaveProperty("idNo");
  });
});

describe("mapOrderToExternalOrder: payment and identity", () => {
  it.each([
    ["pending", false],
    ["authorized", false],
    ["partially_paid", false],
    ["paid", true],
    ["partially_refunded", true],
  ])("marks a %s order isPaid=%s, with paidAt only when paid", (status, paid) => {
    const { request } = expectSent(mapRest(buildRestOrder({ overrides: { financial_status: status } })));
    expect(request.isPaid).toBe(paid);
    expect(request.status).toBe(status);
    expect("paidAt" in request).toBe(paid);
  });

  it("normalizes the shop domain and leaves a blank shop name out", () => {
    const order = buildOrderSnapshot();
    const { request } = expectSent(
      mapOrderToExternalOrder(order, { domain: " https://Example-Shop.myshopify.com/ ", name: " ", platformCode: 7 }),
    );
    expect(request).toMatchObject({ storeCode: "example-shop.myshopify.com", platform: 7 });
    expect(request).not.toHaveProperty("storeName");
    expect(normalizeShopDomain("shop.myshopify.com")).toBe("shop.myshopify.com");
  });

  it("refuses to build a request without the shop's domain", () => {
    const reasons = expectRefused(mapOrderToExternalOrder(buildOrderSnapshot(), { ...SHOP, domain: "" }));
    expect(reasons.map((r) => r.code)).toEqual(["missing_shop_domain"]);
  });

  it("omits totals Shopify did not give", () => {
    const order = buildOrderSnapshot({ totalTax: null, totalShipping: null });
    const { request } = expectSent(mapOrderToExternalOrder(order, SHOP));
    expect(request).not.toHaveProperty("taxAmount");
    expect(request).not.toHaveProperty("totalShippingPrice");
    expect(request.totalPrice).toBeDefined();
  });

  it("uses the variant's options when it has no title, and never sends 'Default Title' or an empty SKU", () => {
    const withOptions = buildGraphqlLineItem({ overrides: { variantTitle: null, sku: "" } });
    (withOptions.variant as JsonObject).sku = " ";
    const plain = buildGraphqlLineItem({
      overrides: {
        variantTitle: "Default Title",
        variant: {
          id: "gid://shopify/ProductVariant/9",
          sku: "P",
          selectedOptions: [{ name: "Title", value: "Default Title" }],
          image: null,
        },
      },
    });
    const { request } = expectSent(mapGraphql(buildGraphqlOrder({ lineItems: [withOptions, plain] })));
    expect(request.lineItems[0].variantAttr).toBe("Color: Blue / Size: Large");
    expect(request.lineItems[0]).not.toHaveProperty("storeSkuId");
    expect(request.lineItems[1]).not.toHaveProperty("variantAttr");
  });

  it("is pure: the same order maps to the same request, and the order is not changed", () => {
    const order = buildOrderSnapshot();
    const before = structuredClone(order);
    expect(mapOrderToExternalOrder(order, SHOP)).toEqual(mapOrderToExternalOrder(order, SHOP));
    expect(order).toEqual(before);
  });
});

describe("mapOrderToExternalOrder: personalised and custom items", () => {
  it("sends what the customer entered with the item, after the variant; hidden `_` properties stay out", () => {
    const ring = buildRestLineItem({
      overrides: {
        title: "Signet Ring",
        variant_title: "Gold / 54",
        properties: [
          { name: "Engraving", value: "For Ada" },
          { name: "_upload_token", value: "a1b2c3" },
          { name: "Gift message", value: "Happy\n  birthday!" },
          { name: "Photo", value: "https://cdn.shopify.com/s/files/1/uploads/ada.jpg" },
          { name: "Empty", value: "  " },
        ],
      },
    });
    const { request } = expectSent(mapRest(buildRestOrder({ lineItems: [ring] })));
    expect(request.lineItems[0].variantAttr).toBe(
      "Gold / 54 | Engraving: For Ada | Gift message: Happy birthday! | Photo: https://cdn.shopify.com/s/files/1/uploads/ada.jpg",
    );
  });

  it("reads Admin GraphQL custom attributes the same way", () => {
    const bowl = buildGraphqlLineItem({ overrides: { customAttributes: [{ key: "Noshi", value: "Oiwai" }] } });
    const { request } = expectSent(mapGraphql(buildGraphqlOrder({ lineItems: [bowl] })));
    expect(request.lineItems[0].variantAttr).toBe("Blue / Large | Noshi: Oiwai");
  });

  it("keeps long entries bounded, so one message cannot swamp the item", () => {
    const note = buildRestLineItem({
      overrides: {
        properties: [
          { name: "Letter", value: "x".repeat(2_000) },
          { name: "Also", value: "y".repeat(800) },
        ],
      },
    });
    const { request } = expectSent(mapRest(buildRestOrder({ lineItems: [note] })));
    const attribute = request.lineItems[0].variantAttr ?? "";
    expect(attribute.length).toBeLessThanOrEqual(1_000);
    expect(attribute).toContain(`Letter: ${"x".repeat(499)}…`);
    expect(attribute.endsWith("…")).toBe(true);
  });

  it("does not send an order with a custom item (no product, no variant): the merchant must say what it is", () => {
    const mug = buildRestLineItem({ overrides: { title: "Mug" } });
    const custom = buildRestLineItem({
      overrides: { title: "Hand-painted sign", product_id: null, variant_id: null, sku: null, variant_title: null },
    });
    const reasons = expectRefused(mapRest(buildRestOrder({ lineItems: [mug, custom] })));
    expect(reasons.map((reason) => reason.code)).toEqual(["custom_line_item"]);
    expect(reasons[0].message).toContain('(item "Hand-painted sign")');
  });

  it("says a product was deleted when the line Shopify cleared still keeps its SKU or variant, not that it is a custom item", () => {
    const mug = buildRestLineItem({ overrides: { title: "Mug" } });
    const deleted = buildRestLineItem({ overrides: { title: "Linen Tote", product_id: null, variant_id: null, sku: "TOTE-NAT" } });
    const reasons = expectRefused(mapRest(buildRestOrder({ lineItems: [mug, deleted] })));
    expect(reasons).toEqual([{ code: "product_deleted", message: 'A product of this order was deleted in Shopify. (item "Linen Tote")' }]);
    expect(reasons[0].message).not.toMatch(/custom/i);
  });

  it("gives only the deleted product as the reason when it was the order's only item, not 'nothing to ship' as well", () => {
    const deleted = buildGraphqlLineItem({ overrides: { title: "Linen Tote", product: null, variant: null } });
    const reasons = expectRefused(mapGraphql(buildGraphqlOrder({ lineItems: [deleted] })));
    expect(reasons.map((reason) => reason.code)).toEqual(["product_deleted"]);
  });

  it("sends an item titled longer than Shopify allows a product whole, with a warning; a short title warns of nothing", () => {
    const title = `Handmade ceramic mug ${"with a very long description ".repeat(10)}`.trim();
    const long = buildRestLineItem({ overrides: { title } });
    const { request, warnings } = expectSent(mapRest(buildRestOrder({ lineItems: [long, buildRestLineItem()] })));
    expect(request.lineItems[0].title).toBe(title);
    expect(warnings).toEqual([expect.stringMatching(/^The item “Handmade ceramic mug with a .*” has a title of \d+ characters/)]);
  });

  it("warns about both the address and the items, the address first", () => {
    const payload = buildRestOrder({
      lineItems: [buildRestLineItem({ overrides: { title: "x".repeat(300) } })],
      overrides: { phone: null, customer: null, shipping_address: buildRestAddress({ phone: null }) },
    });
    const { warnings } = expectSent(mapRest(payload));
    expect(warnings.map((warning) => warning.slice(0, 24))).toEqual(["The order has no phone n", "The item “xxxxxxxxxxxxxx"]);
  });

  it("still leaves out a custom item that needs no shipping, without asking the merchant", () => {
    const mug = buildRestLineItem({ overrides: { title: "Mug" } });
    const tip = buildRestLineItem({
      overrides: { title: "Gift wrapping service", product_id: null, variant_id: null, requires_shipping: false },
    });
    const { request, skippedLineItems } = expectSent(mapRest(buildRestOrder({ lineItems: [mug, tip] })));
    expect(request.lineItems.map((line) => line.title)).toEqual(["Mug"]);
    expect(skippedLineItems.map((item) => item.code)).toEqual(["no_shipping_required"]);
  });
});
