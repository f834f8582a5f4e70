// Through the webhook path against the HyperSKU twin: orders that are no parcel are left alone with
// their reason, an address a carrier cannot use waits for the merchant, and nothing of either is sent.
import prisma from "~/models/db/client.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { withForwardingSimulator } from "../support/hypersku";
import {
  buildRestAddress,
  buildRestOrder,
  type JsonObject,
  restLocalDeliveryOverrides,
  restPickupOverrides,
} from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";

let simulator: HyperskuSimulator;
withForwardingSimulator((started) => (simulator = started));

const deliver = (topic: "orders/create" | "orders/updated", body: JsonObject) =>
  callRoute(topic === "orders/create" ? ordersCreate : ordersUpdated, createWebhookRequest({ topic, body }));
const creates = () => simulator.control.requests().filter((r) => r.operation === "createOrderFromExternal");
const orderRecord = (payload: JsonObject) =>
  prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });

describe("orders that are not parcels, and addresses a parcel cannot reach", () => {
  it("skips pickup and local delivery with the reason, holds a US order without ZIP code, and sends only the parcel", async () => {
    const pickup = buildRestOrder({ overrides: restPickupOverrides() });
    const local = buildRestOrder({ overrides: restLocalDeliveryOverrides() });
    const noZip = buildRestOrder({ overrides: { shipping_address: buildRestAddress({ zip: null }) } });
    const parcel = buildRestOrder();
    for (const payload of [pickup, local, noZip, parcel]) expect((await deliver("orders/create", payload)).status).toBe(200);
    await drainQueue();

    expect(await orderRecord(pickup)).toMatchObject({
      state: "skipped",
      stateCode: "local_pickup",
      stateReason: "The customer picks this order up in person, so there is no parcel for HyperSKU to ship.",
    });
    expect(await orderRecord(local)).toMatchObject({ state: "skipped", stateCode: "local_delivery" });
    expect(await orderRecord(noZip)).toMatchObject({
      state: "needs_attention",
      stateCode: "missing_zip_code",
      stateReason: "The shipping address has no ZIP code, which parcels to this country need.",
    });
    expect((await orderRecord(parcel)).state).toBe("sent");
    expect(creates().map((request) => (request.body as { storeOrderId: string }).storeOrderId)).toEqual([String(parcel.id)]);
  });

  it("sends the held order once the merchant adds the ZIP code in Shopify", async () => {
    const noZip = buildRestOrder({ overrides: { shipping_address: buildRestAddress({ zip: null }) } });
    await deliver("orders/create", noZip);
    await drainQueue();
    expect((await orderRecord(noZip)).stateCode).toBe("missing_zip_code");

    await deliver("orders/updated", { ...noZip, shipping_address: buildRestAddress(), updated_at: "2026-07-14T11:00:00-04:00" });
    await drainQueue();
    expect((await orderRecord(noZip)).state).toBe("sent");
    expect(creates()).toHaveLength(1);
  });
});
