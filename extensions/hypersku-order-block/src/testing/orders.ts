/**
 * Orders as the app's backend sends them to the block (the JSON of GET/POST
 * /api/extension/orders/:id). Realistic defaults; override only what a test is about.
 */
import type { OrderBlockParcel, OrderBlockProblem, OrderBlockView } from "../../../../app/domain/extension/order-block-contract";

export function buildParcel(overrides: Partial<OrderBlockParcel> = {}): OrderBlockParcel {
  return {
    key: "YT2607140001",
    carrier: "YunExpress",
    trackingNumber: "YT2607140001",
    trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT2607140001",
    status: "In transit",
    itemCount: 2,
    fulfillment: "created",
    fulfillmentError: null,
    ...overrides,
  };
}

export function buildProblem(overrides: Partial<OrderBlockProblem> = {}): OrderBlockProblem {
  return {
    source: "state",
    code: "hypersku_unavailable",
    message: "Sending failed 12 times. Last error: HyperSKU did not answer.",
    fix: "Check the HyperSKU connection in the app, then choose Retry.",
    severity: "critical",
    ...overrides,
  };
}

/** A sent order at HyperSKU, shipping in two parcels: the app labels it by its stage, Shipped. */
export function buildSentOrder(overrides: Partial<OrderBlockView> = {}): OrderBlockView {
  return {
    shopifyOrderId: "5600000000001",
    name: "#1001",
    state: "sent",
    stateLabel: "Shipped",
    stateMeaning: "On its way to the customer; tracking is in Shopify.",
    handled: true,
    sentToHypersku: true,
    sentAt: "2026-07-14T14:20:00.000Z",
    hypersku: {
      orderId: "HS-20260714-0001",
      status: { code: 14, name: "Split Shipment", meaning: "Shipped in several parcels.", tone: "success" },
    },
    parcels: [
      buildParcel(),
      buildParcel({
        key: "9400111899223",
        carrier: "USPS",
        trackingNumber: "9400111899223",
        trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223",
        itemCount: 1,
      }),
    ],
    problems: [],
    nextAttemptAt: null,
    actions: { sendNow: false, retry: false },
    timeZone: "America/New_York",
    ...overrides,
  };
}

/** Not at HyperSKU yet, waiting for its hold window: Send now is offered. */
export function buildUnsentOrder(overrides: Partial<OrderBlockView> = {}): OrderBlockView {
  return buildSentOrder({
    state: "scheduled",
    stateLabel: "Queued",
    stateMeaning: "Will be sent to HyperSKU shortly.",
    sentToHypersku: false,
    sentAt: null,
    hypersku: null,
    parcels: [],
    nextAttemptAt: "2026-07-14T15:00:00.000Z",
    actions: { sendNow: true, retry: false },
    ...overrides,
  });
}

/** Held while HyperSKU sources an item: the app says what it waits for; Send now is offered. */
export function buildHeldOrder(overrides: Partial<OrderBlockView> = {}): OrderBlockView {
  return buildUnsentOrder({
    state: "held",
    stateLabel: "Held",
    stateMeaning:
      "Waiting for HyperSKU to source an item of this order. The app looks again every two hours and whenever your catalogue changes, and sends the order by itself once the item is sourced.",
    problems: [
      buildProblem({
        code: "needs_sourcing",
        message: "HyperSKU has not sourced Linen shirt - M yet.",
        fix: "Ask HyperSKU to source the product (import it there first if it is not there). Or choose Send anyway, and HyperSKU sources it with the order.",
        severity: "warning",
      }),
    ],
    ...overrides,
  });
}

/** Sending failed for good: the problem, its fix and Retry. */
export function buildFailedOrder(overrides: Partial<OrderBlockView> = {}): OrderBlockView {
  return buildUnsentOrder({
    state: "failed",
    stateLabel: "Failed",
    stateMeaning: "Sending failed repeatedly; choose Retry once the cause is fixed.",
    nextAttemptAt: null,
    problems: [buildProblem()],
    actions: { sendNow: false, retry: true },
    ...overrides,
  });
}

/** Left alone on purpose: nothing in it needs shipping. */
export function buildSkippedOrder(overrides: Partial<OrderBlockView> = {}): OrderBlockView {
  return buildUnsentOrder({
    state: "skipped",
    stateLabel: "Not for HyperSKU",
    stateMeaning: "Left alone on purpose (test order, excluded tag, nothing to ship).",
    handled: false,
    nextAttemptAt: null,
    problems: [
      buildProblem({
        code: "nothing_to_ship",
        message: "Nothing in this order needs shipping.",
        fix: "Nothing to do if that is expected.",
        severity: "info",
      }),
    ],
    actions: { sendNow: false, retry: true },
    ...overrides,
  });
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
