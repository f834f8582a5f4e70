import type { Order } from "~/models/order.server";
import type { OrderEvent } from "~/models/order-event.server";
import type { Parcel } from "~/models/parcel.server";
import { getCallHealth } from "~/domain/connection/health";
import { buildOrderRow } from "../../../tests/support/order-rows";
import { buildOrderDetail } from "./order-detail";

const at = new Date("2026-07-14T10:00:00.000Z");

function order(overrides: Partial<Order> = {}): Order {
  return buildOrderRow({
    shopifyUpdatedAt: at,
    snapshot: JSON.stringify({
      financialStatus: "paid",
      fulfillmentStatus: "unfulfilled",
      currency: "EUR",
      totalPrice: "53.70",
      test: false,
      tags: ["vip"],
      email: "ada@example.com",
      lineItems: [
        {
          id: "11",
          title: "Mug",
          variantTitle: "Blue",
          quantity: 2,
          currentQuantity: 2,
          unitPrice: "24.00",
          imageUrl: "https://cdn.shopify.com/mug.jpg",
        },
      ],
      shippingAddress: {
        firstName: "Ada",
        lastName: "Lovelace",
        company: null,
        address1: "1 Main St",
        address2: null,
        city: "Berlin",
        province: null,
        provinceCode: null,
        country: "Germany",
        countryCode: "DE",
        zip: "10115",
        phone: null,
      },
    }),
    customerName: "ada lovelace",
    customerEmail: "ada@example.com",
    stateCode: "awaiting_payment",
    stateReason: "This order is not paid yet.",
    ...overrides,
  });
}

const sent = (status: number) =>
  order({
    state: "sent",
    stateCode: null,
    stateReason: null,
    hyperskuOrderId: "880001",
    hyperskuStatus: status,
    hyperskuStatusDesc: null,
    sentAt: at,
    sentRequest: JSON.stringify({
      storeOrderId: "5600000000001",
      shippingAddress: {
        firstName: "Ada",
        lastName: "Lovelace",
        address1: "1 Main St",
        city: "Berlin",
        countryCode: "DE",
        countryName: "Germany",
        zip: "10115",
        email: "ada@example.com",
      },
    }),
    hyperskuResponse: JSON.stringify({
      orderBaseInfo: {
        orderId: 880001,
        status,
        statusDesc: "Processing",
        currencyCode: "EUR",
        goodsAmount: 48,
        freight: 5,
        amount: 53.7,
        actualAmount: 53.7,
        isPaid: true,
        payTime: "2026-07-14T11:00:00.000Z",
        unknownField: 1,
      },
      orderItemInfos: [
        {
          id: 7,
          title: "Mug (HyperSKU)",
          goodsAttr: "Blue",
          quantity: 2,
          unitPrice: 24,
          currencyCode: "EUR",
          imgUrl: "https://img.hypersku.com/mug.jpg",
          statusDes: "Processing",
        },
      ],
      orderAddressInfo: { city: "Berlin" },
      logisticsItems: [],
    }),
  });

const parcel = (overrides: Partial<Parcel>): Parcel => ({
  id: "p1",
  orderId: "o1",
  shop: "shop-a.myshopify.com",
  parcelKey: "YT1",
  trackingCompany: "YunExpress",
  trackingNumber: "YT1",
  trackingUrl: "https://t.example/YT1",
  items: JSON.stringify([{ storeOrderLineItemId: "11", quantity: 2, title: "Mug", imgUrl: "https://img.hypersku.com/mug.jpg" }]),
  status: "In transit",
  fulfillmentState: "created",
  shopifyFulfillmentId: "gid://shopify/Fulfillment/1",
  fulfillmentError: null,
  syncedTracking: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

const event = (kind: string, outcome: string | null, message = ""): OrderEvent => ({
  id: `${kind}-${outcome}`,
  orderId: "o1",
  at,
  kind,
  outcome,
  message,
  data: null,
});

describe("order detail view", () => {
  it("shows an order not yet sent from Shopify's side, with the reason and its fix", () => {
    const view = buildOrderDetail({ ...order(), parcels: [], events: [] }, "shop-a.myshopify.com");
    expect(view.hypersku).toBeNull();
    expect(view.state).toMatchObject({
      label: "Waiting",
      reason: "This order is not paid yet.",
      fix: expect.stringContaining("Nothing to do"),
    });
    expect(view.items.source).toBe("shopify");
    expect(view.items.rows[0]).toMatchObject({ title: "Mug", quantity: 2, price: "€24.00", imageUrl: "https://cdn.shopify.com/mug.jpg" });
    expect(view.address?.source).toBe("shopify");
    expect(view.shopifyAdminUrl).toBe("https://admin.shopify.com/store/shop-a/orders/5600000000001");
    expect(view.actions).toEqual({ sendNow: true, retry: false, refresh: false, cancel: false });
  });

  it("shows HyperSKU's answer, the address as sent, parcels and the cancel action before shipping", () => {
    const view = buildOrderDetail(
      {
        ...sent(2),
        parcels: [
          parcel({}),
          parcel({
            id: "p2",
            trackingUrl: "javascript:alert(1)",
            fulfillmentState: "failed",
            fulfillmentError: "Shopify refused",
            items: "not json",
          }),
        ],
        events: [],
      },
      "shop-a.myshopify.com",
    );
    // Each figure (decision 0020): says whose it is, and the payment to HyperSKU is read from its status.
    expect(view.hypersku).toMatchObject({
      orderId: "880001",
      status: { name: "Processing", code: 2 },
      payment: "Paid",
    });
    expect(view.hypersku?.amounts).toEqual([
      { label: "The customer paid (Shopify)", value: "€53.70" },
      { label: "HyperSKU's price for the items", value: "€48.00" },
      { label: "HyperSKU's freight", value: "€5.00" },
      { label: "HyperSKU charges in all", value: "€53.70" },
      { label: "Paid to HyperSKU", value: "€53.70" },
    ]);
    expect(view.items).toMatchObject({
      source: "hypersku",
      rows: [{ title: "Mug (HyperSKU)", imageUrl: "https://img.hypersku.com/mug.jpg" }],
    });
    expect(view.address).toMatchObject({
      source: "sent",
      lines: ["Ada Lovelace", "1 Main St", "Berlin 10115", "Germany (DE)"],
      email: "ada@example.com",
    });
    expect(view.parcels[0]).toMatchObject({
      carrier: "YunExpress",
      trackingUrl: "https://t.example/YT1",
      fulfillment: { label: "Fulfilled in Shopify" },
    });
    expect(view.parcels[1]).toMatchObject({ trackingUrl: null, items: [], fulfillment: { tone: "critical", error: "Shopify refused" } });
    expect(view.actions).toEqual({ sendNow: false, retry: false, refresh: true, cancel: true });
    expect(buildOrderDetail({ ...sent(4), parcels: [], events: [] }, "shop-a.myshopify.com").actions.cancel).toBe(false);
  });

  it("shows every time in the shop's time zone, the zone named; UTC until the zone is known", () => {
    const details = { ...sent(2), lastSyncedAt: new Date("2026-07-14T12:30:00.000Z"), parcels: [], events: [event("attempt", "sent")] };
    const inNewYork = buildOrderDetail(details, "shop-a.myshopify.com", { timeZone: "America/New_York" });
    expect(inNewYork.createdAt).toBe("Jul 14, 2026, 6:00 AM EDT");
    expect(inNewYork.hypersku).toMatchObject({
      sentAt: "Jul 14, 2026, 6:00 AM EDT",
      lastSyncedAt: "Jul 14, 2026, 8:30 AM EDT",
    });
    expect(inNewYork.timeline[0].atText).toBe("Jul 14, 2026, 6:00 AM EDT");

    const unknown = buildOrderDetail(details, "shop-a.myshopify.com", { timeZone: null });
    expect(unknown.createdAt).toBe("Jul 14, 2026, 10:00 AM UTC");
    expect(unknown.timeline[0].atText).toBe("Jul 14, 2026, 10:00 AM UTC");
  });

  it("reads the timeline as what happened", () => {
    const view = buildOrderDetail(
      {
        ...sent(4),
        parcels: [],
        events: [
          event("fulfillment", "created"),
          event("status", "4"),
          event("attempt", "retry"),
          event("tracking", "added"),
          event("something_new", null),
        ],
      },
      "shop-a.myshopify.com",
    );
    expect(view.timeline.map((entry) => [entry.title, entry.outcome, entry.tone])).toEqual([
      ["Shopify fulfillment created", "Created", "success"],
      ["HyperSKU status changed", "Shipping", undefined],
      ["Sending attempt failed; will retry", "Retry", "warning"],
      ["Tracking added", "Added", "success"],
      ["Something new", null, undefined],
    ]);
  });

  it("survives damaged stored JSON", () => {
    const view = buildOrderDetail(
      {
        ...order({ snapshot: "{", hyperskuResponse: "[1,2", sentRequest: "null", state: "sent", hyperskuOrderId: "9" }),
        parcels: [],
        events: [],
      },
      "s.myshopify.com",
    );
    expect(view.items.rows).toEqual([]);
    expect(view.address).toBeNull();
    expect(view.hypersku?.orderId).toBe("9");
  });

  it("shows an order being checked with HyperSKU with its next check, and offers Retry only when no job runs it", () => {
    const checking = order({
      state: "checking",
      stateCode: "create_unconfirmed",
      stateReason: "HyperSKU did not confirm whether it received this order.",
      createOutcomeUnknown: true,
      attemptCount: 1,
      lastAttemptAt: at,
      nextAttemptAt: new Date(at.getTime() + 120_000),
      sentRequest: JSON.stringify({ shippingAddress: { firstName: "Old", address1: "9 Old St", city: "Bonn", countryCode: "DE" } }),
    });
    const view = buildOrderDetail({ ...checking, parcels: [], events: [] }, "shop-a.myshopify.com");
    expect(view.state).toMatchObject({
      label: "Checking with HyperSKU",
      fix: expect.stringMatching(/cancels a copy that arrives there late/),
    });
    expect(view.attempts).toMatchObject({ nextLabel: "Next check with HyperSKU", next: expect.any(String) });
    expect(view.attempts.next).not.toBe("");
    expect(view.address?.source).toBe("shopify"); // a request that left is not "the address HyperSKU has"
    expect(view.actions.retry).toBe(false);
    expect(
      buildOrderDetail({ ...order({ state: "sending" }), parcels: [], events: [] }, "s.myshopify.com", { stalled: true }).actions.retry,
    ).toBe(true);
  });

  it("keeps the rest of HyperSKU's stored answer when one field no longer parses", () => {
    const stored = JSON.stringify({
      orderBaseInfo: { orderId: 9, status: 2, createTime: "2026-03-02 14:00:00", amount: 10, currencyCode: "EUR" },
    });
    const view = buildOrderDetail(
      { ...order({ state: "sent", hyperskuOrderId: "9", hyperskuResponse: stored }), parcels: [], events: [] },
      "s.myshopify.com",
    );
    expect(view.hypersku?.amounts).toEqual([
      { label: "The customer paid (Shopify)", value: "€53.70" },
      { label: "HyperSKU charges in all", value: "€10.00" },
    ]);
  });

  it("lists the items of a mixed cart that HyperSKU is not sent, each with why", () => {
    const stored = JSON.parse(order().snapshot) as { lineItems: object[] };
    const snapshot = JSON.stringify({
      ...stored,
      lineItems: [
        ...stored.lineItems,
        { id: "12", title: "Gift card", quantity: 1, isGiftCard: true, requiresShipping: false },
        { id: "13", title: "E-book", quantity: 1, isGiftCard: false, requiresShipping: false },
        { id: "14", title: "Poster", quantity: 1, currentQuantity: 0, isGiftCard: false, requiresShipping: true },
      ],
    });
    const view = buildOrderDetail({ ...order({ snapshot }), parcels: [], events: [] }, "shop-a.myshopify.com");
    expect(view.items.leftOut).toEqual([
      { key: "12", title: "Gift card", reason: "It is a gift card: nothing to ship." },
      { key: "13", title: "E-book", reason: "It does not need shipping (a digital item or a service)." },
      { key: "14", title: "Poster", reason: "It was removed from the order by an edit." },
    ]);
    expect(buildOrderDetail({ ...order(), parcels: [], events: [] }, "shop-a.myshopify.com").items.leftOut).toEqual([]);
  });

  it("says whether HyperSKU is paid from its status, never from the customer's payment it echoes", () => {
    const answer = (status: number, isPaid: boolean) =>
      JSON.stringify({ orderBaseInfo: { orderId: 9, status, isPaid, amount: 40, currencyCode: "EUR", payTime: "2026-07-15 09:00:00" } });
    const payment = (status: number, isPaid: boolean) =>
      buildOrderDetail(
        {
          ...order({ state: "sent", hyperskuOrderId: "9", hyperskuStatus: status, hyperskuResponse: answer(status, isPaid) }),
          parcels: [],
          events: [],
        },
        "s.myshopify.com",
      ).hypersku?.payment;
    // The customer paid in Shopify (isPaid echoed back), yet HyperSKU waits for the merchant's payment.
    expect(payment(1, true)).toBe("Not paid yet: pay HyperSKU for this order");
    expect(payment(8, true)).toBe("Not due yet: HyperSKU is still sourcing the items");
    expect(payment(9, true)).toBe("Payment in progress");
    expect(payment(4, false)).toBe("Paid");
  });

  it("states no payment time: HyperSKU's payTime is the customer's Shopify payment echoed back", () => {
    // Sent at 10:00 and paid in Shopify an hour before: HyperSKU's answer carries that 09:00 as payTime.
    const echoed = (status: number) =>
      buildOrderDetail(
        {
          ...order({
            state: "sent",
            hyperskuOrderId: "9",
            hyperskuStatus: status,
            sentAt: at,
            hyperskuResponse: JSON.stringify({
              orderBaseInfo: {
                orderId: 9,
                status,
                isPaid: true,
                payTime: "2026-07-14T09:00:00.000Z",
                amount: 40,
                actualAmount: 40,
                currencyCode: "EUR",
              },
            }),
          }),
          parcels: [],
          events: [],
        },
        "s.myshopify.com",
        { timeZone: "UTC" },
      ).hypersku!;
    const paid = echoed(4);
    expect(paid.payment).toBe("Paid");
    expect(JSON.stringify(paid)).not.toMatch(/9:00/);
    expect(paid.amounts).toContainEqual({ label: "Paid to HyperSKU", value: "€40.00" });
    // Not due yet, so nothing reads as paid to HyperSKU, whatever amount the answer carries.
    for (const unpaid of [8, 1, 9]) {
      expect(echoed(unpaid).amounts.map((amount) => amount.label)).not.toContain("Paid to HyperSKU");
    }
    expect(echoed(8).payment).toBe("Not due yet: HyperSKU is still sourcing the items");
  });

  it("badges the page with the order's pipeline stage, as the orders list does, never a plain Sent", () => {
    const stage = (overrides: Partial<Order>, parcels: Parcel[] = []) =>
      buildOrderDetail({ ...sent(2), ...overrides, parcels, events: [] }, "s.myshopify.com").pipeline;
    expect(stage({ hyperskuStatus: 6 })).toMatchObject({ stage: "cancelled", label: "Cancelled", tone: "warning" });
    expect(stage({ hyperskuStatus: 6, shopifyCancelled: true })).toMatchObject({ stage: "cancelled", label: "Cancelled" });
    expect(stage({ hyperskuStatus: 6 }, [parcel({})])).toMatchObject({ stage: "delivered", label: "Delivered" });
    expect(stage({ hyperskuStatus: 11 }, [parcel({})])).toMatchObject({ stage: "needs_you", label: "Needs you" });
    expect(stage({ hyperskuStatus: 10 })).toMatchObject({ stage: "needs_you", label: "Needs you" });
    expect(stage({ hyperskuStatus: 1 })).toMatchObject({ stage: "awaiting_payment", label: "Awaiting payment" });
    expect(stage({ hyperskuStatus: 2 })).toMatchObject({ stage: "processing", label: "Processing" });
    expect(stage({ state: "cancelled", hyperskuOrderId: null, hyperskuStatus: null })).toMatchObject({ stage: "cancelled" });
  });

  it("reads a cancelled order's items as cancelled, not as the Pending Sourcing of an earlier answer", () => {
    // The answer stored when the order was sent: every item Pending Sourcing.
    const stale = JSON.stringify({
      orderBaseInfo: { orderId: 880001, status: 8, statusDesc: "Pending Sourcing" },
      orderItemInfos: [{ id: 7, title: "Mug", quantity: 2, status: 8, statusDes: "Pending Sourcing" }],
    });
    const items = (overrides: Partial<Order>) =>
      buildOrderDetail({ ...sent(8), hyperskuResponse: stale, ...overrides, parcels: [], events: [] }, "s.myshopify.com").items.rows;
    expect(items({})[0].status).toBe("Pending Sourcing");
    expect(items({ hyperskuStatus: 6, hyperskuStatusDesc: "Closed" })[0].status).toBe("Cancelled");
    // A later status than the stored answer's: the items' earlier state is not shown as if current.
    expect(items({ hyperskuStatus: 4 })[0].status).toBeNull();
  });

  it("explains a held order by what it waits for, each cause with its own fix, never as a lost connection by default", () => {
    const held = (stateCode: string) =>
      buildOrderDetail(
        { ...order({ state: "held", stateCode, stateReason: "The reason the app recorded." }), parcels: [], events: [] },
        "s.myshopify.com",
      ).state;
    const sourcing = held("needs_sourcing");
    expect(sourcing.meaning).toMatch(/Waiting for HyperSKU to source/);
    expect(sourcing.fix).toMatch(/Send anyway/);
    const shopifyHold = held("fulfillment_on_hold");
    expect(shopifyHold.meaning).toMatch(/on hold there \(by another app/);
    expect(shopifyHold.fix).toMatch(/release its fulfillment hold/);
    expect(held("app_uninstalled").fix).toMatch(/^Reinstall the app/);
    expect(held("not_connected").meaning).toMatch(/connect HyperSKU/);
    for (const code of ["needs_sourcing", "fulfillment_on_hold", "app_uninstalled", "operator_configuration", "stored_token_unreadable"]) {
      expect(held(code).meaning).not.toMatch(/connected again|connect HyperSKU|reconnect/i);
    }
    expect(held("something_new").meaning).not.toMatch(/connected/);
  });

  it("says of an order queued within the merchant's hold time until when it is kept for review", () => {
    const queued = order({
      state: "scheduled",
      stateCode: null,
      stateReason: null,
      forwardNotBefore: new Date(at.getTime() + 30 * 60_000),
    });
    const view = buildOrderDetail({ ...queued, parcels: [], events: [] }, "s.myshopify.com", { timeZone: "UTC", now: at });
    expect(view.state.meaning).toBe(
      "Kept for you to review until Jul 14, 2026, 10:30 AM UTC (the hold time in your settings), then sent to HyperSKU.",
    );
    const due = buildOrderDetail({ ...queued, parcels: [], events: [] }, "s.myshopify.com", { now: new Date(at.getTime() + 3600_000) });
    expect(due.state.meaning).toBe("Will be sent to HyperSKU shortly.");
  });

  it("shows the order note, which HyperSKU does not receive", () => {
    const withNote = JSON.stringify({ ...(JSON.parse(order().snapshot) as object), note: "  Please gift wrap  " });
    expect(buildOrderDetail({ ...order({ snapshot: withNote }), parcels: [], events: [] }, "s.myshopify.com").shopify.note).toBe(
      "Please gift wrap",
    );
    expect(buildOrderDetail({ ...order(), parcels: [], events: [] }, "s.myshopify.com").shopify.note).toBeNull();
  });

  it("says of a send waiting for its next try that HyperSKU is not answering since when, and when the next try is", () => {
    const waiting = order({ state: "scheduled", attemptCount: 2, lastAttemptAt: at, nextAttemptAt: new Date(at.getTime() + 8 * 60_000) });
    const since = new Date(at.getTime() - 6 * 60_000);
    const down = getCallHealth({ lastSuccessfulCallAt: null, failingSince: since, lastFailure: "HTTP 503" }, at, "UTC");
    const view = buildOrderDetail({ ...waiting, parcels: [], events: [] }, "s.myshopify.com", { timeZone: "UTC", hyperskuHealth: down });
    expect(view.state.meaning).toBe(
      "HyperSKU is not answering since Jul 14, 2026, 9:54 AM UTC, next try at Jul 14, 2026, 10:08 AM UTC. Nothing is lost: the app keeps trying.",
    );
    const answering = getCallHealth({ lastSuccessfulCallAt: at, failingSince: null, lastFailure: null }, at, "UTC");
    expect(buildOrderDetail({ ...waiting, parcels: [], events: [] }, "s.myshopify.com", { hyperskuHealth: answering }).state.meaning).toBe(
      "Will be sent to HyperSKU shortly.",
    );
    // Only sends waiting on HyperSKU say so: a held order waits for a reconnect, not for HyperSKU.
    const held = order({ state: "held", stateCode: "reconnect_needed" });
    expect(buildOrderDetail({ ...held, parcels: [], events: [] }, "s.myshopify.com", { hyperskuHealth: down }).state.meaning).not.toMatch(
      /not answering/,
    );
  });
});
