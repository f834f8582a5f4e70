/**
 * Shopify orders as Shopify sends them, for tests, the demo and the benchmarks: REST webhook
 * payloads (API 2026-10, orders/create|paid|updated) and Admin GraphQL `Order` nodes. Realistic
 * defaults (a paid, unfulfilled US order of two items); override only what a test is about.
 *
 * Amounts are given in the presentment currency (what the buyer paid); the shop-currency side of each
 * money set is derived with `rate`, as Shopify does for multi-currency orders.
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { parseGraphqlOrder } from "~/domain/orders/parse-graphql-order";
import { parseRestOrderWebhook } from "~/domain/orders/parse-rest-order";
import { graphqlAddressOfRest } from "../shopify/rest-to-graphql";

import type { Json, JsonObject } from "./json";

export type { Json, JsonObject };

/** The currencies of an order: what the buyer paid in, the shop's own, and how many presentment units a shop unit buys. */
export type MoneyContext = { presentment: string; shop: string; rate: number };

export const USD: MoneyContext = { presentment: "USD", shop: "USD", rate: 1 };
export const EUR_ON_USD_SHOP: MoneyContext = { presentment: "EUR", shop: "USD", rate: 0.92 };
export const JPY_ON_USD_SHOP: MoneyContext = { presentment: "JPY", shop: "USD", rate: 151.37 };

const ZERO_DECIMAL = new Set(["JPY", "KRW", "VND", "CLP", "ISK"]);
const decimalsOf = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** Integer minor units of a decimal string, for totals; independent of the code under test. */
function minor(amount: string, currency: string): number {
  return Math.round(Number(amount) * 10 ** decimalsOf(currency));
}

function format(minorUnits: number, currency: string): string {
  return (minorUnits / 10 ** decimalsOf(currency)).toFixed(decimalsOf(currency));
}

function toShop(amount: string, money: MoneyContext): string {
  return (Number(amount) / money.rate).toFixed(decimalsOf(money.shop));
}

let sequence = 0;
function next(): number {
  sequence += 1;
  return sequence;
}

// ---- REST ------------------------------------------------------------------------------------

export function restMoneySet(amount: string, money: MoneyContext = USD): JsonObject {
  return {
    shop_money: { amount: toShop(amount, money), currency_code: money.shop },
    presentment_money: { amount, currency_code: money.presentment },
  };
}

export function buildRestAddress(overrides: JsonObject = {}): JsonObject {
  return {
    first_name: "Ada",
    last_name: "Lovelace",
    company: null,
    address1: "1600 Amphitheatre Pkwy",
    address2: "Suite 12",
    city: "Mountain View",
    province: "California",
    province_code: "CA",
    country: "United States",
    country_code: "US",
    zip: "94043",
    phone: "+1 650-555-0100",
    name: "Ada Lovelace",
    latitude: 37.422,
    longitude: -122.084,
    ...overrides,
  };
}

export type RestLineItemInput = {
  /** Presentment price of one unit before discounts. */
  unitPrice?: string;
  /** Presentment amounts of the discount allocations on this line (all units together). */
  discounts?: string[];
  money?: MoneyContext;
  overrides?: JsonObject;
};

export function buildRestLineItem(input: RestLineItemInput = {}): JsonObject {
  const n = next();
  const money = input.money ?? USD;
  const unitPrice = input.unitPrice ?? "24.00";
  const discounts = input.discounts ?? [];
  const discountTotal = format(
    discounts.reduce((sum, d) => sum + minor(d, money.presentment), 0),
    money.presentment,
  );
  const quantity = typeof input.overrides?.quantity === "number" ? input.overrides.quantity : 1;
  const id = (input.overrides?.id as number | undefined) ?? 14_000_000_000_000 + n;
  return {
    id,
    admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
    product_id: 7_100_000_000_000 + n,
    variant_id: 42_000_000_000_000 + n,
    sku: `SKU-${n}`,
    title: `Ceramic Mug ${n}`,
    variant_title: "Blue / Large",
    name: `Ceramic Mug ${n} - Blue / Large`,
    vendor: "Example Vendor",
    quantity,
    current_quantity: quantity,
    fulfillable_quantity: quantity,
    fulfillment_service: "manual",
    fulfillment_status: null,
    requires_shipping: true,
    gift_card: false,
    taxable: true,
    product_exists: true,
    grams: 350,
    price: toShop(unitPrice, money),
    price_set: restMoneySet(unitPrice, money),
    total_discount: toShop(discountTotal, money),
    total_discount_set: restMoneySet(discountTotal, money),
    discount_allocations: discounts.map((amount, index) => ({
      amount: toShop(amount, money),
      amount_set: restMoneySet(amount, money),
      discount_application_index: index,
    })),
    properties: [],
    tax_lines: [],
    duties: [],
    ...input.overrides,
  };
}

export type RestOrderInput = {
  money?: MoneyContext;
  lineItems?: JsonObject[];
  /** Presentment shipping paid by the buyer. */
  shipping?: string;
  /** Presentment tax, added on top of the prices. */
  tax?: string;
  overrides?: JsonObject;
};

/** The presentment amount of a REST money set. */
function presentmentOf(set: Json): string {
  return String(((set as JsonObject).presentment_money as JsonObject).amount);
}

export function buildRestOrder(input: RestOrderInput = {}): JsonObject {
  const n = next();
  const money = input.money ?? USD;
  const lineItems = input.lineItems ?? [
    buildRestLineItem({ money, unitPrice: "24.00", overrides: { quantity: 2 } }),
    buildRestLineItem({ money, unitPrice: "12.50" }),
  ];
  const shipping = input.shipping ?? "5.00";
  const tax = input.tax ?? "3.20";
  const c = money.presentment;
  const discounts = lineItems.reduce((sum, item) => sum + minor(presentmentOf(item.total_discount_set), c), 0);
  const subtotal = lineItems.reduce((sum, item) => sum + minor(presentmentOf(item.price_set), c) * Number(item.quantity), 0) - discounts;
  const total = format(subtotal + minor(shipping, c) + minor(tax, c), c);
  const id = (input.overrides?.id as number | undefined) ?? 5_600_000_000_000 + n;
  const address = buildRestAddress();
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${1000 + n}`,
    order_number: 1000 + n,
    number: n,
    token: `token-${n}`,
    confirmed: true,
    confirmation_number: `CONF${n}`,
    created_at: "2026-07-14T10:15:30-04:00",
    processed_at: "2026-07-14T10:15:29-04:00",
    updated_at: "2026-07-14T10:16:02-04:00",
    cancelled_at: null,
    cancel_reason: null,
    closed_at: null,
    financial_status: "paid",
    fulfillment_status: null,
    test: false,
    tags: "",
    email: "ada@example.com",
    contact_email: "ada@example.com",
    phone: null,
    currency: money.shop,
    presentment_currency: money.presentment,
    taxes_included: false,
    total_price: toShop(total, money),
    total_price_set: restMoneySet(total, money),
    current_total_price_set: restMoneySet(total, money),
    subtotal_price_set: restMoneySet(format(subtotal, c), money),
    total_tax: toShop(tax, money),
    total_tax_set: restMoneySet(tax, money),
    total_discounts: toShop(format(discounts, c), money),
    total_discounts_set: restMoneySet(format(discounts, c), money),
    total_shipping_price_set: restMoneySet(shipping, money),
    line_items: lineItems,
    shipping_address: address,
    billing_address: { ...address },
    customer: {
      id: 6_900_000_000_000 + n,
      email: "ada@example.com",
      phone: null,
      first_name: "Ada",
      last_name: "Lovelace",
      default_address: { ...address, id: 8_000_000_000_000 + n, default: true },
    },
    shipping_lines: [
      {
        id: 4_300_000_000_000 + n,
        title: "Standard",
        code: "Standard",
        source: "shopify",
        price_set: restMoneySet(shipping, money),
        discounted_price_set: restMoneySet(shipping, money),
        discount_allocations: [],
        tax_lines: [],
      },
    ],
    refunds: [],
    fulfillments: [],
    note: null,
    note_attributes: [],
    discount_codes: [],
    discount_applications: [],
    payment_gateway_names: ["shopify_payments"],
    source_name: "web",
    client_details: { browser_ip: "203.0.113.7", user_agent: "Mozilla/5.0", accept_language: "en-US" },
    ...input.overrides,
  };
}

/**
 * An order the buyer collects at the merchant's location, as the REST webhook carries it: no shipping
 * address, and the pickup location as its shipping line, with Shopify's delivery category.
 */
export function restPickupOverrides(location = "Clay & Co Studio"): JsonObject {
  return {
    shipping_address: null,
    shipping_lines: [
      {
        id: 4_300_000_000_000 + next(),
        title: location,
        code: location,
        source: "shopify",
        delivery_category: "pickup",
        carrier_identifier: "650f1a14fa979ec5c74d063e968411d4",
        price_set: restMoneySet("0.00"),
        discounted_price_set: restMoneySet("0.00"),
        discount_allocations: [],
        tax_lines: [],
      },
    ],
  };
}

/**
 * An order the merchant delivers with Shopify's local delivery, as the REST webhook carries it: a full
 * address, and Shopify's own "Local Delivery" rate with no delivery category filled in.
 */
export function restLocalDeliveryOverrides(): JsonObject {
  return {
    shipping_lines: [
      {
        id: 4_300_000_000_000 + next(),
        title: "Local Delivery",
        code: "Local Delivery",
        source: "shopify",
        delivery_category: null,
        carrier_identifier: null,
        phone: "+1 650-555-0100",
        price_set: restMoneySet("5.00"),
        discounted_price_set: restMoneySet("5.00"),
        discount_allocations: [],
        tax_lines: [],
      },
    ],
  };
}

/** A refund of some units, as REST order payloads list it under `refunds`. */
export function restRefund(lines: { lineItem: JsonObject; quantity: number; restockType?: string }[]): JsonObject {
  const n = next();
  return {
    id: 9_100_000_000_000 + n,
    created_at: "2026-07-15T09:00:00-04:00",
    note: null,
    restock: true,
    refund_line_items: lines.map((line, index) => ({
      id: 9_200_000_000_000 + n * 10 + index,
      line_item_id: line.lineItem.id,
      quantity: line.quantity,
      restock_type: line.restockType ?? "return",
      line_item: line.lineItem,
    })),
    transactions: [],
  };
}

// ---- GraphQL ---------------------------------------------------------------------------------

export function graphqlMoneyBag(amount: string, money: MoneyContext = USD): JsonObject {
  return {
    shopMoney: { amount: toShop(amount, money), currencyCode: money.shop },
    presentmentMoney: { amount, currencyCode: money.presentment },
  };
}

export function buildGraphqlAddress(overrides: JsonObject = {}): JsonObject {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    company: null,
    address1: "1600 Amphitheatre Pkwy",
    address2: "Suite 12",
    city: "Mountain View",
    province: "California",
    provinceCode: "CA",
    country: "United States",
    countryCodeV2: "US",
    zip: "94043",
    phone: "+1 650-555-0100",
    ...overrides,
  };
}

export type GraphqlLineItemInput = RestLineItemInput & { handle?: string | null };

export function buildGraphqlLineItem(input: GraphqlLineItemInput = {}): JsonObject {
  const n = next();
  const money = input.money ?? USD;
  const unitPrice = input.unitPrice ?? "24.00";
  const discounts = input.discounts ?? [];
  const quantity = typeof input.overrides?.quantity === "number" ? input.overrides.quantity : 1;
  const c = money.presentment;
  const discountMinor = discounts.reduce((sum, d) => sum + minor(d, c), 0);
  const discountedUnit = format(Math.round((minor(unitPrice, c) * quantity - discountMinor) / Math.max(quantity, 1)), c);
  const handle = input.handle === undefined ? `ceramic-mug-${n}` : input.handle;
  return {
    id: `gid://shopify/LineItem/${14_000_000_000_000 + n}`,
    quantity,
    currentQuantity: quantity,
    unfulfilledQuantity: quantity,
    requiresShipping: true,
    isGiftCard: false,
    sku: `SKU-${n}`,
    title: `Ceramic Mug ${n}`,
    variantTitle: "Blue / Large",
    name: `Ceramic Mug ${n} - Blue / Large`,
    product: { id: `gid://shopify/Product/${7_100_000_000_000 + n}`, handle },
    variant: {
      id: `gid://shopify/ProductVariant/${42_000_000_000_000 + n}`,
      sku: `SKU-${n}`,
      selectedOptions: [
        { name: "Color", value: "Blue" },
        { name: "Size", value: "Large" },
      ],
      image: { url: `https://cdn.shopify.com/s/files/1/0000/0001/products/mug-${n}-blue.jpg` },
    },
    image: { url: `https://cdn.shopify.com/s/files/1/0000/0001/products/mug-${n}.jpg` },
    originalUnitPriceSet: graphqlMoneyBag(unitPrice, money),
    discountedUnitPriceAfterAllDiscountsSet: graphqlMoneyBag(discountedUnit, money),
    discountAllocations: discounts.map((amount) => ({ allocatedAmountSet: graphqlMoneyBag(amount, money) })),
    customAttributes: [],
    ...input.overrides,
  };
}

export type GraphqlOrderInput = {
  money?: MoneyContext;
  lineItems?: JsonObject[];
  shipping?: string;
  tax?: string;
  overrides?: JsonObject;
};

export function buildGraphqlOrder(input: GraphqlOrderInput = {}): JsonObject {
  const n = next();
  const money = input.money ?? USD;
  const c = money.presentment;
  const lineItems = input.lineItems ?? [
    buildGraphqlLineItem({ money, unitPrice: "24.00", overrides: { quantity: 2 } }),
    buildGraphqlLineItem({ money, unitPrice: "12.50" }),
  ];
  const shipping = input.shipping ?? "5.00";
  const tax = input.tax ?? "3.20";
  const amountOf = (bag: Json) => String(((bag as JsonObject).presentmentMoney as JsonObject).amount);
  let subtotal = 0;
  let discounts = 0;
  for (const item of lineItems) {
    const lineDiscount = ((item.discountAllocations as JsonObject[]) ?? []).reduce(
      (sum, allocation) => sum + minor(amountOf(allocation.allocatedAmountSet), c),
      0,
    );
    discounts += lineDiscount;
    subtotal += minor(amountOf(item.originalUnitPriceSet), c) * Number(item.quantity) - lineDiscount;
  }
  const total = format(subtotal + minor(shipping, c) + minor(tax, c), c);
  const id = (input.overrides?.legacyResourceId as string | undefined) ?? String(5_600_000_000_000 + n);
  return {
    id: `gid://shopify/Order/${id}`,
    legacyResourceId: id,
    name: `#${1000 + n}`,
    createdAt: "2026-07-14T14:15:30Z",
    processedAt: "2026-07-14T14:15:29Z",
    updatedAt: "2026-07-14T14:16:02Z",
    cancelledAt: null,
    closedAt: null,
    displayFinancialStatus: "PAID",
    displayFulfillmentStatus: "UNFULFILLED",
    test: false,
    tags: [],
    email: "ada@example.com",
    phone: null,
    presentmentCurrencyCode: money.presentment,
    currencyCode: money.shop,
    totalPriceSet: graphqlMoneyBag(total, money),
    totalTaxSet: graphqlMoneyBag(tax, money),
    totalShippingPriceSet: graphqlMoneyBag(shipping, money),
    totalDiscountsSet: graphqlMoneyBag(format(discounts, c), money),
    lineItems: { nodes: lineItems },
    shippingAddress: buildGraphqlAddress(),
    refunds: [],
    transactions: [{ kind: "SALE", status: "SUCCESS", processedAt: "2026-07-14T14:15:31Z" }],
    customAttributes: [],
    ...input.overrides,
  };
}

/** The order's fulfillment orders with these delivery methods ("SHIPPING", "PICK_UP", "LOCAL"), as ORDER_SNAPSHOT_FIELDS reads them. */
export function graphqlFulfillmentOrders(...methodTypes: string[]): JsonObject {
  return { nodes: methodTypes.map((methodType) => ({ deliveryMethod: { methodType } })) };
}

// ---- Snapshots -------------------------------------------------------------------------------

/** The snapshot of a REST payload; fails the test loudly if the factory made something unparseable. */
export function snapshotOfRest(payload: JsonObject): ShopifyOrderSnapshot {
  const result = parseRestOrderWebhook(payload);
  if (!result.ok) throw new Error(`factory payload did not parse: ${JSON.stringify(result.problems)}`);
  return result.value;
}

export function snapshotOfGraphql(node: JsonObject): ShopifyOrderSnapshot {
  const result = parseGraphqlOrder(node);
  if (!result.ok) throw new Error(`factory node did not parse: ${JSON.stringify(result.problems)}`);
  return result.value;
}

/** A parsed order with snapshot-level overrides, for tests of decisions and mapping rules. */
export function buildOrderSnapshot(overrides: Partial<ShopifyOrderSnapshot> = {}, input: RestOrderInput = {}): ShopifyOrderSnapshot {
  return { ...snapshotOfRest(buildRestOrder(input)), ...overrides };
}

/**
 * The same order as Shopify's Admin GraphQL holds it (what the Shopify twin answers reconciliation
 * and routing reads with): its id, name, lines, shipping address (or none), e-mail and cancellation,
 * so a read of it never contradicts the webhook it stands beside.
 */
export function graphqlNodeOf(payload: JsonObject): JsonObject {
  const lineItems = (payload.line_items as JsonObject[]).map((line) =>
    buildGraphqlLineItem({
      overrides: { id: `gid://shopify/LineItem/${line.id}`, quantity: line.quantity, currentQuantity: line.quantity, title: line.title },
    }),
  );
  const address = payload.shipping_address;
  return buildGraphqlOrder({
    lineItems,
    overrides: {
      legacyResourceId: String(payload.id),
      name: payload.name,
      ...(address === undefined ? {} : { shippingAddress: graphqlAddressOfRest(address) }),
      ...(payload.email === undefined ? {} : { email: payload.email }),
      ...(payload.cancelled_at ? { cancelledAt: payload.cancelled_at } : {}),
    },
  });
}
