/**
 * A merchant's week, part 1: orders that go out and come back as Shopify fulfillments, with
 * Shopify's own follow-ups (the `orders/updated` after each of the app's fulfillments) delivered to
 * the production server. Each scenario says what the merchant, HyperSKU and the customer end up with.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDashboard } from "~/domain/admin/dashboard.server";
import { listFlaggedOrdersForDigest } from "~/models/digest.server";
import prisma from "~/models/db/client.server";
import { buildRestLineItem, buildRestOrder, type JsonObject } from "../../../simulators/harness/order-payloads";
import { withMerchantWeek, type Week } from "../../support/merchant-week";
import { syncNow } from "../../support/tracking";

let week: Week;
withMerchantWeek((played) => (week = played));

const lines = (payload: JsonObject) => payload.line_items as JsonObject[];

/** `npm run hypersku:preview` on the order as Shopify sent it: its exit code and the request it prints. */
function preview(payload: JsonObject, ...options: string[]) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "week-preview-")), "order.json");
  fs.writeFileSync(file, JSON.stringify(payload));
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/hypersku-preview.ts", file, ...options], { encoding: "utf8" });
  return {
    status: run.status,
    request: run.status === 0 ? (JSON.parse(run.stdout) as { lineItems: { storeOrderLineItemId: string }[] }) : null,
    stderr: run.stderr,
  };
}

/** No problem anywhere the merchant looks: the order, the dashboard's problems, the e-mail digest. */
async function expectNoProblem(shop: string, shopifyOrderId: string | number) {
  const record = await week.record(shop, shopifyOrderId);
  expect({ flagCode: record.flagCode, flagReason: record.flagReason }).toEqual({ flagCode: null, flagReason: null });
  expect((await listFlaggedOrdersForDigest(shop, 10)).total).toBe(0);
  const dashboard = JSON.stringify(await getDashboard(shop));
  expect(dashboard).not.toMatch(/Refunded or removed|outside the app/);
  const page = await week.pageText(shop, `/app/orders/${record.id}`);
  expect(page).not.toMatch(/Refunded or removed|HyperSKU still has|outside the app/);
  return page;
}

describe("an order HyperSKU ships", () => {
  it("in two parcels: two fulfillments with HyperSKU's tracking, one HyperSKU order, and no problem after Shopify's orders/updated", async () => {
    const shop = await week.openShop();
    const payload = buildRestOrder({
      lineItems: [buildRestLineItem({ overrides: { quantity: 2 } }), buildRestLineItem({ unitPrice: "12.50" })],
    });
    week.place(shop, payload);
    await week.settle();
    expect((await week.record(shop, payload.id as number)).state).toBe("sent");

    await week.ship(shop, payload.id as number, { split: true });

    // Shopify: every unit fulfilled by the app's two fulfillments, each with a tracking number and link.
    const order = week.shopify.restOrder(shop, payload.id as number);
    expect(order.fulfillment_status).toBe("fulfilled");
    expect(lines(order).map((line) => line.fulfillable_quantity)).toEqual([0, 0]);
    const fulfillments = order.fulfillments as JsonObject[];
    expect(fulfillments).toHaveLength(2);
    // Each with HyperSKU's tracking number and HyperSKU's own tracking link, whatever the carrier.
    for (const fulfillment of fulfillments) {
      expect(fulfillment.tracking_number).toBeTruthy();
      expect(fulfillment.tracking_url).toMatch(/^https:\/\//);
    }
    expect(week.shopify.fulfillments.filter((f) => f.shop === shop).map((f) => f.createdBy)).toEqual(["app", "app"]);
    // The server received Shopify's follow-ups to the app's own fulfillments...
    const followUps = week.shopify.webhooks.delivered.filter((d) => d.shop === shop && d.topic === "orders/updated");
    expect(followUps.some((d) => ((d.body as JsonObject).fulfillment_status as string | null) === "fulfilled")).toBe(true);
    // ...and reads them as the normal course of the order: nothing for the merchant to do.
    expect(week.hyperskuOrders(payload.id as number)).toHaveLength(1);
    await expectNoProblem(shop, payload.id as number);
  });

  it("handed to a last-mile carrier: the tracking is updated in Shopify, and Shopify's orders/updated after it is no problem", async () => {
    const shop = await week.openShop();
    const payload = buildRestOrder();
    week.place(shop, payload);
    await week.settle();
    await week.ship(shop, payload.id as number);

    // The simulator has no command for a carrier hand-over: its logistics answer is rewritten on the way back.
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/internationalLogisticsInfo/")) return response;
      const body = (await response.json()) as { data?: Record<string, unknown>[] };
      for (const parcel of body.data ?? [])
        Object.assign(parcel, {
          trackingNumber: "9400111899223197428490",
          trackingCompany: "USPS",
          trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490",
        });
      return new Response(JSON.stringify(body), { status: response.status, headers: { "Content-Type": "application/json" } });
    }) as typeof fetch;
    try {
      for (let round = 0; round < 2; round += 1) {
        await syncNow(shop);
        await week.settle();
      }
    } finally {
      globalThis.fetch = realFetch;
    }

    const [fulfillment] = week.shopify.restOrder(shop, payload.id as number).fulfillments as JsonObject[];
    expect(fulfillment).toMatchObject({ tracking_company: "USPS", tracking_number: "9400111899223197428490" });
    const afterUpdate = week.shopify.webhooks.raised.filter((event) => event.shop === shop).slice(-2);
    expect(afterUpdate.map((event) => event.topic)).toEqual(["fulfillments/update", "orders/updated"]);
    expect(week.shopify.webhooks.waiting()).toEqual([]);
    await expectNoProblem(shop, payload.id as number);
  });

  it("a mixed cart: only the merchant's own line goes to HyperSKU, only it is fulfilled, and the other fulfiller's line is left alone", async () => {
    const shop = await week.openShop();
    const ours = buildRestLineItem({ unitPrice: "30.00" });
    const printful = buildRestLineItem({ unitPrice: "20.00", overrides: { fulfillment_service: "printful" } });
    const payload = buildRestOrder({ lineItems: [ours, printful] });
    week.place(shop, payload);
    // Shopify assigns the Printful line to Printful's location at checkout.
    week.shopify.assignToFulfillmentService(shop, String(payload.id), String(printful.id));
    await week.settle();

    const [sent] = week.hyperskuOrders(payload.id as number);
    expect(sent.orderItemInfos.map((item) => item.storeOrderLineItemId)).toEqual([String(ours.id)]);
    // The preview promises what the app did: the Printful line left out.
    const promised = preview(payload);
    expect(promised.status, promised.stderr).toBe(0);
    expect(promised.request!.lineItems.map((line) => line.storeOrderLineItemId)).toEqual([String(ours.id)]);
    expect(promised.stderr).toMatch(/printful/i);
    await week.ship(shop, payload.id as number);
    const order = week.shopify.restOrder(shop, payload.id as number);
    expect(lines(order).map((line) => [line.id, line.fulfillable_quantity])).toEqual([
      [ours.id, 0],
      [printful.id, 1],
    ]);
    expect(order.fulfillment_status).toBe("partial");
    await expectNoProblem(shop, payload.id as number);
  });
});

describe("orders the app does not send", () => {
  it("a test order is not sent, and the preview says so with its own exit code", async () => {
    const shop = await week.openShop();
    const payload = buildRestOrder({ overrides: { test: true } });
    week.place(shop, payload);
    await week.settle();
    expect(week.hyperskuOrders(payload.id as number)).toEqual([]);
    expect((await week.record(shop, payload.id as number)).state).toBe("skipped");
    const promised = preview(payload);
    expect(promised.status).toBe(3);
    expect(promised.stderr.trim().split("\n").at(-1)).toMatch(/test order/i);
  });
});

describe("the merchant's own fulfilment", () => {
  it("before sending: the marked line is not sent, and nothing is asked of HyperSKU for it", async () => {
    const shop = await week.openShop();
    const [first, second] = [buildRestLineItem(), buildRestLineItem()];
    const payload = buildRestOrder({ lineItems: [first, second] });
    week.place(shop, payload);
    week.shopify.fulfillByHand(shop, String(payload.id), [{ lineItemId: String(first.id), quantity: 1 }]);
    await week.settle();

    const [sent] = week.hyperskuOrders(payload.id as number);
    expect(sent.orderItemInfos.map((item) => item.storeOrderLineItemId)).toEqual([String(second.id)]);
    await week.ship(shop, payload.id as number);
    expect(week.shopify.restOrder(shop, payload.id as number).fulfillment_status).toBe("fulfilled");
    await expectNoProblem(shop, payload.id as number);
  });

  it("after sending: said as what it is (fulfilled outside the app), with what HyperSKU will still ship", async () => {
    const shop = await week.openShop();
    const payload = buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { title: "Linen Throw Pillow", quantity: 2 } })] });
    week.place(shop, payload);
    await week.settle();
    week.shopify.fulfillByHand(shop, String(payload.id));
    await week.settle();

    const record = await week.record(shop, payload.id as number);
    expect(record.flagCode).toBe("fulfilled_outside_app");
    expect(record.flagReason).toBe(
      "Marked as fulfilled in Shopify outside the app after the order was sent: 2 × Linen Throw Pillow. HyperSKU still buys and ships these items.",
    );
    const page = await week.pageText(shop, `/app/orders/${record.id}`);
    expect(page).toContain("Marked as fulfilled in Shopify outside the app");
    expect(page).not.toContain("Refunded or removed");
  });
});

describe("a refund of one line after sending", () => {
  it("names that line only, and the shipment that follows adds no other problem", async () => {
    const shop = await week.openShop();
    const kept = buildRestLineItem({ overrides: { title: "Ceramic Pour-Over Set" } });
    const refunded = buildRestLineItem({ overrides: { title: "Wool Blend Beanie", quantity: 2 } });
    const payload = buildRestOrder({ lineItems: [kept, refunded] });
    week.place(shop, payload);
    await week.settle();
    week.shopify.refund(shop, String(payload.id), [{ lineItemId: refunded.id as number, quantity: 1 }]);
    await week.settle();

    const reason = "Refunded or removed in Shopify after the order was sent, but HyperSKU still has: 2 × Wool Blend Beanie (1 wanted now).";
    expect(await week.record(shop, payload.id as number)).toMatchObject({ flagCode: "items_reduced_after_sending", flagReason: reason });

    await week.ship(shop, payload.id as number);
    const after = await week.record(shop, payload.id as number);
    expect(after.flagReason).toBe(reason);
    const events = await prisma.orderEvent.findMany({
      where: { orderId: after.id, kind: { in: ["items_reduced", "fulfilled_outside_app"] } },
    });
    expect(events.map((event) => event.message)).toEqual([reason]);
  });
});
