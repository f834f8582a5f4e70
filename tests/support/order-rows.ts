/**
 * A stored order row (the Order model) without a database, for tests of pure code that reads one:
 * every column at its empty value, then the test's own. A new column of Order fails to compile
 * here until it has its empty value.
 */
import type { Order } from "~/models/order.server";

const AT = new Date("2026-07-14T10:00:00.000Z");

export function buildOrderRow(overrides: Partial<Order> = {}): Order {
  return {
    id: "o1",
    shop: "shop-a.myshopify.com",
    shopifyOrderId: "5600000000001",
    name: "#1001",
    shopifyCreatedAt: AT,
    shopifyUpdatedAt: null,
    snapshot: "{}",
    customerName: null,
    customerEmail: null,
    customerPhone: null,
    shopifyCustomerId: null,
    shopifyCancelled: false,
    state: "waiting",
    stateCode: null,
    stateReason: null,
    forwardNotBefore: null,
    createOutcomeUnknown: false,
    attemptCount: 0,
    lastAttemptAt: null,
    lastError: null,
    nextAttemptAt: null,
    hyperskuOrderId: null,
    hyperskuStatus: null,
    hyperskuStatusDesc: null,
    sentRequest: null,
    leftOutLines: null,
    hyperskuResponse: null,
    sentAt: null,
    flagCode: null,
    flagReason: null,
    nextSyncAt: null,
    lastSyncedAt: null,
    sendAnywayAt: null,
    hyperskuGoodsMinor: null,
    hyperskuFreightMinor: null,
    hyperskuCostCurrency: null,
    costsReadAt: null,
    customerPaidMinor: null,
    customerPaidCurrency: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}
