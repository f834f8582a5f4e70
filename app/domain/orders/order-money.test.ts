/**
 * The money rule (docs/hypersku-contract.md, "Money") on realistic payloads: each is parsed as Shopify
 * sends it and mapped, and the parts are checked against numbers worked out by hand.
 */
import { externalOrderSchema } from "~/integrations/hypersku/schemas";
import { buildOrderSnapshot, type JsonObject } from "../../../tests/support/order-factories";
import { mapOrderToExternalOrder, type MapResult } from "./map-order";
import { allocateLargestRemainder, orderMoney } from "./order-money";
import { parseRestOrderWebhook } from "./parse-rest-order";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

const SHOP = { domain: "money-shop.myshopify.com", name: "Money Shop", platformCode: 1 };

const set = (amount: string, currency: string): JsonObject => ({
  shop_money: { amount, currency_code: currency },
  presentment_money: { amount, currency_code: currency },
});

type Line = { id: number; price: string; quantity: number; discounts?: string[]; overrides?: JsonObject };

/** The payload without these fields, as older or thinner payloads come. */
function without(payload: JsonObject, ...keys: string[]): JsonObject {
  const copy = { ...payload };
  for (const key of keys) delete copy[key];
  return copy;
}

function line(currency: string, input: Line): JsonObject {
  return {
    id: input.id,
    product_id: 7_000 + input.id,
    variant_id: 42_000 + input.id,
    sku: `SKU-${input.id}`,
    title: `Item ${input.id}`,
    quantity: input.quantity,
    current_quantity: input.quantity,
    fulfillable_quantity: input.quantity,
    requires_shipping: true,
    price: input.price,
    price_set: set(input.price, currency),
    discount_allocations: (input.discounts ?? []).map((amount) => ({ amount, amount_set: set(amount, currency) })),
    ...input.overrides,
  };
}

const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  address1: "1 Main St",
  city: "Springfield",
  province_code: "IL",
  country_code: "US",
  zip: "12345",
  phone: "+1 555 0100",
};

function order(currency: string, lines: JsonObject[], fields: JsonObject): JsonObject {
  return {
    id: 5_600_000_000_001,
    name: "#1001",
    financial_status: "paid",
    currency,
    presentment_currency: currency,
    line_items: lines,
    shipping_address: address,
    ...fields,
  };
}

function snapshot(payload: JsonObject): ShopifyOrderSnapshot {
  const parsed = parseRestOrderWebhook(payload);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

function sent(result: MapResult) {
  if (!result.ok) throw new Error(JSON.stringify(result.reasons));
  expect(externalOrderSchema.safeParse(result.request).success).toBe(true);
  return result;
}

describe("allocateLargestRemainder", () => {
  it("splits ¥1000 over three lines so the parts make exactly ¥1000", () => {
    // 1500 : 4400 : 2940 of 8840 -> 169.68, 497.74, 332.58; floors 998, the two largest remainders get one each.
    expect(allocateLargestRemainder(1000, [1500, 4400, 2940])).toEqual([170, 498, 332]);
  });

  it("breaks ties by the larger weight, then by position", () => {
    expect(allocateLargestRemainder(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(allocateLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocateLargestRemainder(1, [100, 300, 200])).toEqual([0, 1, 0]);
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it("gives nothing when there is nothing to weigh, and refuses amounts that are not whole minor units", () => {
    expect(allocateLargestRemainder(0, [5, 7])).toEqual([0, 0]);
    expect(allocateLargestRemainder(5, [0, 0])).toEqual([0, 0]);
    expect(allocateLargestRemainder(5, [])).toEqual([]);
    expect(() => allocateLargestRemainder(1.5, [1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(-1, [1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1, [-1, 2])).toThrow(RangeError);
  });
});

describe("orderMoney and the request on realistic orders", () => {
  it("a tax-inclusive EUR order with a 10% order discount: tax is in the prices, not added again", () => {
    // 2 × 29.90 + 15.00 = 74.80; 10% = 7.48, which Shopify allocates 5.98 and 1.50. Shipping 4.90.
    // VAT 20% included: (67.32 + 4.90) / 6 = 12.04. Total = 67.32 + 4.90 = 72.22.
    const payload = order(
      "EUR",
      [
        line("EUR", { id: 1, price: "29.90", quantity: 2, discounts: ["5.98"] }),
        line("EUR", { id: 2, price: "15.00", quantity: 1, discounts: ["1.50"] }),
      ],
      {
        taxes_included: true,
        total_price_set: set("72.22", "EUR"),
        total_tax_set: set("12.04", "EUR"),
        total_discounts_set: set("7.48", "EUR"),
        total_shipping_price_set: set("4.90", "EUR"),
        shipping_lines: [{ price_set: set("4.90", "EUR"), discounted_price_set: set("4.90", "EUR"), discount_allocations: [] }],
      },
    );
    const order_ = snapshot(payload);
    const money = orderMoney(order_, "EUR");
    expect(money).toMatchObject({ taxesIncluded: true, linesTotal: 6732, shipping: 490, tax: 1204, partsTotal: 7222, mismatch: 0 });
    expect(money.lines.map((l) => [l.discountedTotal, l.discountedUnitPrice, l.roundingRemainder])).toEqual([
      [5382, 2691, 0],
      [1350, 1350, 0],
    ]);
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request).toMatchObject({ currency: "EUR", totalPrice: 72.22, taxAmount: 12.04, totalShippingPrice: 4.9 });
    expect(request.lineItems.map((l) => l.price)).toEqual([26.91, 13.5]);
    expect(moneyWarnings).toEqual([]);
  });

  it("a JPY order with ¥1000 off given only as the order's total: allocated to whole yen, the parts make ¥1000", () => {
    // Subtotals 1500, 4400, 2940; shares 170, 498, 332 (above). Lines 1330, 3902, 2608; shipping 800; tax included.
    const payload = order(
      "JPY",
      [
        without(line("JPY", { id: 1, price: "1500", quantity: 1 }), "discount_allocations"),
        without(line("JPY", { id: 2, price: "2200", quantity: 2 }), "discount_allocations"),
        without(line("JPY", { id: 3, price: "980", quantity: 3 }), "discount_allocations"),
      ],
      {
        taxes_included: true,
        total_price_set: set("8640", "JPY"),
        total_tax_set: set("785", "JPY"),
        total_discounts_set: set("1000", "JPY"),
        shipping_lines: [{ price_set: set("800", "JPY") }],
      },
    );
    const order_ = snapshot(payload);
    expect(order_.unallocatedDiscount).toBe("1000");
    const money = orderMoney(order_, "JPY");
    expect(money.lines.map((l) => l.orderDiscountShare)).toEqual([170, 498, 332]);
    expect(money.lines.map((l) => l.discountedTotal)).toEqual([1330, 3902, 2608]);
    // 2608 / 3 = 869.33 -> 869: three units make 2607, one yen (the rounding remainder) under the line's total.
    expect(money.lines.map((l) => [l.discountedUnitPrice, l.roundingRemainder])).toEqual([
      [1330, 0],
      [1951, 0],
      [869, -1],
    ]);
    expect(money.mismatch).toBe(0);
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request.lineItems.map((l) => [l.price, l.quantity])).toEqual([
      [1330, 1],
      [1951, 2],
      [869, 3],
    ]);
    expect(request).toMatchObject({ totalPrice: 8640, taxAmount: 785, totalShippingPrice: 800 });
    expect(moneyWarnings).toEqual([]);
  });

  it("a free-shipping code makes shipping 0, even where an older discounted_price left it out", () => {
    // 2 × 24.00 + 12.50 = 60.50; shipping 5.00 taken off by the code; tax 3.20 on top. Total 63.70.
    const payload = order(
      "USD",
      [line("USD", { id: 1, price: "24.00", quantity: 2 }), line("USD", { id: 2, price: "12.50", quantity: 1 })],
      {
        taxes_included: false,
        total_price_set: set("63.70", "USD"),
        total_tax_set: set("3.20", "USD"),
        total_discounts_set: set("5.00", "USD"),
        total_shipping_price_set: set("5.00", "USD"), // before discounts, as Shopify documents it
        shipping_lines: [
          {
            price_set: set("5.00", "USD"),
            discounted_price_set: set("5.00", "USD"),
            discount_allocations: [{ amount_set: set("5.00", "USD") }],
          },
        ],
      },
    );
    const order_ = snapshot(payload);
    expect(order_.totalShipping).toBe("0.00");
    expect(order_.unallocatedDiscount).toBe("0.00"); // the 5.00 of total_discounts is the shipping discount
    expect(orderMoney(order_, "USD").mismatch).toBe(0);
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request).toMatchObject({ totalPrice: 63.7, taxAmount: 3.2, totalShippingPrice: 0 });
    expect(request.lineItems.map((l) => l.price)).toEqual([24, 12.5]);
    expect(moneyWarnings).toEqual([]);
  });

  it("an old payload with plain fields only: shipping from shipping_lines, the order discount from total_discounts", () => {
    // 3 × 10.00 = 30.00 with a 10% code (3.00 only in total_discounts) -> 27.00, three units at 9.00.
    // Shipping 6.00 with 1.00 off; tax 2.16 on top. Total 27.00 + 5.00 + 2.16 = 34.16.
    const payload = without(
      order("USD", [{ id: 1, product_id: 7, variant_id: 42, title: "Mug", quantity: 3, price: "10.00" }], {
        total_price: "34.16",
        total_tax: "2.16",
        total_discounts: "4.00",
        shipping_lines: [{ price: "6.00", discounted_price: "5.00" }],
      }),
      "presentment_currency",
    );
    const order_ = snapshot(payload);
    expect(order_).toMatchObject({ currency: "USD", totalShipping: "5.00", unallocatedDiscount: "3.00", totalPrice: "34.16" });
    expect(orderMoney(order_, "USD").mismatch).toBe(0);
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request).toMatchObject({ totalPrice: 34.16, taxAmount: 2.16, totalShippingPrice: 5 });
    expect(request.lineItems.map((l) => [l.price, l.quantity])).toEqual([[9, 3]]);
    expect(moneyWarnings).toEqual([]);
  });

  it("an order with a tip and duties: both are parts of the total, neither goes into a price", () => {
    // 40.00 - 4.00 line discount = 36.00; shipping 8.00; tax 2.88; duties 6.12 (as placed); tip 5.00. Total 58.00.
    const payload = order("USD", [line("USD", { id: 1, price: "20.00", quantity: 2, discounts: ["4.00"] })], {
      total_price_set: set("58.00", "USD"),
      total_tax_set: set("2.88", "USD"),
      total_discounts_set: set("4.00", "USD"),
      original_total_duties_set: set("6.12", "USD"),
      current_total_duties_set: set("0.00", "USD"), // refunded later: the order as placed still had them
      total_tip_received: "5.00",
      shipping_lines: [{ price_set: set("8.00", "USD"), discounted_price_set: set("8.00", "USD") }],
    });
    const order_ = snapshot(payload);
    expect(order_).toMatchObject({ totalDuties: "6.12", totalTip: "5.00" });
    expect(orderMoney(order_, "USD")).toMatchObject({ linesTotal: 3600, shipping: 800, tax: 288, duties: 612, tips: 500, mismatch: 0 });
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request).toMatchObject({ totalPrice: 58, taxAmount: 2.88, totalShippingPrice: 8 });
    expect(request.lineItems[0].price).toBe(18);
    expect(moneyWarnings).toEqual([]);
  });

  it("a tip REST gives only in the shop's currency makes the parts unknown, not a false alarm", () => {
    const payload = order("USD", [line("EUR", { id: 1, price: "20.00", quantity: 1 })], {
      presentment_currency: "EUR",
      total_price_set: set("25.00", "EUR"),
      total_tax_set: set("0.00", "EUR"),
      total_tip_received: "5.40",
      shipping_lines: [{ price_set: set("0.00", "EUR") }],
    });
    const order_ = snapshot(payload);
    expect(order_.totalTip).toBeNull();
    expect(orderMoney(order_, "EUR")).toMatchObject({ tips: null, partsTotal: null, mismatch: null });
    expect(sent(mapOrderToExternalOrder(order_, SHOP)).moneyWarnings).toEqual([]);
  });

  it("a total that does not meet its parts is sent as Shopify has it, with a warning saying by how much", () => {
    const order_ = buildOrderSnapshot({ totalPrice: "69.70" }); // the factory's order adds up to 68.70
    const money = orderMoney(order_, "USD");
    expect(money).toMatchObject({ partsTotal: 6870, totalPrice: 6970, mismatch: 100 });
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request.totalPrice).toBe(69.7);
    expect(moneyWarnings).toEqual([
      "Shopify's total 69.70 USD differs by 1.00 USD from its parts (items 60.50 USD, shipping 5.00 USD, tax 3.20 USD: 68.70 USD); HyperSKU gets Shopify's totals unchanged.",
    ]);
  });

  it("a snapshot stored before these fields reads as tax-exclusive, without duties, tips or an unallocated discount", () => {
    const { taxesIncluded, totalDuties, totalTip, unallocatedDiscount, ...older } = buildOrderSnapshot();
    void [taxesIncluded, totalDuties, totalTip, unallocatedDiscount];
    expect(orderMoney(older, "USD")).toMatchObject({ taxesIncluded: false, duties: 0, tips: 0, orderDiscountToAllocate: 0, mismatch: 0 });
  });

  it("an order discount larger than the items leaves every price at 0 and says what it could not place", () => {
    const order_ = buildOrderSnapshot({ unallocatedDiscount: "100.00", totalPrice: "8.20" });
    const money = orderMoney(order_, "USD");
    expect(money.lines.map((l) => l.discountedTotal)).toEqual([0, 0]);
    expect(money).toMatchObject({ orderDiscountToAllocate: 10000, orderDiscountUnallocated: 3950, mismatch: 0 });
    const { request, moneyWarnings } = sent(mapOrderToExternalOrder(order_, SHOP));
    expect(request.lineItems.map((l) => l.price)).toEqual([0, 0]);
    expect(moneyWarnings).toEqual(["39.50 USD of the order discount is more than the items cost, so no item price carries it."]);
  });
});
