/**
 * One order, two views: the Admin GraphQL `Order` the Shopify twin answers reads with, derived from
 * the REST order its webhooks carry, so a reconciliation read never contradicts the last webhook
 * (same ids, SKUs, prices, quantities, refunds and status). Field meanings from the 2026-10 Admin
 * GraphQL schema: `unfulfilledQuantity` is REST's `fulfillable_quantity`, `currentQuantity` excludes
 * refunded and removed units, `displayFulfillmentStatus` is UNFULFILLED | PARTIALLY_FULFILLED |
 * FULFILLED, `displayFinancialStatus` the REST status in upper case.
 */
import type { Json, JsonObject } from "../harness/json";
import type { RestOrder } from "./rest-order-state";

function bag(set: Json | undefined): JsonObject | null {
  if (!set || typeof set !== "object" || Array.isArray(set)) return null;
  const shop = set.shop_money as JsonObject;
  const presentment = set.presentment_money as JsonObject;
  return {
    shopMoney: { amount: shop.amount, currencyCode: shop.currency_code },
    presentmentMoney: { amount: presentment.amount, currencyCode: presentment.currency_code },
  };
}

const gid = (type: string, id: Json | undefined) => (id === null || id === undefined ? null : `gid://shopify/${type}/${String(id)}`);

/** A REST address as Admin GraphQL's MailingAddress carries it (null for none). */
export function graphqlAddressOfRest(value: Json | undefined): JsonObject | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  return {
    firstName: value.first_name ?? null,
    lastName: value.last_name ?? null,
    company: value.company ?? null,
    address1: value.address1 ?? null,
    address2: value.address2 ?? null,
    city: value.city ?? null,
    province: value.province ?? null,
    provinceCode: value.province_code ?? null,
    country: value.country ?? null,
    countryCodeV2: value.country_code ?? null,
    zip: value.zip ?? null,
    phone: value.phone ?? null,
  };
}

function lineItem(line: JsonObject): JsonObject {
  const quantity = Number(line.quantity ?? 0);
  const price = bag(line.price_set);
  const discount = Number(((line.total_discount_set as JsonObject | undefined)?.presentment_money as JsonObject | undefined)?.amount ?? 0);
  const unit = Number((price?.presentmentMoney as JsonObject | undefined)?.amount ?? 0);
  const discounted = quantity > 0 ? unit - discount / quantity : unit;
  const currency = (price?.presentmentMoney as JsonObject | undefined)?.currencyCode;
  const places = currency === "JPY" ? 0 : 2;
  return {
    id: gid("LineItem", line.id),
    quantity,
    currentQuantity: line.current_quantity ?? quantity,
    unfulfilledQuantity: line.fulfillable_quantity ?? quantity,
    requiresShipping: line.requires_shipping ?? true,
    isGiftCard: line.gift_card ?? false,
    sku: line.sku ?? null,
    title: line.title ?? "",
    variantTitle: line.variant_title ?? null,
    name: line.name ?? null,
    product: line.product_id ? { id: gid("Product", line.product_id), handle: null } : null,
    variant: line.variant_id
      ? { id: gid("ProductVariant", line.variant_id), sku: line.sku ?? null, selectedOptions: [], image: null }
      : null,
    image: null,
    originalUnitPriceSet: price,
    discountedUnitPriceAfterAllDiscountsSet: price && {
      shopMoney: price.shopMoney,
      presentmentMoney: { amount: discounted.toFixed(places), currencyCode: currency ?? null },
    },
    discountAllocations: ((line.discount_allocations as JsonObject[]) ?? []).map((allocation) => ({
      allocatedAmountSet: bag(allocation.amount_set),
    })),
    customAttributes: ((line.properties as JsonObject[]) ?? []).map((property) => ({ key: property.name, value: property.value })),
  };
}

const FULFILLMENT_STATUS: Record<string, string> = { fulfilled: "FULFILLED", partial: "PARTIALLY_FULFILLED" };

/** The order's Admin GraphQL node, as ORDER_SNAPSHOT_FIELDS reads it (app/integrations/shopify/order-snapshot-fields.ts). */
export function graphqlOrderOfRest(order: RestOrder): JsonObject {
  const paid = ["paid", "partially_refunded", "refunded"].includes(String(order.financial_status));
  const deliveryCategory = ((order.shipping_lines as JsonObject[]) ?? [])[0]?.delivery_category ?? null;
  return {
    id: gid("Order", order.id),
    legacyResourceId: String(order.id),
    name: order.name ?? null,
    createdAt: order.created_at ?? null,
    processedAt: order.processed_at ?? null,
    updatedAt: order.updated_at ?? null,
    cancelledAt: order.cancelled_at ?? null,
    closedAt: order.closed_at ?? null,
    displayFinancialStatus: String(order.financial_status ?? "pending").toUpperCase(),
    displayFulfillmentStatus: FULFILLMENT_STATUS[String(order.fulfillment_status)] ?? "UNFULFILLED",
    test: order.test ?? false,
    tags: String(order.tags ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    email: order.email ?? null,
    phone: order.phone ?? null,
    presentmentCurrencyCode: order.presentment_currency ?? order.currency ?? null,
    currencyCode: order.currency ?? null,
    totalPriceSet: bag(order.total_price_set),
    currentTotalPriceSet: bag(order.current_total_price_set ?? order.total_price_set),
    totalTaxSet: bag(order.total_tax_set),
    totalShippingPriceSet: bag(order.total_shipping_price_set),
    totalDiscountsSet: bag(order.total_discounts_set),
    taxesIncluded: order.taxes_included ?? false,
    lineItems: { nodes: ((order.line_items as JsonObject[]) ?? []).map(lineItem), pageInfo: { hasNextPage: false } },
    shippingAddress: graphqlAddressOfRest(order.shipping_address),
    refunds: ((order.refunds as JsonObject[]) ?? []).map((refund) => ({
      refundLineItems: {
        nodes: ((refund.refund_line_items as JsonObject[]) ?? []).map((line) => ({
          lineItem: { id: gid("LineItem", line.line_item_id) },
          quantity: line.quantity,
        })),
      },
    })),
    transactions: paid ? [{ kind: "SALE", status: "SUCCESS", processedAt: order.processed_at ?? order.created_at ?? null }] : [],
    customAttributes: ((order.note_attributes as JsonObject[]) ?? []).map((attribute) => ({ key: attribute.name, value: attribute.value })),
    note: order.note ?? null,
    shippingLine: deliveryCategory ? { deliveryCategory } : null,
  };
}
