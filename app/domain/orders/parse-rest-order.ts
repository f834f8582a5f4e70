/**
 * Shopify's REST-shaped order webhook payload -> ShopifyOrderSnapshot. Never throws: a payload that
 * is not an order comes back as problems naming each bad field.
 */
import { describeValue, failed, parsed, problemsFromZod, type ParseResult } from "./parse-result";
import { combineDeliveryMethods, deliveryMethodOfWord } from "./delivery-method";
import { currencyDecimals, formatMinorUnits, sumAmounts, toMinorUnits } from "./money";
import { type RestLineItem, type RestMoneySet, type RestOrder, restOrderSchema } from "./rest-order-schema";
import type { ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { cleanText, idString, money, statusWord, toNameValue, toUtcIso, upperOrNull } from "./wire-values";

export function parseRestOrderWebhook(payload: unknown): ParseResult<ShopifyOrderSnapshot> {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return failed({ path: "(order)", message: `must be an object with the order's fields (got ${describeValue(payload)})` });
  }
  const result = restOrderSchema.safeParse(payload);
  if (!result.success) return failed(...problemsFromZod(result.error, payload));
  return parsed(toSnapshot(result.data));
}

type Currencies = { presentment: string | null; shop: string | null };

/**
 * The presentment amount of a money set. The plain field (`total_price`) and `shop_money` are in the
 * shop's currency, so they stand in only when the buyer paid in that same currency.
 */
function presentmentAmount(set: RestMoneySet | null | undefined, plain: string | number | null | undefined, currencies: Currencies) {
  const amount = set?.presentment_money?.amount;
  if (amount !== null && amount !== undefined) return money(amount, currencies.presentment);
  if (currencies.presentment !== null && currencies.presentment === currencies.shop) {
    return money(set?.shop_money?.amount ?? plain, currencies.presentment);
  }
  return null;
}

function fulfillmentStatus(value: string | null | undefined): string {
  const status = statusWord(value);
  if (status === null) return "unfulfilled";
  return status === "partial" ? "partially_fulfilled" : status;
}

function splitTags(tags: RestOrder["tags"]): string[] {
  const list = typeof tags === "string" ? tags.split(",") : (tags ?? []);
  return list.map((tag) => tag.trim()).filter((tag) => tag !== "");
}

function refundedQuantities(order: RestOrder): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const refund of order.refunds ?? []) {
    for (const item of refund.refund_line_items ?? []) {
      if (item.line_item_id === null || item.line_item_id === undefined) continue;
      const id = idString(item.line_item_id);
      refunded.set(id, (refunded.get(id) ?? 0) + (item.quantity ?? 0));
    }
  }
  return refunded;
}

type RestShippingLine = NonNullable<RestOrder["shipping_lines"]>[number];

/**
 * One shipping line after its discounts: its price less the discounts allocated to it when Shopify
 * lists them (right in every API version: before 2024-07 `discounted_price` left out order-level
 * shipping discounts such as a free-shipping code), else `discounted_price`, else the price.
 */
function shippingLineAfterDiscounts(line: RestShippingLine, currencies: Currencies): string | null {
  const currency = currencies.presentment;
  if (currency === null) return null;
  const price = presentmentAmount(line.price_set, line.price, currencies);
  const allocations = (line.discount_allocations ?? []).map((allocation) =>
    presentmentAmount(allocation.amount_set, allocation.amount, currencies),
  );
  if (price !== null && allocations.length > 0 && allocations.every((value) => value !== null)) {
    const decimals = currencyDecimals(currency);
    const after = (toMinorUnits(price, decimals) ?? 0) - (toMinorUnits(sumAmounts(allocations as string[], currency), decimals) ?? 0);
    return formatMinorUnits(Math.max(0, after), decimals);
  }
  return presentmentAmount(line.discounted_price_set, line.discounted_price, currencies) ?? price;
}

/**
 * Shipping after shipping discounts (a free-shipping code makes it 0). The shipping lines carry the
 * discounts; `total_shipping_price_set` is Shopify's shipping before them, so it stands in only when
 * there are no readable lines.
 */
function shippingTotal(order: RestOrder, currencies: Currencies): string | null {
  const lines = (order.shipping_lines ?? []).map((line) => shippingLineAfterDiscounts(line, currencies));
  if (lines.length > 0 && currencies.presentment !== null && lines.every((line) => line !== null)) {
    return sumAmounts(lines as string[], currencies.presentment);
  }
  return presentmentAmount(order.total_shipping_price_set, null, currencies);
}

/** What the shipping discounts took off: Σ shipping lines' prices − the same after discounts. */
function shippingDiscount(order: RestOrder, currencies: Currencies, decimals: number): number {
  let discount = 0;
  for (const line of order.shipping_lines ?? []) {
    const price = toMinorUnits(presentmentAmount(line.price_set, line.price, currencies) ?? "", decimals);
    const after = toMinorUnits(shippingLineAfterDiscounts(line, currencies) ?? "", decimals);
    if (price !== null && after !== null) discount += Math.max(0, price - after);
  }
  return discount;
}

/**
 * An order-level discount the payload gives only as a total: older payloads list no
 * `discount_allocations` on any line, so `total_discounts` may hold more than the lines' own
 * discounts and the shipping discounts. That rest is shared over the lines by order-money.ts.
 */
function unallocatedDiscount(order: RestOrder, lines: ShopifyLineItemSnapshot[], currencies: Currencies): string | null {
  const currency = currencies.presentment;
  if (currency === null) return null;
  const decimals = currencyDecimals(currency);
  if (order.line_items.some((item) => (item.discount_allocations?.length ?? 0) > 0)) return formatMinorUnits(0, decimals);
  const total = presentmentAmount(order.total_discounts_set, order.total_discounts, currencies);
  if (total === null) return null;
  const onLines = lines.reduce((sum, line) => sum + (toMinorUnits(line.discountTotal, decimals) ?? 0), 0);
  const rest = (toMinorUnits(total, decimals) ?? 0) - onLines - shippingDiscount(order, currencies, decimals);
  return formatMinorUnits(Math.max(0, rest), decimals);
}

/** Duties as placed (`original_total_duties_set`, else the current ones); none when the payload names none. */
function dutiesTotal(order: RestOrder, currencies: Currencies): string | null {
  const sets = [order.original_total_duties_set, order.current_total_duties_set].filter((set) => set !== null && set !== undefined);
  if (sets.length === 0) return currencies.presentment === null ? null : sumAmounts([], currencies.presentment);
  for (const set of sets) {
    const value = presentmentAmount(set, null, currencies);
    if (value !== null) return value;
  }
  return null;
}

/**
 * Tips: REST gives them only in the shop's currency (`total_tip_received`), so a tip in an order paid
 * in another currency is unknown (null); no tip at all is 0.
 */
function tipTotal(order: RestOrder, currencies: Currencies): string | null {
  const currency = currencies.presentment;
  if (currency === null) return null;
  const tip = order.total_tip_received;
  if (tip === null || tip === undefined || toMinorUnits(tip, currencyDecimals(currency)) === 0) return sumAmounts([], currency);
  return presentmentAmount(null, tip, currencies);
}

/**
 * Shopify fills `delivery_category` on some orders only; its own local delivery rate is otherwise
 * known by its code ("Local Delivery"), which counts only when Shopify is the rate's source. Any
 * other line is a shipping rate, so an order that also has one of those is a shipment.
 */
function deliveryMethod(order: RestOrder) {
  return combineDeliveryMethods(
    (order.shipping_lines ?? []).map(
      (line) =>
        deliveryMethodOfWord(line.delivery_category) ?? (line.source === "shopify" ? deliveryMethodOfWord(line.code) : null) ?? "shipping",
    ),
  );
}

/** All allocations (line and order level) when Shopify lists them, else the older line total. */
function discountTotal(item: RestLineItem, currencies: Currencies): string {
  if (currencies.presentment === null) return "0";
  const allocations = (item.discount_allocations ?? [])
    .map((allocation) => presentmentAmount(allocation.amount_set, allocation.amount, currencies))
    .filter((value): value is string => value !== null);
  if (allocations.length > 0) return sumAmounts(allocations, currencies.presentment);
  return presentmentAmount(item.total_discount_set, item.total_discount, currencies) ?? sumAmounts([], currencies.presentment);
}

function toLineItem(item: RestLineItem, refunded: Map<string, number>, currencies: Currencies): ShopifyLineItemSnapshot {
  const id = idString(item.id);
  return {
    id,
    productId: item.product_id === null || item.product_id === undefined ? null : idString(item.product_id),
    variantId: item.variant_id === null || item.variant_id === undefined ? null : idString(item.variant_id),
    sku: cleanText(item.sku),
    title: cleanText(item.title) ?? cleanText(item.name) ?? "",
    variantTitle: cleanText(item.variant_title),
    name: cleanText(item.name),
    options: [],
    properties: (item.properties ?? []).map((property) => toNameValue(property.name, property.value)),
    quantity: item.quantity,
    currentQuantity: item.current_quantity ?? null,
    fulfillableQuantity: item.fulfillable_quantity ?? null,
    refundedQuantity: refunded.get(id) ?? 0,
    requiresShipping: item.requires_shipping ?? true,
    isGiftCard: item.gift_card ?? false,
    unitPrice: presentmentAmount(item.price_set, item.price, currencies),
    discountTotal: discountTotal(item, currencies),
    productHandle: null,
    imageUrl: null,
  };
}

function toSnapshot(order: RestOrder): ShopifyOrderSnapshot {
  const shop = upperOrNull(order.currency);
  const currencies: Currencies = {
    presentment: upperOrNull(order.presentment_currency ?? order.total_price_set?.presentment_money?.currency_code) ?? shop,
    shop,
  };
  const refunded = refundedQuantities(order);
  const address = order.shipping_address;
  const shopifyOrderId = idString(order.id);
  const lineItems = order.line_items.map((item) => toLineItem(item, refunded, currencies));
  return {
    shopifyOrderId,
    adminGraphqlId: cleanText(order.admin_graphql_api_id) ?? `gid://shopify/Order/${shopifyOrderId}`,
    name: cleanText(order.name),
    orderNumber: order.order_number ?? null,
    createdAt: toUtcIso(order.created_at),
    processedAt: toUtcIso(order.processed_at),
    updatedAt: toUtcIso(order.updated_at),
    cancelledAt: toUtcIso(order.cancelled_at),
    closedAt: toUtcIso(order.closed_at),
    paidAt: null,
    financialStatus: statusWord(order.financial_status),
    fulfillmentStatus: fulfillmentStatus(order.fulfillment_status),
    test: order.test ?? false,
    tags: splitTags(order.tags),
    email: cleanText(order.email) ?? cleanText(order.contact_email) ?? cleanText(order.customer?.email),
    phone: cleanText(order.phone) ?? cleanText(order.customer?.phone),
    customerId: order.customer?.id === null || order.customer?.id === undefined ? null : String(order.customer.id),
    currency: currencies.presentment,
    shopCurrency: currencies.shop,
    totalPrice: presentmentAmount(order.total_price_set, order.total_price, currencies),
    currentTotalPrice: presentmentAmount(order.current_total_price_set, order.current_total_price, currencies),
    totalTax: presentmentAmount(order.total_tax_set, order.total_tax, currencies),
    totalShipping: shippingTotal(order, currencies),
    totalDiscounts: presentmentAmount(order.total_discounts_set, order.total_discounts, currencies),
    taxesIncluded: order.taxes_included ?? false,
    totalDuties: dutiesTotal(order, currencies),
    totalTip: tipTotal(order, currencies),
    unallocatedDiscount: unallocatedDiscount(order, lineItems, currencies),
    lineItems,
    shippingAddress: address
      ? {
          firstName: cleanText(address.first_name),
          lastName: cleanText(address.last_name),
          company: cleanText(address.company),
          address1: cleanText(address.address1),
          address2: cleanText(address.address2),
          city: cleanText(address.city),
          province: cleanText(address.province),
          provinceCode: cleanText(address.province_code),
          country: cleanText(address.country),
          countryCode: upperOrNull(address.country_code),
          zip: cleanText(address.zip),
          phone: cleanText(address.phone),
        }
      : null,
    noteAttributes: (order.note_attributes ?? []).map((attribute) => toNameValue(attribute.name, attribute.value)),
    note: cleanText(order.note),
    deliveryMethod: deliveryMethod(order),
  };
}
