/**
 * An Admin GraphQL `Order` node -> ShopifyOrderSnapshot. Never throws: a node that is not an order
 * comes back as problems naming each bad field.
 */
import { connectionNodes, type GraphqlLineItem, type GraphqlMoneyBag, type GraphqlOrder, graphqlOrderSchema } from "./graphql-order-schema";
import { combineDeliveryMethods, deliveryMethodOfWord } from "./delivery-method";
import { currencyDecimals, formatMinorUnits, sumAmounts, toMinorUnits } from "./money";
import { isOrderPaid } from "./payment-status";
import { describeValue, failed, parsed, problemsFromZod, type ParseResult } from "./parse-result";
import type { ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { cleanText, money, numericIdFromGid, statusWord, toNameValue, toUtcIso, upperOrNull } from "./wire-values";

export function parseGraphqlOrder(node: unknown): ParseResult<ShopifyOrderSnapshot> {
  if (node === null || typeof node !== "object" || Array.isArray(node)) {
    return failed({ path: "(order)", message: `must be an Order object (got ${describeValue(node)})` });
  }
  const result = graphqlOrderSchema.safeParse(node);
  if (!result.success) return failed(...problemsFromZod(result.error, node));
  return parsed(toSnapshot(result.data));
}

type Currencies = { presentment: string | null; shop: string | null };

/** Presentment money; shop money stands in only when the buyer paid in the shop's currency. */
function presentmentAmount(bag: GraphqlMoneyBag | null | undefined, currencies: Currencies): string | null {
  const amount = bag?.presentmentMoney?.amount;
  if (amount !== null && amount !== undefined) return money(amount, currencies.presentment);
  if (currencies.presentment !== null && currencies.presentment === currencies.shop) {
    return money(bag?.shopMoney?.amount, currencies.presentment);
  }
  return null;
}

/** "#1001" -> 1001; a name with a shop's own prefix or suffix ("SO-1001-B") gives no number. */
function orderNumberFromName(name: string | null | undefined): number | null {
  const match = /^#?(\d+)$/.exec(name?.trim() ?? "");
  return match ? Number(match[1]) : null;
}

/** The last successful sale or capture, when the order counts as paid. */
function paidAt(order: GraphqlOrder): string | null {
  const times = (order.transactions ?? [])
    .filter((transaction) => ["sale", "capture"].includes(statusWord(transaction.kind) ?? ""))
    .filter((transaction) => statusWord(transaction.status) === "success" && transaction.processedAt)
    .map((transaction) => toUtcIso(transaction.processedAt) as string)
    .sort();
  return times.at(-1) ?? null;
}

function refundedQuantities(order: GraphqlOrder): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const refund of order.refunds ?? []) {
    for (const item of connectionNodes(refund.refundLineItems)) {
      if (!item.lineItem) continue;
      const id = numericIdFromGid(item.lineItem.id);
      refunded.set(id, (refunded.get(id) ?? 0) + (item.quantity ?? 0));
    }
  }
  return refunded;
}

/**
 * All allocations (line and order level). Without them, the gap between the original and the
 * discounted unit price, times the units, says the same thing.
 */
function discountTotal(item: GraphqlLineItem, currencies: Currencies): string {
  const currency = currencies.presentment;
  if (currency === null) return "0";
  if (item.discountAllocations) {
    const amounts = item.discountAllocations
      .map((allocation) => presentmentAmount(allocation.allocatedAmountSet, currencies))
      .filter((value): value is string => value !== null);
    return sumAmounts(amounts, currency);
  }
  const original = presentmentAmount(item.originalUnitPriceSet, currencies);
  const discounted = presentmentAmount(item.discountedUnitPriceAfterAllDiscountsSet, currencies);
  const decimals = currencyDecimals(currency);
  if (original === null || discounted === null) return formatMinorUnits(0, decimals);
  const perUnit = (toMinorUnits(original, decimals) ?? 0) - (toMinorUnits(discounted, decimals) ?? 0);
  return formatMinorUnits(Math.max(0, perUnit) * item.quantity, decimals);
}

/**
 * Shipping after shipping discounts: the shipping lines' discounted prices (a free-shipping code makes
 * them 0). `totalShippingPriceSet` is before discounts, so it stands in only without readable lines.
 */
function shippingTotal(order: GraphqlOrder, currencies: Currencies): string | null {
  const lines = connectionNodes(order.shippingLines).map((line) => presentmentAmount(line.discountedPriceSet, currencies));
  if (lines.length > 0 && currencies.presentment !== null && lines.every((line) => line !== null)) {
    return sumAmounts(lines as string[], currencies.presentment);
  }
  return presentmentAmount(order.totalShippingPriceSet, currencies);
}

/** Duties as placed, else the current ones; none when the order has none ("0" in its currency). */
function dutiesTotal(order: GraphqlOrder, currencies: Currencies): string | null {
  const sets = [order.originalTotalDutiesSet, order.currentTotalDutiesSet].filter((set) => set !== null && set !== undefined);
  if (sets.length === 0) return currencies.presentment === null ? null : sumAmounts([], currencies.presentment);
  for (const set of sets) {
    const value = presentmentAmount(set, currencies);
    if (value !== null) return value;
  }
  return null;
}

/** Tips received; a node read without the field (an older query) has none. */
function tipTotal(order: GraphqlOrder, currencies: Currencies): string | null {
  if (order.totalTipReceivedSet === null || order.totalTipReceivedSet === undefined) {
    return currencies.presentment === null ? null : sumAmounts([], currencies.presentment);
  }
  return presentmentAmount(order.totalTipReceivedSet, currencies);
}

/** The fulfillment orders' methods say it best; the shipping line's category stands in without them. */
function deliveryMethod(order: GraphqlOrder) {
  const methods = connectionNodes(order.fulfillmentOrders).map((fulfillment) =>
    deliveryMethodOfWord(fulfillment.deliveryMethod?.methodType),
  );
  if (methods.some((method) => method !== null)) return combineDeliveryMethods(methods);
  return combineDeliveryMethods([deliveryMethodOfWord(order.shippingLine?.deliveryCategory)]);
}

function toLineItem(item: GraphqlLineItem, refunded: Map<string, number>, currencies: Currencies): ShopifyLineItemSnapshot {
  const id = numericIdFromGid(item.id);
  return {
    id,
    productId: item.product ? numericIdFromGid(item.product.id) : null,
    variantId: item.variant ? numericIdFromGid(item.variant.id) : null,
    sku: cleanText(item.sku) ?? cleanText(item.variant?.sku),
    title: cleanText(item.title) ?? cleanText(item.name) ?? "",
    variantTitle: cleanText(item.variantTitle),
    name: cleanText(item.name),
    options: (item.variant?.selectedOptions ?? []).map((option) => toNameValue(option.name, option.value)),
    properties: (item.customAttributes ?? []).map((attribute) => toNameValue(attribute.key, attribute.value)),
    quantity: item.quantity,
    currentQuantity: item.currentQuantity ?? null,
    fulfillableQuantity: item.unfulfilledQuantity ?? null,
    refundedQuantity: refunded.get(id) ?? 0,
    requiresShipping: item.requiresShipping ?? true,
    isGiftCard: item.isGiftCard ?? false,
    unitPrice: presentmentAmount(item.originalUnitPriceSet, currencies),
    discountTotal: discountTotal(item, currencies),
    productHandle: cleanText(item.product?.handle),
    imageUrl: cleanText(item.variant?.image?.url) ?? cleanText(item.image?.url),
  };
}

function toSnapshot(order: GraphqlOrder): ShopifyOrderSnapshot {
  const shop = upperOrNull(order.currencyCode);
  const currencies: Currencies = { presentment: upperOrNull(order.presentmentCurrencyCode) ?? shop, shop };
  const refunded = refundedQuantities(order);
  const address = order.shippingAddress;
  const financialStatus = statusWord(order.displayFinancialStatus);
  return {
    shopifyOrderId:
      order.legacyResourceId === null || order.legacyResourceId === undefined ? numericIdFromGid(order.id) : String(order.legacyResourceId),
    adminGraphqlId: order.id,
    name: cleanText(order.name),
    orderNumber: orderNumberFromName(order.name),
    createdAt: toUtcIso(order.createdAt),
    processedAt: toUtcIso(order.processedAt),
    updatedAt: toUtcIso(order.updatedAt),
    cancelledAt: toUtcIso(order.cancelledAt),
    closedAt: toUtcIso(order.closedAt),
    paidAt: isOrderPaid(financialStatus) ? paidAt(order) : null,
    financialStatus,
    fulfillmentStatus: statusWord(order.displayFulfillmentStatus) ?? "unfulfilled",
    test: order.test ?? false,
    tags: (order.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ""),
    email: cleanText(order.email) ?? cleanText(order.customer?.defaultEmailAddress?.emailAddress) ?? cleanText(order.customer?.email),
    phone: cleanText(order.phone) ?? cleanText(order.customer?.defaultPhoneNumber?.phoneNumber) ?? cleanText(order.customer?.phone),
    currency: currencies.presentment,
    shopCurrency: currencies.shop,
    totalPrice: presentmentAmount(order.totalPriceSet, currencies),
    currentTotalPrice: presentmentAmount(order.currentTotalPriceSet, currencies),
    totalTax: presentmentAmount(order.totalTaxSet, currencies),
    totalShipping: shippingTotal(order, currencies),
    totalDiscounts: presentmentAmount(order.totalDiscountsSet, currencies),
    taxesIncluded: order.taxesIncluded ?? false,
    totalDuties: dutiesTotal(order, currencies),
    totalTip: tipTotal(order, currencies),
    // Every line's discountAllocations include its share of order-level discounts: nothing is left to allocate.
    unallocatedDiscount: currencies.presentment === null ? null : sumAmounts([], currencies.presentment),
    lineItems: connectionNodes(order.lineItems).map((item) => toLineItem(item, refunded, currencies)),
    // Shopify had more lines than the read holds (order-snapshot-fields.ts): the list is not the order.
    ...(order.lineItems?.pageInfo?.hasNextPage ? { lineItemsTruncated: true } : {}),
    shippingAddress: address
      ? {
          firstName: cleanText(address.firstName),
          lastName: cleanText(address.lastName),
          company: cleanText(address.company),
          address1: cleanText(address.address1),
          address2: cleanText(address.address2),
          city: cleanText(address.city),
          province: cleanText(address.province),
          provinceCode: cleanText(address.provinceCode),
          country: cleanText(address.country),
          countryCode: upperOrNull(address.countryCodeV2),
          zip: cleanText(address.zip),
          phone: cleanText(address.phone),
        }
      : null,
    noteAttributes: (order.customAttributes ?? []).map((attribute) => toNameValue(attribute.key, attribute.value)),
    note: cleanText(order.note),
    deliveryMethod: deliveryMethod(order),
  };
}
