import prisma from "~/models/db/client.server";
import { cancelOrderAtHypersku } from "~/domain/orders/cancel-at-hypersku.server";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { buildRestAddress, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";
import { placeSentOrder, syncNow } from "../support/tracking";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;

withTwins((twins) => ({ simulator, shopify } = twins));

let minute = 0;
/** The order as Shopify sends it after an edit: a later updated_at and the given changes. */
const edited = (payload: JsonObject, changes: JsonObject): JsonObject => {
  minute += 1;
  return { ...payload, updated_at: new Date(Date.parse("2026-07-14T15:00:00Z") + minute * 60_000).toISOString(), ...changes };
};
const deliver = async (topic: "orders/updated" | "orders/cancelled", body: JsonObject) => {
  const action = topic === "orders/updated" ? ordersUpdated : ordersCancelled;
  const response = await callRoute(action, createWebhookRequest({ topic, body }));
  expect(response.status).toBe(200);
};
const requests = (operation: string) => simulator.control.requests().filter((r) => r.operation === operation);
const simulatorOrder = (id: number) => simulator.control.orders().find((o) => o.orderBaseInfo.orderId === id)!;
const reload = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const NEW_ADDRESS = buildRestAddress({
  address1: "221B Baker Street",
  address2: null,
  city: "London",
  province: null,
  province_code: null,
  country: "United Kingdom",
  country_code: "GB",
  zip: "NW1 6XE",
});

describe("address changes after sending", () => {
  it("reach HyperSKU before it ships, in a job and not in the webhook, and nothing is written to Shopify", async () => {
    const { payload, order, hyperskuOrderId } = await placeSentOrder(shopify);
    const changed = edited(payload, { shipping_address: NEW_ADDRESS });
    await deliver("orders/updated", changed);
    expect(requests("updateOrderAddress")).toHaveLength(0); // the webhook only queues

    await drainQueue();

    const address = simulatorOrder(hyperskuOrderId).orderAddressInfo;
    expect(address).toMatchObject({ address1: "221B Baker Street", city: "London", countryCode: "GB", zip: "NW1 6XE" });
    const updated = await reload(order.id);
    expect(JSON.parse(updated.sentRequest!).shippingAddress).toMatchObject({ address1: "221B Baker Street", countryCode: "GB" });
    expect(updated.flagCode).toBeNull();
    const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "address" } });
    expect(events.map((e) => e.outcome)).toEqual(["updated"]);

    // Later versions that leave the address alone (tags, a fulfillment) change nothing at HyperSKU.
    await deliver("orders/updated", edited(changed, { tags: "vip" }));
    await drainQueue();
    expect(requests("updateOrderAddress")).toHaveLength(1);
    // Reads only (routing, variant facts, reconciliation): no fulfillment is created or changed in Shopify.
    expect(shopify.calls.filter((call) => ["FulfillmentCreate", "FulfillmentTrackingInfoUpdate"].includes(call.operation))).toEqual([]);
    expect(shopify.fulfillments).toEqual([]);
  });

  it("are flagged, not sent, once HyperSKU is shipping", async () => {
    const { payload, order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await syncNow();
    await deliver("orders/updated", edited(payload, { shipping_address: NEW_ADDRESS }));
    await drainQueue();

    expect(requests("updateOrderAddress")).toHaveLength(0);
    expect(simulatorOrder(hyperskuOrderId).orderAddressInfo.city).toBe("Mountain View");
    const flagged = await reload(order.id);
    expect(flagged.flagCode).toBe("address_changed_after_shipping");
    expect(flagged.flagReason).toMatch(/after HyperSKU started shipping \(HyperSKU status: Shipping\)/);
  });

  it("are flagged when HyperSKU refuses because it shipped before the app heard of it", async () => {
    const { payload, order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" }); // no sync: the app still thinks Pending Sourcing
    await deliver("orders/updated", edited(payload, { shipping_address: NEW_ADDRESS }));
    await drainQueue();

    expect(requests("updateOrderAddress")).toHaveLength(1);
    const flagged = await reload(order.id);
    expect(flagged).toMatchObject({ flagCode: "address_changed_after_shipping", hyperskuStatus: 4 });
    expect(simulatorOrder(hyperskuOrderId).orderAddressInfo.city).toBe("Mountain View");
  });

  it("are retried when HyperSKU is briefly unavailable", async () => {
    const { payload, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.setFault("updateOrderAddress", { errorRate: 1, times: 1 });
    await deliver("orders/updated", edited(payload, { shipping_address: NEW_ADDRESS }));
    await drainQueue();
    expect(requests("updateOrderAddress")).toHaveLength(2);
    expect(simulatorOrder(hyperskuOrderId).orderAddressInfo.city).toBe("London");
  });
});

describe("cancellations after sending", () => {
  it("cancel the order at HyperSKU before it ships, and the sync stops following it", async () => {
    const { payload, order, hyperskuOrderId } = await placeSentOrder(shopify);
    await deliver("orders/cancelled", edited(payload, { cancelled_at: "2026-07-14T16:00:00Z", cancel_reason: "customer" }));
    await drainQueue();

    expect(simulatorOrder(hyperskuOrderId).orderBaseInfo.status).toBe(6);
    const cancelled = await reload(order.id);
    expect(cancelled).toMatchObject({ hyperskuStatus: 6, nextSyncAt: null, flagCode: null });
    const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "cancellation" } });
    expect(events.map((e) => e.message)).toEqual(["Cancelled at HyperSKU (cancelled in Shopify)."]);
    expect(requests("updateOrderAddress")).toHaveLength(0); // a cancelled order's address is not pushed
  });

  it("are flagged when HyperSKU has already shipped", async () => {
    const { payload, order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await deliver("orders/cancelled", edited(payload, { cancelled_at: "2026-07-14T16:00:00Z", cancel_reason: "customer" }));
    await drainQueue();

    expect(simulatorOrder(hyperskuOrderId).orderBaseInfo.status).toBe(4);
    const flagged = await reload(order.id);
    expect(flagged.flagCode).toBe("cancelled_after_shipping");
    expect(flagged.flagReason).toMatch(/cancelled in Shopify\. HyperSKU can no longer cancel this order: it is Shipping/);
  });

  it("are flagged when HyperSKU refuses for another reason", async () => {
    const { payload, order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.setFault("cancelOrder", {
      reject: { status: 40010, message: "Orders paid by balance cannot be cancelled here" },
      times: 1,
    });
    await deliver("orders/cancelled", edited(payload, { cancelled_at: "2026-07-14T16:00:00Z" }));
    await drainQueue();
    expect(simulatorOrder(hyperskuOrderId).orderBaseInfo.status).toBe(8);
    expect(await reload(order.id)).toMatchObject({
      flagCode: "cancel_refused",
      flagReason: expect.stringMatching(/Orders paid by balance cannot be cancelled here/),
    });
  });
});

describe("the merchant's Cancel at HyperSKU", () => {
  it("cancels before shipping and explains why not afterwards", async () => {
    const first = await placeSentOrder(shopify);
    expect(await cancelOrderAtHypersku(TEST_SHOP, first.order.id)).toEqual({ ok: true, message: "HyperSKU cancelled the order." });
    expect(simulatorOrder(first.hyperskuOrderId).orderBaseInfo.status).toBe(6);
    expect(await cancelOrderAtHypersku(TEST_SHOP, first.order.id)).toEqual({
      ok: true,
      message: "HyperSKU has already closed this order.",
    });

    const second = await placeSentOrder(shopify);
    simulator.control.advance(second.hyperskuOrderId, { to: "shipping" });
    const refused = await cancelOrderAtHypersku(TEST_SHOP, second.order.id);
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/can no longer cancel this order: it is Shipping/) });
    expect((await reload(second.order.id)).hyperskuStatus).toBe(4);

    expect(await cancelOrderAtHypersku("other-shop.myshopify.com", second.order.id)).toEqual({ ok: false, message: "Order not found." });
  });
});

describe("items refunded or removed after sending", () => {
  it("tell the merchant at once what HyperSKU still holds and how to correct it, and send HyperSKU nothing", async () => {
    const { payload, order } = await placeSentOrder(shopify);
    const [first, second] = payload.line_items as JsonObject[];
    const before = simulator.control.requests().length;

    // An order edit removes the first line (both units); the second stays.
    const reduced = edited(payload, { line_items: [{ ...first, current_quantity: 0, fulfillable_quantity: 0 }, second] });
    await deliver("orders/updated", reduced);
    await drainQueue();

    const flagged = await reload(order.id);
    expect(flagged.state).toBe("sent");
    expect(flagged.flagCode).toBe("items_reduced_after_sending");
    expect(flagged.flagReason).toBe(
      `Refunded or removed in Shopify after the order was sent, but HyperSKU still has: 2 × ${String(first.title)} (none wanted now).`,
    );
    const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "items_reduced" } });
    expect(events).toHaveLength(1);
    expect(
      simulator.control
        .requests()
        .slice(before)
        .map((request) => request.operation),
    ).not.toContain("cancelOrder");

    // The same news again (a later delivery of the same edit) is not a second entry.
    await deliver("orders/updated", edited(reduced, {}));
    await drainQueue();
    expect(await prisma.orderEvent.count({ where: { orderId: order.id, kind: "items_reduced" } })).toBe(1);
  });

  it("say nothing when Shopify still wants every unit HyperSKU has", async () => {
    const { payload, order } = await placeSentOrder(shopify);
    await deliver("orders/updated", edited(payload, { note: "Leave at the door" }));
    await drainQueue();
    expect((await reload(order.id)).flagCode).toBeNull();
  });
});
