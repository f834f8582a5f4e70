// Orders moving through HyperSKU's states: on command (control API and /__sim/advance) and on the
// clock, with parcels at Shipping, split shipments, and the before-shipping-only changes.
import { describe, expect, it } from "vitest";
import { PATHS, buildAddress, buildLineItem, call, connect, createOrder, dataOf, startSimulator } from "./test-support";

async function withOrder(overrides: Record<string, unknown> = {}, options: Parameters<typeof startSimulator>[0] = {}) {
  const simulator = await startSimulator(options);
  const { accessToken: token } = await connect(simulator);
  const order = await createOrder(simulator, token, overrides);
  return { simulator, token: token as string, order, orderId: order.orderBaseInfo.orderId as number };
}

const statusOf = async (simulator: Awaited<ReturnType<typeof startSimulator>>, token: string, orderId: number) =>
  dataOf(await call(simulator, "POST", PATHS.status, { token, body: [orderId] }))[0];

describe("lifecycle", () => {
  it("walks 8 -> 1 -> 2 -> 3 -> 4 -> 5 -> 6 one step at a time, items following", async () => {
    const { simulator, token, orderId } = await withOrder();
    const seen = [8];
    for (let step = 0; step < 6; step += 1) {
      const [moved] = simulator.control.advance(orderId);
      seen.push(moved.orderBaseInfo.status);
      expect(moved.orderItemInfos.every((item: { status: number }) => item.status === moved.orderBaseInfo.status)).toBe(true);
    }
    expect(seen).toEqual([8, 1, 2, 3, 4, 5, 6]);
    expect(await statusOf(simulator, token, orderId)).toMatchObject({ status: 6, statusDesc: "Closed" });
    expect(() => simulator.control.advance(orderId)).toThrow("is Closed and cannot advance");
  });

  it("ships one parcel with every item, a unique tracking number and an https tracking URL", async () => {
    const { simulator, token, order, orderId } = await withOrder();
    const [shipped] = simulator.control.advance(orderId, { to: "shipping" });
    expect(shipped.orderBaseInfo).toMatchObject({ status: 4, statusDesc: "Shipping" });
    expect(shipped.orderBaseInfo.purchaseTime).toEqual(expect.any(String));
    expect(shipped.logisticsItems).toHaveLength(1);
    const [parcel] = shipped.logisticsItems;
    expect(parcel).toEqual({
      orderId,
      shippingItems: expect.any(Array),
      trackingCompany: expect.any(String),
      trackingNumber: expect.stringMatching(/^[A-Z0-9]{10,}$/),
      trackingUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(parcel.trackingUrl).toContain(parcel.trackingNumber);
    expect(parcel.shippingItems).toHaveLength(2);
    const [first] = parcel.shippingItems;
    const item = order.orderItemInfos[0];
    expect(first).toEqual({
      imgUrl: item.imgUrl,
      lineItemId: item.id,
      num: item.quantity,
      skuId: item.goodsId,
      skuProductUrl: expect.stringMatching(/^https:\/\//),
      spuId: item.productId,
      status: 4,
      statusDes: "Shipping",
      storeOrderLineItemId: item.storeOrderLineItemId,
      storeProductId: item.storeProductId,
      storeSkuId: item.storeSkuId,
      storeVariantId: item.storeVariantId,
      title: item.title,
      variantTitle: item.goodsAttr,
    });
    const fromApi = dataOf(await call(simulator, "GET", PATHS.logistics(order.orderBaseInfo.storeOrderId), { token }));
    expect(fromApi).toEqual(shipped.logisticsItems);

    const again = await createOrder(simulator, token);
    const [other] = simulator.control.advance(again.orderBaseInfo.orderId, { to: 4 });
    expect(other.logisticsItems[0].trackingNumber).not.toBe(parcel.trackingNumber);
  });

  it("splits a shipment into several parcels that together carry every unit", async () => {
    const lineItems = [
      buildLineItem({ storeOrderLineItemId: "a", quantity: 2 }),
      buildLineItem({ storeOrderLineItemId: "b", quantity: 1 }),
      buildLineItem({ storeOrderLineItemId: "c", quantity: 3 }),
    ];
    const { simulator, orderId } = await withOrder({ lineItems });
    const [shipped] = simulator.control.advance(orderId, { to: "shipping", split: true });
    expect(shipped.orderBaseInfo).toMatchObject({ status: 14, statusDesc: "Split Shipment" });
    expect(shipped.logisticsItems.length).toBeGreaterThanOrEqual(2);
    const numbers = shipped.logisticsItems.map((parcel: { trackingNumber: string }) => parcel.trackingNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const units: Record<string, number> = {};
    for (const parcel of shipped.logisticsItems) {
      expect(parcel.shippingItems.length).toBeGreaterThan(0);
      for (const item of parcel.shippingItems) units[item.storeOrderLineItemId] = (units[item.storeOrderLineItemId] ?? 0) + item.num;
    }
    expect(units).toEqual({ a: 2, b: 1, c: 3 });
    const [delivered] = simulator.control.advance(orderId);
    expect(delivered.orderBaseInfo.status).toBe(5);
    expect(
      delivered.logisticsItems.flatMap((parcel: { shippingItems: { status: number }[] }) =>
        parcel.shippingItems.map((item) => item.status),
      ),
    ).toEqual([5, 5, 5]);
  });

  it("splits the units of a single line item, and refuses to split a single unit", async () => {
    const { simulator, token, orderId } = await withOrder({ lineItems: [buildLineItem({ quantity: 3 })] });
    const [shipped] = simulator.control.advance(orderId, { to: 14 });
    expect(shipped.logisticsItems.map((parcel: { shippingItems: { num: number }[] }) => parcel.shippingItems[0].num)).toEqual([2, 1]);
    const single = await createOrder(simulator, token, { lineItems: [buildLineItem({ quantity: 1 })] });
    expect(() => simulator.control.advance(single.orderBaseInfo.orderId, { to: "shipping", split: true })).toThrow("single unit");
  });

  it("refuses to move an order backwards or to an unknown state", async () => {
    const { simulator, orderId } = await withOrder();
    simulator.control.advance(orderId, { to: "ready to ship" });
    expect(() => simulator.control.advance(orderId, { to: "processing" })).toThrow("already Ready to Ship");
    expect(() => simulator.control.advance(orderId, { to: "teleported" })).toThrow('unknown state "teleported"');
  });

  it("advances every unfinished order over HTTP with /__sim/advance", async () => {
    const { simulator, token, orderId } = await withOrder();
    const second = await createOrder(simulator, token, { lineItems: [buildLineItem({ quantity: 1 })] });
    const response = await fetch(`${simulator.url}/__sim/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orderId: "all", to: "shipping", split: true }),
    });
    expect(response.status).toBe(200);
    const moved = await response.json();
    expect(
      moved.map((order: { orderBaseInfo: { orderId: number; status: number } }) => [
        order.orderBaseInfo.orderId,
        order.orderBaseInfo.status,
      ]),
    ).toEqual([
      [orderId, 14],
      [second.orderBaseInfo.orderId, 4], // a single unit ships whole
    ]);
    const unknown = await fetch(`${simulator.url}/__sim/advance`, { method: "POST", body: JSON.stringify({ orderId: 1 }) });
    expect(unknown.status).toBe(404);
  });

  it("moves orders on the clock when autoAdvanceMs is set", async () => {
    // A step long enough for a loaded machine's polling (every 20 ms) to see each state on the way.
    const { simulator, orderId } = await withOrder({}, { autoAdvanceMs: 250 });
    const status = () => simulator.control.orders()[0].orderBaseInfo.status;
    await expect.poll(status, { timeout: 5000, interval: 20 }).toBe(4);
    await expect.poll(status, { timeout: 5000, interval: 20 }).toBe(6);
    expect(simulator.control.orders()[0].logisticsItems).toHaveLength(1);
    expect(orderId).toBe(simulator.control.orders()[0].orderBaseInfo.orderId);
  });
});

describe("changes before shipping only", () => {
  it("updates the address while the order is Processing, and returns it without e-mail", async () => {
    const { simulator, token, orderId } = await withOrder();
    simulator.control.advance(orderId, { to: "processing" });
    const address = buildAddress({ address1: "2 New Road", city: "Shelbyville", email: "new@example.test" });
    const updated = dataOf(await call(simulator, "POST", PATHS.updateAddress, { token, body: { orderId, ...address } }));
    expect(updated).toMatchObject({ address1: "2 New Road", city: "Shelbyville" });
    expect(updated).not.toHaveProperty("email");
    expect(simulator.control.orders()[0].orderAddressInfo.address1).toBe("2 New Road");
  });

  it("validates the new address", async () => {
    const { simulator, token, orderId } = await withOrder();
    const response = await call(simulator, "POST", PATHS.updateAddress, { token, body: { orderId, ...buildAddress({ city: "" }) } });
    expect(response.body).toMatchObject({ status: 40001, message: "city must not be empty" });
  });

  it("refuses an address change once the order ships", async () => {
    const { simulator, token, orderId } = await withOrder();
    simulator.control.advance(orderId, { to: "shipping" });
    const response = await call(simulator, "POST", PATHS.updateAddress, { token, body: { orderId, ...buildAddress() } });
    expect(response.body).toMatchObject({ status: 40009, message: `order ${orderId} is Shipping; its address can no longer be changed` });
  });

  it("cancels a Ready to Ship order, which becomes Closed", async () => {
    const { simulator, token, orderId } = await withOrder();
    simulator.control.advance(orderId, { to: "ready to ship" });
    const cancelled = dataOf(await call(simulator, "GET", PATHS.cancel(orderId), { token }));
    expect(cancelled).toEqual({ orderId, status: 6, statusDesc: "Closed" });
    expect(simulator.control.orders()[0].orderItemInfos[0]).toMatchObject({ status: 6, statusDes: "Closed" });
    expect(simulator.control.orders()[0].logisticsItems).toEqual([]);
  });

  it("refuses to cancel a shipped order (HTTP 409 in the bare form) or an unknown one", async () => {
    const { simulator, token, orderId } = await withOrder({}, { envelope: "bare" });
    simulator.control.advance(orderId, { to: "shipping" });
    const refused = await call(simulator, "GET", PATHS.cancel(orderId), { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 40009, message: `order ${orderId} is Shipping; it can no longer be cancelled` });
    const unknown = await call(simulator, "GET", PATHS.cancel(42), { token });
    expect(unknown.body).toEqual({ status: 40004, message: "orderId 42 does not exist" });
    const missing = await call(simulator, "GET", "/api/customer/admin/orders/cancelOrder", { token });
    expect(missing.body).toEqual({ status: 40001, message: "orderId is required" });
  });
});
