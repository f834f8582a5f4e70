/**
 * The Admin GraphQL selection that parseGraphqlOrder (app/domain/orders) reads, as a named fragment
 * every order read in orders.server.ts spreads:
 *
 *   query OrderSnapshot($id: ID!) { order(id: $id) { ...OrderSnapshotFields } }
 *   ${ORDER_SNAPSHOT_FIELDS}
 *
 * `customer` is left out on purpose: it needs the `read_customers` scope, which the app does not ask
 * for; the order's own `email` and `phone` carry the contact.
 *
 * The `first:` sizes keep one order's requested cost under Shopify's single-query limit of 1000
 * points (a nested connection costs its size times its items: 250 lines and 50 refunds of 250 lines
 * each asked for 29,510): 30 line items, 4 refunds of 30 lines, 10 transactions and 5 fulfillment
 * orders cost 893 with the money fields (tests/contract/admin-graphql.test.ts prices it). An order
 * beyond them is read cut at those sizes; `lineItems.pageInfo.hasNextPage` tells, and the snapshot
 * is then marked `lineItemsTruncated`, which the mapper refuses to send (too_many_lines) rather than
 * sending part of the order. Webhook payloads carry every line. Lists of orders (orders.server.ts)
 * read ids in pages and each order on its own, since one order already asks for most of a query's
 * points. The order number is read from `name` ("#1001"), not from a
 * field of its own, to select only fields every API version since 2024 has.
 *
 * Money (docs/hypersku-contract.md, "Money"): shipping after its discounts is the sum of the shipping
 * lines' `discountedPriceSet` (removed lines are left out by default; `totalShippingPriceSet` is before
 * discounts); duties as placed, tips and `taxesIncluded` complete the order's total.
 *
 * Pickup and local delivery are told by the fulfillment orders' delivery method (the app's
 * merchant-managed fulfillment scope covers those), else by the shipping line's category.
 */
export const ORDER_SNAPSHOT_FRAGMENT_NAME = "OrderSnapshotFields";

const MONEY_BAG = "shopMoney { amount currencyCode } presentmentMoney { amount currencyCode }";

export const ORDER_SNAPSHOT_FIELDS = `#graphql
fragment ${ORDER_SNAPSHOT_FRAGMENT_NAME} on Order {
  id
  legacyResourceId
  name
  createdAt
  processedAt
  updatedAt
  cancelledAt
  closedAt
  displayFinancialStatus
  displayFulfillmentStatus
  test
  tags
  email
  phone
  presentmentCurrencyCode
  currencyCode
  totalPriceSet { ${MONEY_BAG} }
  currentTotalPriceSet { ${MONEY_BAG} }
  totalTaxSet { ${MONEY_BAG} }
  totalShippingPriceSet { ${MONEY_BAG} }
  totalDiscountsSet { ${MONEY_BAG} }
  taxesIncluded
  totalTipReceivedSet { ${MONEY_BAG} }
  originalTotalDutiesSet { ${MONEY_BAG} }
  currentTotalDutiesSet { ${MONEY_BAG} }
  shippingLines(first: 20) { nodes { discountedPriceSet { ${MONEY_BAG} } } }
  lineItems(first: 30) {
    nodes {
      id
      quantity
      currentQuantity
      unfulfilledQuantity
      requiresShipping
      isGiftCard
      sku
      title
      variantTitle
      name
      product { id handle }
      variant { id sku selectedOptions { name value } image { url } }
      image { url }
      originalUnitPriceSet { ${MONEY_BAG} }
      discountedUnitPriceAfterAllDiscountsSet { ${MONEY_BAG} }
      discountAllocations { allocatedAmountSet { ${MONEY_BAG} } }
      customAttributes { key value }
    }
    pageInfo { hasNextPage }
  }
  shippingAddress {
    firstName lastName company address1 address2 city province provinceCode country countryCodeV2 zip phone
  }
  refunds(first: 4) {
    refundLineItems(first: 30) { nodes { lineItem { id } quantity } }
  }
  transactions(first: 10) { kind status processedAt }
  customAttributes { key value }
  note
  shippingLine { deliveryCategory }
  fulfillmentOrders(first: 5) { nodes { deliveryMethod { methodType } } }
}
`;
