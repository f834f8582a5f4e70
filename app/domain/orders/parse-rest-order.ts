/**
 * Shopify's REST-shaped order webhook payload -> ShopifyOrderSnapshot. Never throws: a payload that
 * is not an order comes back as problems naming each bad field.
 */
import { describeValue, failed, parsed, problemsFromZod, type ParseResult } from "./parse-result";
import { combineDeliveryMethods, deliveryMethodOfWord } from "./delivery-method";
import { sumAmounts } from "./money";
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

function shippingTotal(order: RestOrder, currencies: Currencies): string | null {
  const total = presentmentAmount(order.total_shipping_price_set, null, currencies);
  if (total !== null || !order.shipping_lines?.length || currencies.presentment === null) return total;
  const lines = order.shipping_lines.map((line) => presentmentAmount(line.discounted_price_set ?? line.price_set, null, currencies));
  return lines.every((line) => line !== null) ? sumAmounts(lines as string[], currencies.presentment) : null;
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
    .map((allocation) => presentmentAmount(allocation.amount_set, null, currencies))
    .filter((value): value is string => value !== null);
  if (allocations.length > 0) return sumAmounts(allocations, currencies.presentment);
  return presentmentAmount(item.total_discount_set, null, currencies) ?? sumAmounts([], currencies.presentment);
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
    currency: currencies.presentment,
    shopCurrency: currencies.shop,
    totalPrice: presentmentAmount(order.total_price_set, order.total_price, currencies),
    totalTax: presentmentAmount(order.total_tax_set, order.total_tax, currencies),
    totalShipping: shippingTotal(order, currencies),
    totalDiscounts: presentmentAmount(order.total_discounts_set, order.total_discounts, currencies),
    lineItems: order.line_items.map((item) => toLineItem(item, refunded, currencies)),
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
