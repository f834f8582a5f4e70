/**
 * The money rule (docs/hypersku-contract.md, "Money") over generated orders (fast-check): random
 * lines, quantities and unit prices in USD, EUR (tax-inclusive), JPY (no decimals) and KWD (three),
 * line discounts, an order discount given per line or only as a total, shipping with or without a
 * (free-)shipping discount, tax, duties and tips. Each order is written as Shopify's REST payload and
 * as its Admin GraphQL node, parsed and mapped; the request and the breakdown must meet the rule
 * exactly, with numbers the generator worked out on its own. Split into lines HyperSKU ships, lines
 * another fulfiller ships and gift cards (a mixed cart), each line's share (line-shares.ts) must make
 * the whole order with the others', and the request for any part must be the sum of its lines' shares.
 */
import fc from "fast-check";
import { lineShares, type LineShare } from "./line-shares";
import { mapOrderToExternalOrder, type Routing } from "./map-order";
import { allocateLargestRemainder, orderMoney } from "./order-money";
import { parseGraphqlOrder } from "./parse-graphql-order";
import { parseRestOrderWebhook } from "./parse-rest-order";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined };
type JsonObject = { [key: string]: Json | undefined };

const SHOP = { domain: "money-shop.myshopify.com", name: "Money Shop", platformCode: 1 };

type Currency = { code: string; decimals: number; shop: string; taxesIncluded: boolean | null };
const CURRENCIES: Currency[] = [
  { code: "USD", decimals: 2, shop: "USD", taxesIncluded: false },
  { code: "EUR", decimals: 2, shop: "EUR", taxesIncluded: true },
  { code: "JPY", decimals: 0, shop: "JPY", taxesIncluded: null }, // either way
  { code: "KWD", decimals: 3, shop: "KWD", taxesIncluded: false },
  { code: "EUR", decimals: 2, shop: "USD", taxesIncluded: false }, // paid in EUR on a USD shop
];

/** Minor units -> decimal text, written independently of money.ts. */
function text(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const digits = String(minor).padStart(decimals + 1, "0");
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

type GeneratedLine = { unit: number; quantity: number; lineDiscount: number; orderShare: number };
type GeneratedOrder = {
  currency: Currency;
  taxesIncluded: boolean;
  lines: GeneratedLine[];
  /** "per_line": Shopify's allocations carry the order discount; "total_only": an older payload gives it as a total. */
  discountMode: "per_line" | "total_only";
  orderDiscount: number;
  shippingPrice: number;
  shippingDiscount: number;
  /** Older payloads: no total_shipping_price_set, and discounted_price without the order-level shipping discount. */
  oldShipping: boolean;
  tax: number;
  duties: number;
  tip: number;
};

const lineArb = (scale: number) =>
  fc
    .record({
      unit: fc.integer({ min: 0, max: 500 * scale }),
      quantity: fc.integer({ min: 1, max: 7 }),
      lineDiscountPerMille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 })),
    })
    .map(({ unit, quantity, lineDiscountPerMille }) => ({
      unit,
      quantity,
      lineDiscount: Math.floor((unit * quantity * lineDiscountPerMille) / 1000),
    }));

const orderArb: fc.Arbitrary<GeneratedOrder> = fc.constantFrom(...CURRENCIES).chain((currency) => {
  const scale = 10 ** currency.decimals;
  return fc
    .record({
      taxesIncluded: currency.taxesIncluded === null ? fc.boolean() : fc.constant(currency.taxesIncluded),
      lines: fc.array(lineArb(scale), { minLength: 1, maxLength: 6 }),
      discountMode: fc.constantFrom("per_line" as const, "total_only" as const),
      orderDiscountPerMille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 })),
      splitSeed: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 6, maxLength: 6 }),
      shippingPrice: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 30 * scale })),
      shippingDiscountKind: fc.constantFrom("none", "free", "partial"),
      shippingDiscountPerMille: fc.integer({ min: 0, max: 1000 }),
      oldShipping: fc.boolean(),
      tax: fc.integer({ min: 0, max: 80 * scale }),
      duties: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 * scale })),
      tip: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 * scale })),
    })
    .map((drawn) => {
      const remaining = drawn.lines.map((line) => line.unit * line.quantity - line.lineDiscount);
      const capacity = remaining.reduce((sum, value) => sum + value, 0);
      const orderDiscount = Math.floor((capacity * drawn.orderDiscountPerMille) / 1000);
      // Per line, the generator's own split (any split that adds up is one Shopify could send): each
      // line takes a drawn part of its room, then what is left fills the lines' remaining room in order.
      let left = orderDiscount;
      const shares = remaining.map((room, index) => {
        const take = Math.min(left, Math.floor((room * drawn.splitSeed[index]) / 1000));
        left -= take;
        return take;
      });
      shares.forEach((share, index) => {
        const take = Math.min(left, remaining[index] - share);
        shares[index] += take;
        left -= take;
      });
      const shippingDiscount =
        drawn.shippingDiscountKind === "free"
          ? drawn.shippingPrice
          : drawn.shippingDiscountKind === "partial"
            ? Math.floor((drawn.shippingPrice * drawn.shippingDiscountPerMille) / 1000)
            : 0;
      return {
        currency,
        taxesIncluded: drawn.taxesIncluded,
        lines: drawn.lines.map((line, index) => ({ ...line, orderShare: shares[index] })),
        discountMode: drawn.discountMode,
        orderDiscount,
        shippingPrice: drawn.shippingPrice,
        shippingDiscount,
        oldShipping: drawn.oldShipping,
        tax: drawn.tax,
        duties: drawn.duties,
        // REST gives tips only in the shop's currency: a generated order paid in another has none.
        tip: currency.code === currency.shop ? drawn.tip : 0,
      };
    });
});

const discountedTotal = (line: GeneratedLine) => line.unit * line.quantity - line.lineDiscount - line.orderShare;
const shippingAfter = (order: GeneratedOrder) => order.shippingPrice - order.shippingDiscount;
function expectedTotal(order: GeneratedOrder): number {
  const lines = order.lines.reduce((sum, line) => sum + discountedTotal(line), 0);
  return lines + shippingAfter(order) + (order.taxesIncluded ? 0 : order.tax) + order.duties + order.tip;
}

function restPayload(order: GeneratedOrder): JsonObject {
  const { code, decimals, shop } = order.currency;
  const money = (minor: number) => ({
    shop_money: { amount: code === shop ? text(minor, decimals) : "0.00", currency_code: shop },
    presentment_money: { amount: text(minor, decimals), currency_code: code },
  });
  const totalOnly = order.discountMode === "total_only";
  const allDiscounts = order.lines.reduce((sum, line) => sum + line.lineDiscount + line.orderShare, 0) + order.shippingDiscount;
  return {
    id: 5_600_000_000_001,
    name: "#1001",
    financial_status: "paid",
    currency: shop,
    presentment_currency: code,
    taxes_included: order.taxesIncluded,
    total_price_set: money(expectedTotal(order)),
    total_tax_set: money(order.tax),
    total_discounts_set: money(allDiscounts),
    ...(order.oldShipping ? {} : { total_shipping_price_set: money(order.shippingPrice) }),
    ...(order.duties > 0 ? { original_total_duties_set: money(order.duties), current_total_duties_set: money(order.duties) } : {}),
    total_tip_received: text(order.tip, order.currency.decimals),
    line_items: order.lines.map((line, index) => ({
      id: 14_000 + index,
      product_id: 7_000 + index,
      variant_id: 42_000 + index,
      title: `Item ${index}`,
      quantity: line.quantity,
      current_quantity: line.quantity,
      fulfillable_quantity: line.quantity,
      requires_shipping: true,
      price_set: money(line.unit),
      ...(totalOnly
        ? { total_discount_set: money(line.lineDiscount) } // older payloads: only the line's own discount, no allocations
        : {
            total_discount_set: money(line.lineDiscount + line.orderShare),
            discount_allocations: [line.lineDiscount, line.orderShare]
              .filter((amount) => amount > 0)
              .map((amount) => ({ amount_set: money(amount) })),
          }),
    })),
    shipping_lines: [
      {
        price_set: money(order.shippingPrice),
        // Before API 2024-07 the discounted price left out order-level shipping discounts; the allocations have them.
        discounted_price_set: money(order.oldShipping ? order.shippingPrice : shippingAfter(order)),
        discount_allocations: order.shippingDiscount > 0 ? [{ amount_set: money(order.shippingDiscount) }] : [],
      },
    ],
    shipping_address: {
      first_name: "Ada",
      last_name: "Lovelace",
      address1: "1 Main St",
      city: "Springfield",
      province_code: "IL",
      country_code: "US",
      zip: "62701",
    },
  };
}

/** The same order as an Admin GraphQL node (which always lists each line's allocations). */
function graphqlNode(order: GeneratedOrder): JsonObject {
  const { code, decimals, shop } = order.currency;
  const money = (minor: number) => ({
    shopMoney: { amount: code === shop ? text(minor, decimals) : "0.00", currencyCode: shop },
    presentmentMoney: { amount: text(minor, decimals), currencyCode: code },
  });
  const allDiscounts = order.lines.reduce((sum, line) => sum + line.lineDiscount + line.orderShare, 0) + order.shippingDiscount;
  return {
    id: "gid://shopify/Order/5600000000001",
    name: "#1001",
    displayFinancialStatus: "PAID",
    currencyCode: shop,
    presentmentCurrencyCode: code,
    taxesIncluded: order.taxesIncluded,
    totalPriceSet: money(expectedTotal(order)),
    totalTaxSet: money(order.tax),
    totalDiscountsSet: money(allDiscounts),
    totalShippingPriceSet: money(order.shippingPrice),
    totalTipReceivedSet: money(order.tip),
    originalTotalDutiesSet: order.duties > 0 ? money(order.duties) : null,
    shippingLines: { nodes: [{ discountedPriceSet: money(shippingAfter(order)) }] },
    lineItems: {
      nodes: order.lines.map((line, index) => ({
        id: `gid://shopify/LineItem/${14_000 + index}`,
        quantity: line.quantity,
        currentQuantity: line.quantity,
        unfulfilledQuantity: line.quantity,
        requiresShipping: true,
        title: `Item ${index}`,
        product: { id: `gid://shopify/Product/${7_000 + index}` },
        variant: { id: `gid://shopify/ProductVariant/${42_000 + index}` },
        originalUnitPriceSet: money(line.unit),
        discountAllocations: [line.lineDiscount, line.orderShare]
          .filter((amount) => amount > 0)
          .map((amount) => ({ allocatedAmountSet: money(amount) })),
      })),
    },
    shippingAddress: {
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "1 Main St",
      city: "Springfield",
      provinceCode: "IL",
      countryCodeV2: "US",
      zip: "62701",
    },
  };
}

function checkRule(order: GeneratedOrder, snapshot: ShopifyOrderSnapshot) {
  const { code, decimals } = order.currency;
  const toMinor = (value: number | undefined) => Math.round((value ?? Number.NaN) * 10 ** decimals);

  // The breakdown: parts by the rule meet Shopify's total exactly.
  const money = orderMoney(snapshot, code);
  expect(money.mismatch).toBe(0);
  expect(money.partsTotal).toBe(expectedTotal(order));
  expect(money.shipping).toBe(shippingAfter(order));
  expect(money.orderDiscountUnallocated).toBe(0);

  if (order.discountMode === "total_only") {
    // An order discount given only as a total: shares add up to it, none over what its line costs,
    // each within one minor unit of its exact proportional share.
    const shares = money.lines.map((line) => line.orderDiscountShare);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(order.orderDiscount);
    const weights = order.lines.map((line) => line.unit * line.quantity - line.lineDiscount);
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    shares.forEach((share, index) => {
      expect(share).toBeLessThanOrEqual(weights[index]);
      expect(Math.abs(share * weightSum - order.orderDiscount * weights[index])).toBeLessThan(Math.max(weightSum, 1));
    });
  } else {
    expect(money.lines.map((line) => line.discountedTotal)).toEqual(order.lines.map(discountedTotal));
  }

  // The request: Shopify's totals, and per line price × quantity = discounted total + remainder, |r| ≤ q/2.
  const mapped = mapOrderToExternalOrder(snapshot, SHOP);
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.reasons));
  expect(mapped.moneyWarnings).toEqual([]);
  const { request } = mapped;
  expect(toMinor(request.totalPrice)).toBe(expectedTotal(order));
  expect(toMinor(request.taxAmount)).toBe(order.tax);
  expect(toMinor(request.totalShippingPrice)).toBe(shippingAfter(order));
  let sentTotal = 0;
  let linesAndRemainders = 0;
  request.lineItems.forEach((line, index) => {
    const price = toMinor(line.price);
    expect(price).toBeGreaterThanOrEqual(0);
    expect(line.quantity).toBe(order.lines[index].quantity);
    const breakdown = money.lines[index];
    const remainder = price * line.quantity - (breakdown.discountedTotal ?? Number.NaN);
    expect(remainder).toBe(breakdown.roundingRemainder);
    expect(2 * Math.abs(remainder)).toBeLessThanOrEqual(line.quantity);
    sentTotal += price * line.quantity;
    linesAndRemainders += (breakdown.discountedTotal ?? Number.NaN) + remainder;
  });
  expect(sentTotal).toBe(linesAndRemainders);
}

// ---- mixed carts ----------------------------------------------------------------------------

/** What becomes of each line: HyperSKU ships it, another fulfiller does, or it is a (digital) gift card. */
type Fate = "hypersku" | "elsewhere" | "gift_card";
const fatesArb = fc.array(fc.constantFrom<Fate>("hypersku", "hypersku", "elsewhere", "gift_card"), { minLength: 6, maxLength: 6 });

/** One fate per line of `order`, at least one of them HyperSKU's (else there is nothing to send). */
function fatesFor(order: GeneratedOrder, drawn: Fate[]): Fate[] {
  const fates = drawn.slice(0, order.lines.length);
  return fates.includes("hypersku") ? fates : ["hypersku", ...fates.slice(1)];
}

/** The payload with the lines whose fate is "gift_card" turned into gift cards (no shipping). */
function withGiftCards<T extends JsonObject>(payload: T, fates: Fate[], lineKey: "rest" | "graphql"): T {
  const copy = structuredClone(payload);
  const lines = lineKey === "rest" ? (copy.line_items as JsonObject[]) : ((copy.lineItems as JsonObject).nodes as JsonObject[]);
  lines.forEach((line, index) => {
    if (fates[index] !== "gift_card") return;
    if (lineKey === "rest") Object.assign(line, { gift_card: true, requires_shipping: false });
    else Object.assign(line, { isGiftCard: true, requiresShipping: false });
  });
  return copy;
}

/** HyperSKU ships the lines whose index is in `ours`; the merchant's rules keep the others' products away. */
function routingFor(lineCount: number, ours: (index: number) => boolean): Routing {
  const exclude = Array.from({ length: lineCount }, (_, index) => index)
    .filter((index) => !ours(index))
    .map((index) => ({ field: "product" as const, value: String(7_000 + index) }));
  return {
    settings: { hyperskuLocationIds: [], productRules: { include: [], exclude } },
    context: { fulfillmentOrders: null, facts: new Map() },
  };
}

const sumOf = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? Number.NaN), 0);

/** |part − whole × weight ÷ Σ weights| < 1 for every part, in integers. */
function expectProportional(parts: readonly (number | null)[], whole: number, weights: readonly number[]) {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  parts.forEach((part, index) => {
    expect(part).toBeGreaterThanOrEqual(0);
    expect(Math.abs((part ?? Number.NaN) * total - whole * weights[index])).toBeLessThan(Math.max(total, 1));
  });
}

function checkMixedCart(order: GeneratedOrder, fates: Fate[], snapshot: ShopifyOrderSnapshot) {
  const { code, decimals } = order.currency;
  const toMinor = (value: number | undefined) => Math.round((value ?? Number.NaN) * 10 ** decimals);
  const count = order.lines.length;
  const fateOf = (index: number) => fates[index];
  const money = orderMoney(snapshot, code);
  expect(money.mismatch).toBe(0);
  const shares = lineShares(snapshot, money);

  // Every line's shares, part by part, make the whole order exactly.
  expect(sumOf(shares.map((share) => share.goods))).toBe(money.linesTotal);
  expect(sumOf(shares.map((share) => share.shipping))).toBe(shippingAfter(order));
  expect(sumOf(shares.map((share) => share.tax))).toBe(order.tax);
  expect(sumOf(shares.map((share) => share.duties))).toBe(order.duties);
  expect(sumOf(shares.map((share) => share.tips))).toBe(order.tip);
  expect(sumOf(shares.map((share) => share.total))).toBe(expectedTotal(order));

  // Shipping goes to the lines that travel (gift cards do not), by what they cost, else by units.
  const travels = (index: number) => fateOf(index) !== "gift_card";
  const values = money.lines.map((line, index) => (travels(index) ? (line.discountedTotal ?? 0) : 0));
  const units = order.lines.map((line, index) => (travels(index) ? line.quantity : 0));
  const shippingWeights = values.some((value) => value > 0) ? values : units.some((unit) => unit > 0) ? units : null;
  if (shippingWeights) {
    expectProportional(
      shares.map((share) => share.shipping),
      shippingAfter(order),
      shippingWeights,
    );
    expect(shares.filter((_, index) => !travels(index)).every((share) => share.shipping === 0 && share.tax === 0)).toBe(true);
  }

  // The request for any part of the order is the sum of its lines' shares; the whole order's is Shopify's.
  const requestFor = (ours: (index: number) => boolean) => {
    const mapped = mapOrderToExternalOrder(snapshot, SHOP, routingFor(count, ours));
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.reasons));
    return mapped.request;
  };
  const sentIds = (ours: (index: number) => boolean) => new Set(shares.filter((_, index) => ours(index)).map((share) => share.lineItemId));
  const expectShares = (ours: (index: number) => boolean) => {
    const request = requestFor(ours);
    const chosen = shares.filter((share: LineShare) => sentIds(ours).has(share.lineItemId));
    expect(new Set(request.lineItems.map((line) => line.storeOrderLineItemId))).toEqual(sentIds(ours));
    expect(toMinor(request.totalPrice)).toBe(sumOf(chosen.map((share) => share.total)));
    expect(toMinor(request.taxAmount)).toBe(sumOf(chosen.map((share) => share.tax)));
    expect(toMinor(request.totalShippingPrice)).toBe(sumOf(chosen.map((share) => share.shipping)));
    return request;
  };
  const ours = expectShares((index) => fateOf(index) === "hypersku");
  const everyLineOurs = fates.every((fate) => fate === "hypersku");
  if (!everyLineOurs) {
    // What HyperSKU hears of plus what stays behind (another fulfiller's lines, gift cards) = the whole order.
    const restTotal = sumOf(shares.filter((_, index) => fateOf(index) !== "hypersku").map((share) => share.total));
    expect(toMinor(ours.totalPrice) + restTotal).toBe(expectedTotal(order));
    if (fates.includes("elsewhere")) {
      const theirs = expectShares((index) => fateOf(index) === "elsewhere");
      const giftCards = sumOf(shares.filter((_, index) => fateOf(index) === "gift_card").map((share) => share.total));
      expect(toMinor(ours.totalPrice) + toMinor(theirs.totalPrice) + giftCards).toBe(expectedTotal(order));
    }
  } else {
    expect(toMinor(ours.totalPrice)).toBe(expectedTotal(order));
  }
}

describe("the money rule over generated orders", () => {
  it("holds from Shopify's REST payload to the request, exactly, in every currency", () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const parsed = parseRestOrderWebhook(restPayload(order));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
        checkRule(order, parsed.value);
      }),
      { numRuns: 400 },
    );
  });

  it("holds from the Admin GraphQL node of the same order", () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const parsed = parseGraphqlOrder(graphqlNode(order));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
        // GraphQL always lists the allocations: the generator's own split is what Shopify allocated.
        checkRule({ ...order, discountMode: "per_line" }, parsed.value);
      }),
      { numRuns: 200 },
    );
  });

  it("in a mixed cart, the shares of all lines make the whole order and each part's request is the sum of its lines' shares (REST)", () => {
    fc.assert(
      fc.property(orderArb, fatesArb, (order, drawn) => {
        const fates = fatesFor(order, drawn);
        const parsed = parseRestOrderWebhook(withGiftCards(restPayload(order), fates, "rest"));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
        checkMixedCart(order, fates, parsed.value);
      }),
      { numRuns: 300 },
    );
  });

  it("in a mixed cart, the same holds from the Admin GraphQL node", () => {
    fc.assert(
      fc.property(orderArb, fatesArb, (order, drawn) => {
        const fates = fatesFor(order, drawn);
        const parsed = parseGraphqlOrder(withGiftCards(graphqlNode(order), fates, "graphql"));
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
        checkMixedCart({ ...order, discountMode: "per_line" }, fates, parsed.value);
      }),
      { numRuns: 150 },
    );
  });

  it("largest-remainder parts always add up to the whole, within one unit of the exact share", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (weights, drawn) => {
          const sum = weights.reduce((total, weight) => total + weight, 0);
          const whole = sum === 0 ? 0 : drawn % (sum + 1);
          const parts = allocateLargestRemainder(whole, weights);
          expect(parts.reduce((total, part) => total + part, 0)).toBe(whole);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[index]);
            // |part − whole × w / Σw| < 1, in integers.
            expect(Math.abs(part * sum - whole * weights[index])).toBeLessThan(Math.max(sum, 1));
          });
          expect(allocateLargestRemainder(whole, weights)).toEqual(parts); // deterministic
        },
      ),
      { numRuns: 500 },
    );
  });
});
