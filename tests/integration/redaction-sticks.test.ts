/**
 * Redaction sticks (issue 14, item 12): once Shopify asked to erase a customer's data, no later
 * version of their orders is stored with personal data or sent to HyperSKU, through every intake
 * path: signed webhooks over HTTP to the production server, reconciliation, a past-orders run, and
 * after shop/redact followed by a reinstall. Orders Shopify names that the app has not seen yet
 * are covered too.
 */
import prisma from "~/models/db/client.server";
import { runBackfillStep, startBackfill } from "~/domain/backfill/run-backfill.server";
import { retryOrder, sendOrderNow } from "~/domain/orders/order-actions.server";
import { reconcileOrders } from "~/domain/orders/reconcile-orders.server";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { createWebhookSender } from "../../simulators/shopify/webhook-sender";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { startAppServer, type RunningApp } from "../support/app-server";
import { loadBuild } from "../support/build";
import { connectShop } from "../support/connected-shop";
import { readAllRowsAsText } from "../support/database";
import { createSession } from "../support/factories";
import { buildGraphqlAddress, buildGraphqlOrder, buildRestAddress, buildRestOrder, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { API_SECRET_KEY, createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { placeSentOrder } from "../support/tracking";
import { withTwins } from "../support/twins";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;
withTwins((twins) => ({ simulator, shopify } = twins));

/** A customer whose every detail is unusual enough to search for. */
const ZELDA = {
  email: "zelda.quixmarrow@example.org",
  phone: "+44 7700 900123",
  first: "Zelda",
  last: "Quixmarrow",
  address1: "77 Unusual Lane",
  address2: "Flat 9b",
  city: "Snowmoorton",
  zip: "QX9 7ZZ",
};
const ZELDA_TRACES = ["Zelda", "Quixmarrow", "77 Unusual Lane", "Flat 9b", "Snowmoorton", "QX9 7ZZ", "7700 900123", "zelda.quixmarrow"];

const restAddress = buildRestAddress({
  first_name: ZELDA.first,
  last_name: ZELDA.last,
  name: `${ZELDA.first} ${ZELDA.last}`,
  address1: ZELDA.address1,
  address2: ZELDA.address2,
  city: ZELDA.city,
  province: null,
  province_code: null,
  country: "United Kingdom",
  country_code: "GB",
  zip: ZELDA.zip,
  phone: ZELDA.phone,
});

/** Zelda's order as a REST webhook payload. */
const zeldasRestOrder = (overrides: JsonObject = {}) =>
  buildRestOrder({
    overrides: {
      email: ZELDA.email,
      contact_email: ZELDA.email,
      phone: ZELDA.phone,
      shipping_address: restAddress,
      billing_address: restAddress,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone, first_name: ZELDA.first, last_name: ZELDA.last },
      ...overrides,
    },
  });

/** Zelda's order as Shopify's Admin GraphQL returns it (reconciliation, past-orders runs). */
const zeldasGraphqlOrder = (legacyResourceId: string, overrides: JsonObject = {}) => {
  const node = buildGraphqlOrder({
    overrides: {
      legacyResourceId,
      email: ZELDA.email,
      phone: ZELDA.phone,
      shippingAddress: buildGraphqlAddress({
        firstName: ZELDA.first,
        lastName: ZELDA.last,
        address1: ZELDA.address1,
        address2: ZELDA.address2,
        city: ZELDA.city,
        province: null,
        provinceCode: null,
        country: "United Kingdom",
        countryCodeV2: "GB",
        zip: ZELDA.zip,
        phone: ZELDA.phone,
      }),
      ...overrides,
    },
  });
  node.id = `gid://shopify/Order/${legacyResourceId}`;
  return node as JsonObject & { id: string; updatedAt: string };
};

const found = (text: string) => ZELDA_TRACES.filter((trace) => text.toLowerCase().includes(trace.toLowerCase()));
const asText = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? String(v) : v));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Every database row that belongs to the order: the record, timeline, parcels, jobs, deliveries. */
async function rowsOfOrder(shopifyOrderId: string) {
  const order = await prisma.order.findUnique({
    where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId } },
    include: { events: true, parcels: true },
  });
  const jobs = order ? await prisma.job.findMany({ where: { subjectId: order.id } }) : [];
  const deliveries = await prisma.webhookDelivery.findMany({ where: { shopifyOrderId } });
  return { order, jobs, deliveries };
}

/** What the HyperSKU simulator received (from request number `from` on) or holds that concerns the order or the customer. */
function hyperskuSawOf(shopifyOrderId: string, from = 0) {
  const requests = simulator.control
    .requests()
    .slice(from)
    .filter((entry) => asText(entry.body).includes(shopifyOrderId) || found(asText(entry)).length > 0);
  const orders = simulator.control.orders().filter((order) => order.orderBaseInfo.storeOrderId === shopifyOrderId);
  return [...requests, ...orders];
}

/** The order stays redacted: no personal value in any of its rows, never queued, never at HyperSKU. */
async function expectRedactionStuck(shopifyOrderId: string, ignoredVersions: number, requestsFrom = 0) {
  const rows = await rowsOfOrder(shopifyOrderId);
  expect(rows.order, `order ${shopifyOrderId} has a record`).not.toBeNull();
  expect(found(asText(rows))).toEqual([]);
  expect(rows.order).toMatchObject({ state: "skipped", stateCode: "customer_redacted", sentRequest: null, hyperskuOrderId: null });
  expect(rows.jobs.filter((job) => job.type === "forward_order" && job.status !== "cancelled")).toEqual([]);
  const ignored = rows.order!.events.filter((event) => event.kind === "ignored_redacted");
  expect(ignored).toHaveLength(ignoredVersions);
  expect(hyperskuSawOf(shopifyOrderId, requestsFrom)).toEqual([]);
  expect(await prisma.redactedOrder.count({ where: { shop: TEST_SHOP, shopifyOrderId } })).toBe(1);
}

const redactZelda = (orderIds: (number | string)[]) =>
  callRoute(
    customersRedact,
    createWebhookRequest({
      topic: "customers/redact",
      body: {
        shop_id: 954889,
        shop_domain: TEST_SHOP,
        customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
        orders_to_redact: orderIds.map(Number),
      },
    }),
  );

describe("redaction sticks: webhooks over HTTP to the production server", () => {
  let web: RunningApp;

  beforeAll(async () => {
    await loadBuild();
  });
  afterAll(async () => {
    await web?.stop();
  });

  it("ignores orders/paid and orders/updated of a redacted customer's unsent order, and a named order first seen after the redaction", async () => {
    web ??= await startAppServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      HYPERSKU_API_URL: simulator.url,
      HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
      WORKER_MODE: "off",
    });
    const send = createWebhookSender({ appUrl: web.url, secret: API_SECRET_KEY });
    const deliver = async (topic: string, body: JsonObject) => expect((await send({ topic, shop: TEST_SHOP, body })).status).toBe(200);

    // Another customer's order goes out as usual: the path under test does send.
    const ada = buildRestOrder();
    await deliver("orders/create", ada);
    // Zelda's order, not paid yet; and one of hers the app has never received.
    const unpaid = zeldasRestOrder({ financial_status: "pending", updated_at: "2026-07-14T10:16:02-04:00" });
    const unseen = zeldasRestOrder({ updated_at: "2026-07-14T10:16:02-04:00" });
    await deliver("orders/create", unpaid);
    await drainQueue();
    expect(simulator.control.orders().map((o) => o.orderBaseInfo.storeOrderId)).toEqual([String(ada.id)]);

    await deliver("customers/redact", {
      shop_id: 954889,
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
      orders_to_redact: [unpaid.id, unseen.id],
    });
    await drainQueue();

    // The customer pays, then edits her order; the unseen order arrives paid. All with her data.
    await deliver("orders/paid", { ...unpaid, financial_status: "paid", updated_at: "2026-07-15T09:00:00Z" });
    await deliver("orders/updated", {
      ...unpaid,
      financial_status: "paid",
      updated_at: "2026-07-15T09:05:00Z",
      note_attributes: [{ name: "gift", value: "For Zelda" }],
    });
    await deliver("orders/paid", unseen);
    await drainQueue();

    await expectRedactionStuck(String(unpaid.id), 2);
    await expectRedactionStuck(String(unseen.id), 1);
    const timeline = (await rowsOfOrder(String(unpaid.id)))
      .order!.events.filter((e) => e.kind === "ignored_redacted")
      .map((e) => e.message);
    expect(timeline).toEqual(
      expect.arrayContaining([expect.stringContaining("(orders/paid) after the customer's data was erased; ignored")]),
    );
    expect(found(await readAllRowsAsText())).toEqual([]);
    expect(simulator.control.orders().map((o) => o.orderBaseInfo.storeOrderId)).toEqual([String(ada.id)]);
  });
});

describe("redaction sticks: reconciliation", () => {
  it("ignores a newer version Shopify returns, and a named order first read after the redaction", async () => {
    const unpaid = zeldasRestOrder({ financial_status: "pending" });
    await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: unpaid }));
    const unseenId = "5699000000001";
    expect((await redactZelda([unpaid.id as number, unseenId])).status).toBe(200);

    shopify.putOrder(TEST_SHOP, zeldasGraphqlOrder(String(unpaid.id), { updatedAt: minutesAgo(5) }));
    shopify.putOrder(TEST_SHOP, zeldasGraphqlOrder(unseenId, { updatedAt: minutesAgo(4) }));
    const other = buildGraphqlOrder({ overrides: { updatedAt: minutesAgo(3) } });
    shopify.putOrder(TEST_SHOP, other as never);

    expect(await reconcileOrders(TEST_SHOP)).toMatchObject({ seen: 3, applied: 3 });
    // The next run reads the same versions again (overlap): nothing new is recorded for them.
    expect(await reconcileOrders(TEST_SHOP, new Date(Date.now() + 60_000))).toMatchObject({ applied: 0 });
    await drainQueue();

    await expectRedactionStuck(String(unpaid.id), 1);
    await expectRedactionStuck(unseenId, 1);
    expect(found(await readAllRowsAsText())).toEqual([]);
    expect(simulator.control.orders().map((o) => o.orderBaseInfo.storeOrderId)).toEqual([String(other.legacyResourceId)]);
  });
});

describe("redaction sticks: an order HyperSKU already has", () => {
  it("still passes a later cancellation on to HyperSKU, without storing the customer's data again", async () => {
    const { payload, hyperskuOrderId } = await placeSentOrder(shopify, {
      overrides: zeldasRestOrder() as never,
    });
    expect((await redactZelda([payload.id as number])).status).toBe(200);
    expect(found(await readAllRowsAsText())).toEqual([]);

    const cancelled = { ...payload, ...zeldasRestOrder({ id: payload.id }), cancelled_at: minutesAgo(1), updated_at: minutesAgo(1) };
    expect((await callRoute(ordersCancelled, createWebhookRequest({ topic: "orders/cancelled", body: cancelled }))).status).toBe(200);
    await drainQueue();

    const atHypersku = simulator.control.orders().find((o) => o.orderBaseInfo.orderId === hyperskuOrderId);
    expect(atHypersku?.orderBaseInfo.status).toBe(6); // Closed: HyperSKU heard of the cancellation
    expect(found(await readAllRowsAsText())).toEqual([]);
  });
});

describe("redaction sticks: send past orders", () => {
  it("skips a redacted customer's orders with the reason, and sends the others", async () => {
    const unpaid = zeldasRestOrder({ financial_status: "pending" });
    await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: unpaid }));
    const unseenId = "5699000000002";
    expect((await redactZelda([unpaid.id as number, unseenId])).status).toBe(200);

    const created = (minute: number) => ({ createdAt: `2026-07-05T12:0${minute}:00Z`, updatedAt: `2026-07-16T12:0${minute}:00Z` });
    shopify.putOrder(TEST_SHOP, zeldasGraphqlOrder(String(unpaid.id), created(1)));
    shopify.putOrder(TEST_SHOP, zeldasGraphqlOrder(unseenId, created(2)));
    const other = buildGraphqlOrder({ overrides: created(3) });
    shopify.putOrder(TEST_SHOP, other as never);

    const started = await startBackfill(TEST_SHOP, { from: new Date("2026-07-01T00:00:00Z"), to: new Date("2026-07-10T23:59:59Z") });
    expect(started).toMatchObject({ ok: true, total: 3 });
    const runId = (started as { backfillId: string }).backfillId;
    expect(await runBackfillStep(runId, { attempt: 1, maxAttempts: 3 })).toEqual({ kind: "done" });
    const run = await prisma.backfill.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: "done", processed: 3, queued: 1, skipped: 2, failed: 0 });
    expect(JSON.parse(run.skippedReasons)).toEqual({ customer_redacted: 2 });
    await drainQueue();

    await expectRedactionStuck(String(unpaid.id), 1);
    await expectRedactionStuck(unseenId, 1);
    expect(found(await readAllRowsAsText())).toEqual([]);
    expect(simulator.control.orders().map((o) => o.orderBaseInfo.storeOrderId)).toEqual([String(other.legacyResourceId)]);
  });
});

describe("redaction sticks: the merchant's Send now and Retry", () => {
  it("refuse a redacted order and change nothing", async () => {
    const order = zeldasRestOrder({ financial_status: "pending" });
    await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: order }));
    expect((await redactZelda([order.id as number])).status).toBe(200);
    const row = await prisma.order.findFirstOrThrow({ where: { shopifyOrderId: String(order.id) } });

    for (const action of [sendOrderNow, retryOrder]) {
      expect(await action(TEST_SHOP, row.id)).toEqual({ ok: false, message: expect.stringContaining("erased at Shopify's request") });
    }
    await drainQueue();
    expect(await prisma.order.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      state: "skipped",
      stateCode: "customer_redacted",
      updatedAt: row.updatedAt,
    });
    expect(hyperskuSawOf(String(order.id))).toEqual([]);
  });
});

describe("redaction sticks: shop/redact, then a reinstall", () => {
  it("keeps the shop's old orders erased and unsent, while new orders go out", async () => {
    const sent = await placeSentOrder(shopify, {
      overrides: {
        email: ZELDA.email,
        contact_email: ZELDA.email,
        phone: ZELDA.phone,
        shipping_address: restAddress,
        billing_address: restAddress,
      },
    });
    const unpaid = zeldasRestOrder({ financial_status: "pending" });
    await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: unpaid }));

    expect(
      (
        await callRoute(
          uninstalled,
          createWebhookRequest({ topic: "app/uninstalled", body: { domain: TEST_SHOP, myshopify_domain: TEST_SHOP } }),
        )
      ).status,
    ).toBe(200);
    expect(
      (await callRoute(shopRedact, createWebhookRequest({ topic: "shop/redact", body: { shop_id: 954889, shop_domain: TEST_SHOP } })))
        .status,
    ).toBe(200);
    await drainQueue();
    const tombstones = await prisma.redactedOrder.findMany({ where: { shop: TEST_SHOP } });
    expect(tombstones.map((t) => t.source)).toEqual(["shop/redact", "shop/redact"]);

    // The merchant installs the app again and reconnects HyperSKU.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { uninstalledAt: null } });
    await createSession({ shop: TEST_SHOP });
    await connectShop(simulator);
    const requestsBefore = simulator.control.requests().length;

    // The old unpaid order is paid now; Shopify delivers it, and reconciliation reads it too.
    const paid = { ...unpaid, financial_status: "paid", updated_at: "2026-07-15T09:00:00Z" };
    expect((await callRoute(ordersUpdated, createWebhookRequest({ topic: "orders/updated", body: paid }))).status).toBe(200);
    shopify.putOrder(TEST_SHOP, zeldasGraphqlOrder(String(unpaid.id), { updatedAt: minutesAgo(2) }));
    await reconcileOrders(TEST_SHOP);
    const fresh = buildRestOrder();
    await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: fresh }));
    await drainQueue();

    await expectRedactionStuck(String(unpaid.id), 2, requestsBefore);
    const oldSent = await rowsOfOrder(String(sent.payload.id));
    expect(found(asText(oldSent))).toEqual([]);
    expect(oldSent.order).toMatchObject({ state: "sent" });
    const newRequests = simulator.control.requests().slice(requestsBefore);
    expect(found(asText(newRequests))).toEqual([]);
    expect(asText(newRequests)).not.toContain(String(unpaid.id));
    const freshRow = await prisma.order.findFirstOrThrow({ where: { shopifyOrderId: String(fresh.id) } });
    expect(freshRow.state).toBe("sent");
  });
});
