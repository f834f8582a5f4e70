import prisma from "~/models/db/client.server";
import { fulfillOrderParcels } from "~/domain/tracking/fulfill-parcels.server";
import { getNextShopSyncAt, syncOrderNow, syncShopOrders } from "~/domain/tracking/sync-orders.server";
import { cancelOrderAtHypersku } from "~/domain/orders/cancel-at-hypersku.server";
import { JOB_TYPES } from "~/domain/enqueue.server";
import { scheduleRecurringJobs } from "~/jobs/schedule.server";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import type { HyperskuSimulator, Order as SimulatorOrder } from "../../simulators/hypersku/server";
import { drainQueue } from "../support/queue";
import { TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";
import { makeOrdersDue, orderGidOf, placeSentOrder, syncNow } from "../support/tracking";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;
const realFetch = globalThis.fetch;

withTwins((twins) => ({ simulator, shopify } = twins));
afterEach(() => {
  globalThis.fetch = realFetch;
});

const simulatorOrder = (id: number): SimulatorOrder => simulator.control.orders().find((o) => o.orderBaseInfo.orderId === id)!;
const appCalls = (operation: string) => shopify.calls.filter((call) => call.operation === operation);
const eventsOf = (orderId: string) => prisma.orderEvent.findMany({ where: { orderId }, orderBy: { at: "asc" } });
const unitsOf = (lines: { lineItemId: string; quantity: number }[]) =>
  Object.fromEntries(lines.map((line) => [line.lineItemId, line.quantity]));

describe("status sync", () => {
  it("picks up a freshly sent order, records each status change once and asks again at the status's pace", async () => {
    const { order } = await placeSentOrder(shopify);
    expect(order).toMatchObject({ nextSyncAt: null, lastSyncedAt: null });

    await scheduleRecurringJobs();
    expect(await prisma.job.count({ where: { type: JOB_TYPES.syncOrders, status: "pending" } })).toBe(1);
    await drainQueue();
    const first = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(first.lastSyncedAt).not.toBeNull();
    const wait = first.nextSyncAt!.getTime() - first.lastSyncedAt!.getTime();
    expect(wait).toBeGreaterThanOrEqual(0.9 * 3600_000); // Pending Sourcing: about an hour
    expect(wait).toBeLessThanOrEqual(1.1 * 3600_000);

    simulator.control.advance(Number(order.hyperskuOrderId), { to: "ready to ship" });
    await syncNow();
    await syncNow(); // nothing changed: nothing recorded
    const synced = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(synced).toMatchObject({ hyperskuStatus: 3, hyperskuStatusDesc: "Ready to Ship" });
    expect(synced.nextSyncAt!.getTime() - synced.lastSyncedAt!.getTime()).toBeLessThanOrEqual(11 * 60_000); // minutes now
    const statusEvents = (await eventsOf(order.id)).filter((e) => e.kind === "status");
    // Pending Sourcing came with the create answer; the change is recorded once however often we ask.
    expect(statusEvents.map((e) => e.message)).toEqual(["HyperSKU status: Pending Sourcing → Ready to Ship."]);
    // The batch call, not one call per order.
    expect(simulator.control.requests().filter((r) => r.operation === "getOrdersStatus").length).toBe(3);
  });

  it("keeps HyperSKU's view of the order current when its status moves, not the frozen create answer", async () => {
    const { order } = await placeSentOrder(shopify);
    const storedStatus = async () => {
      const stored = (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).hyperskuResponse;
      return (JSON.parse(stored!) as { orderBaseInfo: { status: number } }).orderBaseInfo.status;
    };
    expect(await storedStatus()).toBe(8); // the create answer: Pending Sourcing
    const lookups = () => simulator.control.requests().filter((r) => r.operation === "getOrdersByExternalOrderId").length;

    simulator.control.advance(Number(order.hyperskuOrderId), { to: "ready to ship" });
    const before = lookups();
    await syncNow();
    expect(await storedStatus()).toBe(3);
    expect(lookups()).toBe(before + 1);

    await syncNow(); // nothing moved: no lookup
    expect(lookups()).toBe(before + 1);

    // A failed lookup keeps the copy the app has and does not fail the sync.
    simulator.control.advance(Number(order.hyperskuOrderId), { to: "shipping" });
    simulator.control.setFault("getOrdersByExternalOrderId", { errorRate: 1 });
    await syncNow();
    const synced = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(synced.hyperskuStatus).toBe(4);
    expect(await storedStatus()).toBe(3);

    // The status did not move again, but the copy is older than it: the next sync replaces it.
    simulator.control.setFault("getOrdersByExternalOrderId", null);
    await syncNow();
    expect(await storedStatus()).toBe(4);
  });

  it("replaces the stored answer of an order cancelled at HyperSKU, so its items stop reading Pending Sourcing", async () => {
    const { order } = await placeSentOrder(shopify);
    const storedItems = async () => {
      const stored = (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).hyperskuResponse;
      return (JSON.parse(stored!) as { orderItemInfos: { statusDes: string }[] }).orderItemInfos.map((item) => item.statusDes);
    };
    expect(new Set(await storedItems())).toEqual(new Set(["Pending Sourcing"]));
    // The merchant's "Cancel at HyperSKU" records Closed from the cancel's answer, before any sync saw it.
    expect(await cancelOrderAtHypersku(TEST_SHOP, order.id)).toMatchObject({ ok: true });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ hyperskuStatus: 6 });

    // HyperSKU still reports on the order (here: asked once more): the status did not move, the copy is replaced.
    await prisma.order.update({ where: { id: order.id }, data: { nextSyncAt: new Date(Date.now() - 1_000) } });
    await syncNow();
    expect(new Set(await storedItems())).toEqual(new Set(["Closed"]));
    const stored = JSON.parse((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).hyperskuResponse!) as {
      orderBaseInfo: { status: number };
    };
    expect(stored.orderBaseInfo.status).toBe(6);
  });

  it("tries again later when HyperSKU is briefly unavailable", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "processing" });
    simulator.control.setFault("getOrdersStatus", { errorRate: 1, times: 1 });
    await syncNow();
    expect(simulator.control.requests().filter((r) => r.operation === "getOrdersStatus")).toHaveLength(2);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).hyperskuStatus).toBe(2);
  });

  it("stops asking once HyperSKU reports the order final", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "delivered" });
    await syncNow();
    const done = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(done).toMatchObject({ hyperskuStatus: 5, nextSyncAt: null });
    expect(await prisma.parcel.count({ where: { orderId: order.id } })).toBe(1); // parcels fetched on the way out
    expect(await getNextShopSyncAt(TEST_SHOP)).toBeNull();
    await scheduleRecurringJobs();
    expect(await prisma.job.count({ where: { type: JOB_TYPES.syncOrders, status: "pending" } })).toBe(0);
  });
});

describe("Shopify fulfillments from HyperSKU parcels", () => {
  it("makes one fulfillment with the parcel's items and tracking, even when the sync runs twice at once", async () => {
    const { order, payload, hyperskuOrderId } = await placeSentOrder(shopify);
    await syncNow();
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    const [parcel] = simulatorOrder(hyperskuOrderId).logisticsItems;

    await makeOrdersDue();
    await Promise.all([syncShopOrders(TEST_SHOP), syncShopOrders(TEST_SHOP)]);
    await Promise.all([fulfillOrderParcels(order.id), fulfillOrderParcels(order.id)]);
    await drainQueue();
    await syncNow();

    expect(shopify.fulfillments).toHaveLength(1);
    expect(appCalls("FulfillmentCreate")).toHaveLength(1);
    const [fulfillment] = shopify.fulfillments;
    expect(fulfillment.orderId).toBe(orderGidOf(payload));
    expect(unitsOf(fulfillment.lineItems)).toEqual(
      unitsOf(parcel.shippingItems.map((i) => ({ lineItemId: i.storeOrderLineItemId, quantity: i.num }))),
    );
    // A carrier Shopify knows, by Shopify's name, and HyperSKU's own link with it.
    expect(fulfillment.trackingInfo).toEqual({ company: parcel.trackingCompany, number: parcel.trackingNumber, url: parcel.trackingUrl });
    expect(fulfillment.notifyCustomer).toBe(true);
    expect(shopify.fulfillmentOrders(TEST_SHOP, orderGidOf(payload))[0].status).toBe("CLOSED");

    const [row] = await prisma.parcel.findMany({ where: { orderId: order.id } });
    expect(row).toMatchObject({ fulfillmentState: "created", shopifyFulfillmentId: fulfillment.id, trackingNumber: parcel.trackingNumber });
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.kind === "tracking" && e.outcome === "added")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "fulfillment" && e.outcome === "created")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "status" && e.outcome === "4")).toHaveLength(1);
  });

  it("makes one fulfillment per parcel of a split shipment", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping", split: true });
    const parcels = simulatorOrder(hyperskuOrderId).logisticsItems;
    expect(parcels).toHaveLength(2);

    await syncNow();

    expect(shopify.fulfillments).toHaveLength(2);
    for (const parcel of parcels) {
      const made = shopify.fulfillments.find((f) => f.trackingInfo.number === parcel.trackingNumber)!;
      expect(unitsOf(made.lineItems)).toEqual(
        unitsOf(parcel.shippingItems.map((i) => ({ lineItemId: i.storeOrderLineItemId, quantity: i.num }))),
      );
    }
    expect((await prisma.parcel.findMany({ where: { orderId: order.id } })).map((p) => p.fulfillmentState)).toEqual(["created", "created"]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).hyperskuStatus).toBe(14);
  });

  it("passes a tracking change on as a tracking update, once, and honours the notify setting", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { notifyCustomer: false } });
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await syncNow();
    expect(shopify.fulfillments[0].notifyCustomer).toBe(false);

    // The parcel is handed to a last-mile carrier. The simulator has no command for that, so its
    // logistics answer is rewritten on the way back.
    handOverToLastMile("9400111899223197428490", "USPS");
    await syncNow();
    await syncNow();

    expect(shopify.fulfillments).toHaveLength(1);
    expect(appCalls("FulfillmentTrackingInfoUpdate")).toHaveLength(1);
    expect(shopify.fulfillments[0].trackingInfo).toEqual({ company: "USPS", number: "9400111899223197428490", url: null });
    expect(shopify.fulfillments[0].trackingUpdates[0].notifyCustomer).toBe(false);
    const [row] = await prisma.parcel.findMany({ where: { orderId: order.id } });
    expect(row).toMatchObject({
      fulfillmentState: "created",
      trackingNumber: "9400111899223197428490",
      syncedTracking: "USPS|9400111899223197428490|",
    });
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.kind === "tracking" && e.outcome === "changed")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "fulfillment" && e.outcome === "tracking_updated")).toHaveLength(1);
  });

  it("sends the tracking URL for a carrier Shopify does not know", async () => {
    const { hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    handOverToLastMile("SYAE000123456", "Sunyou Economic Air Mail", "https://www.sypost.net/search?orderNo=SYAE000123456");
    await syncNow();
    expect(shopify.fulfillments[0].trackingInfo).toEqual({
      company: "Sunyou Economic Air Mail",
      number: "SYAE000123456",
      url: "https://www.sypost.net/search?orderNo=SYAE000123456",
    });
  });

  it("shows Shopify's userErrors on the parcel and the order, and tries again when the merchant refreshes", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    shopify.rejectNext.push({
      operation: "FulfillmentCreate",
      userErrors: [{ field: ["fulfillment"], message: "Location is not active." }],
    });
    await syncNow();

    const [failed] = await prisma.parcel.findMany({ where: { orderId: order.id } });
    expect(failed.fulfillmentState).toBe("failed");
    expect(failed.fulfillmentError).toMatch(/Location is not active/);
    const flagged = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(flagged.flagCode).toBe("fulfillment_failed");
    expect(flagged.flagReason).toMatch(/Location is not active/);
    expect(shopify.fulfillments).toHaveLength(0);
    await syncNow();
    expect(appCalls("FulfillmentCreate")).toHaveLength(1); // not retried on its own

    const refreshed = await syncOrderNow(TEST_SHOP, order.id);
    expect(refreshed).toMatchObject({ ok: true, message: expect.stringMatching(/Shipping/) });
    await drainQueue();
    expect(shopify.fulfillments).toHaveLength(1);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ flagCode: null, flagReason: null });
    expect(await syncOrderNow("other-shop.myshopify.com", order.id)).toEqual({ ok: false, message: "Order not found." });
  });

  it("waits out Shopify's throttle without using up an attempt, then fulfills once", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    shopify.throttleNext = 1;
    await makeOrdersDue();
    await syncShopOrders(TEST_SHOP);
    const before = Date.now();
    await drainQueue({ fastForward: false });

    const job = await prisma.job.findFirstOrThrow({ where: { type: JOB_TYPES.fulfillParcels, subjectId: order.id } });
    expect(job).toMatchObject({ status: "pending", attempts: 0 });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + 500); // (52 - 10) / 100 per second, and a margin
    expect((await prisma.parcel.findFirstOrThrow({ where: { orderId: order.id } })).fulfillmentState).toBe("pending");

    await drainQueue();
    expect(shopify.fulfillments).toHaveLength(1);
  });
});

describe("not fighting the merchant", () => {
  it("records a conflict when the items were fulfilled by hand in Shopify", async () => {
    const { order, payload, hyperskuOrderId } = await placeSentOrder(shopify);
    shopify.fulfillByHand(TEST_SHOP, orderGidOf(payload));
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await syncNow();

    expect(shopify.fulfillments.map((f) => f.createdBy)).toEqual(["merchant"]);
    expect(appCalls("FulfillmentCreate")).toHaveLength(0);
    const [parcel] = await prisma.parcel.findMany({ where: { orderId: order.id } });
    expect(parcel.fulfillmentState).toBe("conflict");
    expect(parcel.fulfillmentError).toMatch(/already fulfilled or closed in Shopify/);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      flagCode: "fulfillment_conflict",
      flagReason: expect.stringMatching(/was not marked as fulfilled in Shopify/),
    });
  });

  it("leaves a held fulfillment order alone, and fulfills once the hold is released and the merchant refreshes", async () => {
    const { order, payload, hyperskuOrderId } = await placeSentOrder(shopify);
    shopify.holdFulfillmentOrders(TEST_SHOP, orderGidOf(payload), "AWAITING_PAYMENT", "Bank transfer pending");
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await syncNow();
    expect(shopify.fulfillments).toHaveLength(0);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).flagReason).toMatch(
      /on hold \(awaiting payment: Bank transfer pending\)/,
    );

    shopify.releaseHolds(TEST_SHOP, orderGidOf(payload));
    expect((await syncOrderNow(TEST_SHOP, order.id)).ok).toBe(true);
    await drainQueue();
    expect(shopify.fulfillments).toHaveLength(1);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).flagCode).toBeNull();
  });

  it("records a conflict for items another fulfillment service handles", async () => {
    const { order, payload, hyperskuOrderId } = await placeSentOrder(shopify);
    const firstLine = String((payload.line_items as { id: number }[])[0].id);
    shopify.assignToFulfillmentService(TEST_SHOP, orderGidOf(payload), firstLine);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await syncNow();
    expect(shopify.fulfillments).toHaveLength(0);
    expect((await prisma.parcel.findFirstOrThrow({ where: { orderId: order.id } })).fulfillmentError).toMatch(
      /another fulfillment service/,
    );
  });

  it("adopts the fulfillment of a run that died after Shopify made it, instead of making a second", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await syncNow();
    expect(shopify.fulfillments).toHaveLength(1);
    // As if the process died between Shopify's answer and recording it.
    const parcel = await prisma.parcel.findFirstOrThrow({ where: { orderId: order.id } });
    await prisma.parcel.update({
      where: { id: parcel.id },
      data: {
        fulfillmentState: "creating",
        shopifyFulfillmentId: null,
        syncedTracking: null,
        updatedAt: new Date(Date.now() - 10 * 60_000),
      },
    });

    await fulfillOrderParcels(order.id);

    expect(shopify.fulfillments).toHaveLength(1);
    expect(appCalls("FulfillmentCreate")).toHaveLength(1);
    expect(await prisma.parcel.findUniqueOrThrow({ where: { id: parcel.id } })).toMatchObject({
      fulfillmentState: "created",
      shopifyFulfillmentId: shopify.fulfillments[0].id,
    });
  });
});

/** Rewrites HyperSKU's logistics answers: every parcel now carries this carrier and number. */
function handOverToLastMile(trackingNumber: string, trackingCompany: string, trackingUrl: string | null = null) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes("/internationalLogisticsInfo/")) return response;
    const body = (await response.json()) as { data?: { trackingNumber: string; trackingCompany: string; trackingUrl: string | null }[] };
    for (const parcel of body.data ?? []) Object.assign(parcel, { trackingNumber, trackingCompany, trackingUrl });
    return new Response(JSON.stringify(body), { status: response.status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
}
