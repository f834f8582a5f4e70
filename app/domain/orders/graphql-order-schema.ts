/**
 * The parts of an Admin GraphQL `Order` node (API 2026-10) that we read; ORDER_SNAPSHOT_FIELDS
 * selects exactly these. Connections are accepted as `{nodes}` or `{edges: [{node}]}` (connectionNodes).
 * https://shopify.dev/docs/api/admin-graphql/latest/objects/Order
 */
import { z } from "zod";
import { amount, attributeValue, count, currencyCode, flag, gid, isoDateTime, numericId, text } from "./wire-values";

/** A connection's items, whichever way the query asked for them (`nodes` or `edges`). */
function connection<T extends z.ZodType>(node: T) {
  return z.object({
    nodes: z.array(node).nullish(),
    edges: z.array(z.object({ node })).nullish(),
  });
}

const graphqlMoney = z.object({ amount: amount.nullish(), currencyCode: currencyCode.nullish() });

const graphqlMoneyBagSchema = z.object({
  shopMoney: graphqlMoney.nullish(),
  presentmentMoney: graphqlMoney.nullish(),
});

const image = z.object({ url: text }).nullish();

const graphqlLineItemSchema = z.object({
  id: gid,
  quantity: count,
  currentQuantity: count.nullish(),
  unfulfilledQuantity: count.nullish(),
  requiresShipping: flag,
  isGiftCard: flag,
  sku: text,
  title: text,
  variantTitle: text,
  name: text,
  product: z.object({ id: gid, handle: text }).nullish(),
  variant: z
    .object({
      id: gid,
      sku: text,
      selectedOptions: z.array(z.object({ name: text, value: attributeValue })).nullish(),
      image,
    })
    .nullish(),
  image,
  originalUnitPriceSet: graphqlMoneyBagSchema.nullish(),
  discountedUnitPriceAfterAllDiscountsSet: graphqlMoneyBagSchema.nullish(),
  discountAllocations: z.array(z.object({ allocatedAmountSet: graphqlMoneyBagSchema.nullish() })).nullish(),
  customAttributes: z.array(z.object({ key: text, value: attributeValue })).nullish(),
});

const refundLineItemSchema = z.object({ lineItem: z.object({ id: gid }).nullish(), quantity: count.nullish() });

const graphqlAddressSchema = z.object({
  firstName: text,
  lastName: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  provinceCode: text,
  country: text,
  countryCodeV2: text,
  zip: text,
  phone: text,
});

export const graphqlOrderSchema = z.object({
  id: gid,
  legacyResourceId: numericId.nullish(),
  name: text,
  createdAt: isoDateTime.nullish(),
  processedAt: isoDateTime.nullish(),
  updatedAt: isoDateTime.nullish(),
  cancelledAt: isoDateTime.nullish(),
  closedAt: isoDateTime.nullish(),
  displayFinancialStatus: text,
  displayFulfillmentStatus: text,
  test: flag,
  tags: z.array(z.string()).nullish(),
  email: text,
  phone: text,
  presentmentCurrencyCode: currencyCode.nullish(),
  currencyCode: currencyCode.nullish(),
  totalPriceSet: graphqlMoneyBagSchema.nullish(),
  currentTotalPriceSet: graphqlMoneyBagSchema.nullish(),
  totalTaxSet: graphqlMoneyBagSchema.nullish(),
  totalShippingPriceSet: graphqlMoneyBagSchema.nullish(),
  totalDiscountsSet: graphqlMoneyBagSchema.nullish(),
  taxesIncluded: flag,
  totalTipReceivedSet: graphqlMoneyBagSchema.nullish(),
  originalTotalDutiesSet: graphqlMoneyBagSchema.nullish(),
  currentTotalDutiesSet: graphqlMoneyBagSchema.nullish(),
  shippingLines: connection(z.object({ discountedPriceSet: graphqlMoneyBagSchema.nullish() })).nullish(),
  lineItems: connection(graphqlLineItemSchema).extend({ pageInfo: z.object({ hasNextPage: z.boolean() }).nullish() }),
  shippingAddress: graphqlAddressSchema.nullish(),
  customer: z
    .object({
      email: text,
      phone: text,
      defaultEmailAddress: z.object({ emailAddress: text }).nullish(),
      defaultPhoneNumber: z.object({ phoneNumber: text }).nullish(),
    })
    .nullish(),
  refunds: z.array(z.object({ refundLineItems: connection(refundLineItemSchema).nullish() })).nullish(),
  transactions: z.array(z.object({ kind: text, status: text, processedAt: isoDateTime.nullish() })).nullish(),
  customAttributes: z.array(z.object({ key: text, value: attributeValue })).nullish(),
  note: text,
  shippingLine: z.object({ deliveryCategory: text }).nullish(),
  fulfillmentOrders: connection(z.object({ deliveryMethod: z.object({ methodType: text }).nullish() })).nullish(),
});

export type GraphqlOrder = z.infer<typeof graphqlOrderSchema>;
export type GraphqlLineItem = z.infer<typeof graphqlLineItemSchema>;
export type GraphqlMoneyBag = z.infer<typeof graphqlMoneyBagSchema>;

/** The items of a parsed connection, from `nodes` or else `edges`; none when absent. */
export function connectionNodes<T>(value: { nodes?: T[] | null; edges?: { node: T }[] | null } | null | undefined): T[] {
  return value?.nodes ?? value?.edges?.map((edge) => edge.node) ?? [];
}
