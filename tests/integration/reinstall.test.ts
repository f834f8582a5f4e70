/**
 * Reinstall. After app/uninstalled the shop used to stay marked uninstalled for
 * good: after the merchant installed again and reconnected HyperSKU, orders stayed "Queued" while
 * their jobs ended "succeeded" without sending, and sync and fulfillments stopped. A reinstall must
 * bring the shop fully back, and work that arrived while it was uninstalled goes out once it is
 * connected again, exactly once.
 *
 * The first part runs the production build over HTTP: Shopify's side is the signed webhook sender
 * and the Admin fake (GraphQL and token exchange, through the preloaded fetch redirect); the
 * install and the reinstall are the embedded admin loading with a session token, so the library's
 * token exchange runs and stores a new offline session. The HyperSKU connection is completed with
 * the same function the connect flow ends in (its browser steps are tested in hypersku-connection).
 * The second part checks the job handlers one by one, in process.
 */
import prisma from "~/models/db/client.server";
import { handleAppInstalled } from "~/domain/shops/install.server";
import { handleAppUninstalled } from "~/domain/shops/uninstall.server";
import { forwardOrder } from "~/domain/orders/forward-order.server";
import { syncShopOrders } from "~/domain/tracking/sync-orders.server";
import { JOB_TYPES } from "~/domain/enqueue.server";
import { scheduleRecurringJobs } from "~/jobs/schedule.server";
import { jobKey } from "~/queue";
import { markShopUninstalled } from "~/models/shop.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import { HttpResponseError } from "@shopify/shopify-api";
import { action as ordersCancelled } from "~/routes/webhooks.orders.cancelled";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { createWebhookSender } from "../../simulators/shopify/webhook-sender";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { startAppServer, type RunningApp, shopifyTwinEnv } from "../support/app-server";
import { connectShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { buildRestOrder, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { API_SECRET_KEY, BROWSER_USER_AGENT, createWebhookRequest, embeddedAppUrl, TEST_SHOP } from "../support/shopify";
import { graphqlNodeOf, makeOrdersDue, orderGidOf, placeSentOrder } from "../support/tracking";
import { withTwins } from "../support/twins";

const UNSENT = ["waiting", "scheduled", "held", "sending", "checking", "needs_attention", "failed"];

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const orderOf = (payload: JsonObject) =>
  prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });

/** Forward jobs that ended "succeeded" while their order is still not at HyperSKU. */
async function succeededWithoutSending() {
  const jobs = await prisma.job.findMany({ where: { type: JOB_TYPES.forwardOrder, status: "succeeded" }, select: { subjectId: true } });
  const orders = await prisma.order.findMany({ where: { id: { in: jobs.map((job) => job.subjectId ?? "") }, state: { in: UNSENT } } });
  return orders.map((order) => `${order.name}: ${order.state} ${order.stateReason ?? ""}`);
}

describe("reinstall over HTTP, on the production build", () => {
  let simulator: HyperskuSimulator;
  let shopifyServer: ShopifyAdminServer;
  let app: RunningApp;
  const shopify = new ShopifyAdminFake();

  beforeAll(async () => {
    await resetDatabase();
    simulator = await startConnectedSimulator();
    shopifyServer = await startShopifyAdminServer({ fake: shopify, apiSecret: API_SECRET_KEY });
    app = await startAppServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      HYPERSKU_API_URL: simulator.url,
      HYPERSKU_AUTHORIZE_URL: `${simulator.url}/application/auth`,
      WORKER_MODE: "inline",
      WORKER_POLL_MS: "100",
      ...shopifyTwinEnv(shopifyServer.url),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await simulator?.close();
    await shopifyServer?.close();
  });

  const send = () => createWebhookSender({ appUrl: app.url, secret: API_SECRET_KEY });

  /** The embedded admin loading a page with a fresh session token, as Shopify's admin does. */
  async function openAdmin(pathname: string) {
    const response = await fetch(await embeddedAppUrl(pathname, TEST_SHOP, app.url), { headers: { "User-Agent": BROWSER_USER_AGENT } });
    return { status: response.status, html: await response.text() };
  }

  /** An order placed and paid just now, delivered by webhook. */
  async function placeOrder() {
    const now = new Date().toISOString();
    const payload = buildRestOrder({ overrides: { created_at: now, processed_at: now, updated_at: now } });
    shopify.putOrder(TEST_SHOP, graphqlNodeOf(payload) as never);
    const delivery = await send()({ topic: "orders/create", shop: TEST_SHOP, body: payload });
    expect(delivery.status).toBe(200);
    return payload;
  }

  const atHypersku = (payload: JsonObject) =>
    simulator.control.orders().filter((order) => order.orderBaseInfo.storeOrderId === String(payload.id)).length;

  it("brings the shop fully back: every order reaches HyperSKU once, sync and fulfillments resume", { timeout: 150_000 }, async () => {
    // Install: the embedded admin's first load exchanges its session token for an offline token.
    shopify.setShopName(TEST_SHOP, "Ada's Mugs");
    const installed = await openAdmin("/app");
    expect(installed.status).toBe(200);
    // The page's loaders authenticate in parallel, so a first load may exchange more than once.
    const installExchanges = shopifyServer.tokenExchanges.length;
    expect(installExchanges).toBeGreaterThanOrEqual(1);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP, isOnline: false } })).toBe(1);
    // The install read the shop's name with the new offline token (HyperSKU's storeName).
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).name).toBe("Ada's Mugs");
    await connectShop(simulator);

    // An order queued when the uninstall comes: the shop holds orders for an hour (its setting).
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { holdMinutes: 60 } });
    const queued = await placeOrder();
    await poll(
      () => orderOf(queued),
      (order) => order.state === "scheduled",
      "the first order to be queued",
    );
    expect(
      await prisma.job.count({ where: { uniqueKey: jobKey(JOB_TYPES.forwardOrder, (await orderOf(queued)).id), status: "pending" } }),
    ).toBe(1);

    // Uninstall.
    const uninstalled = await send()({
      topic: "app/uninstalled",
      shop: TEST_SHOP,
      body: { id: 548380009, name: "Ada's Mugs", domain: TEST_SHOP, myshopify_domain: TEST_SHOP, updated_at: new Date().toISOString() },
    });
    expect(uninstalled.status).toBe(200);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.hyperskuConnection.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await orderOf(queued)).toMatchObject({ state: "held", stateCode: "app_uninstalled" });
    expect((await orderOf(queued)).stateReason).toMatch(/uninstalled.*reinstalled and HyperSKU is connected/);

    // An order arriving while uninstalled is kept, not sent and not dropped.
    const whileUninstalled = await placeOrder();
    await poll(
      () => orderOf(whileUninstalled),
      (order) => order.state === "held",
      "the order received while uninstalled to be held",
    );
    expect((await orderOf(whileUninstalled)).stateCode).toBe("app_uninstalled"); // reinstall first, then connect
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the worker has had time to run anything due
    expect(simulator.control.orders()).toHaveLength(0);
    expect(await succeededWithoutSending()).toEqual([]);

    // Reinstall: the admin loads again, token exchange runs, and the shop is back but not connected.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { holdMinutes: 0 } });
    const reinstalled = await openAdmin("/app");
    expect(reinstalled.status).toBe(200);
    expect(shopifyServer.tokenExchanges.length).toBeGreaterThan(installExchanges);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop.uninstalledAt).toBeNull();
    expect(shop.installedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(reinstalled.html).toContain("Not connected");
    expect(reinstalled.html).not.toMatch(/>Connected</);
    expect(reinstalled.html).toContain("2 orders are held");
    const card = await openAdmin("/app/connection");
    expect(card.status).toBe(200);
    expect(card.html).toContain("Not connected");
    expect(simulator.control.orders()).toHaveLength(0);

    // Reconnect: the held orders go out, once each; a new order goes out too.
    await connectShop(simulator);
    const afterReconnect = await placeOrder();
    const all = [queued, whileUninstalled, afterReconnect];
    await poll(
      async () => Promise.all(all.map(async (payload) => (await orderOf(payload)).state)),
      (states) => states.every((state) => state === "sent"),
      "every order to be sent",
    );
    expect(all.map(atHypersku)).toEqual([1, 1, 1]);
    expect(simulator.control.orders()).toHaveLength(3);
    const storeNames = simulator.control
      .requests()
      .filter((request) => request.operation === "createOrderFromExternal")
      .map((request) => (request.body as { storeName?: string }).storeName);
    expect(new Set(storeNames)).toEqual(new Set(["Ada's Mugs"]));
    expect(await succeededWithoutSending()).toEqual([]);
    const dashboard = await openAdmin("/app");
    expect(dashboard.html).toMatch(/>Connected</);
    expect(dashboard.html).not.toContain("orders are held");

    // Sync resumes through the scheduler, and a parcel shipped at HyperSKU becomes a fulfillment.
    await scheduleRecurringJobs();
    await poll(
      () => orderOf(queued),
      (order) => order.lastSyncedAt !== null,
      "the first sync after reconnecting",
    );
    const shipped = await orderOf(queued);
    simulator.control.advance(Number(shipped.hyperskuOrderId), { to: "shipping" });
    await makeOrdersDue();
    await scheduleRecurringJobs();
    const parcel = await poll(
      () => prisma.parcel.findFirst({ where: { orderId: shipped.id } }),
      (row) => row?.fulfillmentState === "created",
      "the shipped parcel to become a Shopify fulfillment",
    );
    const fulfillments = shopify.fulfillments.filter((fulfillment) => fulfillment.shop === TEST_SHOP);
    expect(fulfillments).toHaveLength(1);
    expect(fulfillments[0]).toMatchObject({
      id: parcel!.shopifyFulfillmentId,
      createdBy: "app",
      orderId: orderGidOf(queued),
      trackingInfo: { number: parcel!.trackingNumber },
    });
    expect((await orderOf(queued)).hyperskuStatus).toBe(4);
    expect(await succeededWithoutSending()).toEqual([]);
    expect(simulator.control.orders()).toHaveLength(3);
  });
});

describe("jobs while the app is uninstalled", () => {
  let simulator: HyperskuSimulator;
  let shopify: ShopifyAdminFake;
  withTwins((twins) => ({ simulator, shopify } = twins));

  const requests = (operation: string) => simulator.control.requests().filter((request) => request.operation === operation);
  const deliver = async (topic: "orders/create" | "orders/updated" | "orders/cancelled", body: JsonObject) => {
    const action = { "orders/create": ordersCreate, "orders/updated": ordersUpdated, "orders/cancelled": ordersCancelled }[topic];
    expect((await callRoute(action, createWebhookRequest({ topic, body }))).status).toBe(200);
  };

  /** The admin's first load after a reinstall (token exchange stored a session, then the hook). */
  async function reinstall() {
    await createSession({ shop: TEST_SHOP });
    await handleAppInstalled(TEST_SHOP);
  }

  it("a forward job of an uninstalled shop holds its order with the reason instead of ending done", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { holdMinutes: 60 } });
    const payload = buildRestOrder();
    await deliver("orders/create", payload);
    const { id } = await orderOf(payload);
    // The uninstall lands while the job is already claimed (cancelJobs leaves running jobs alone).
    await markShopUninstalled(TEST_SHOP);

    const result = await forwardOrder(id, { attempt: 1, maxAttempts: 12 });
    expect(result.kind).toBe("reschedule");
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "held", stateCode: "app_uninstalled" });
    const events = await prisma.orderEvent.findMany({ where: { orderId: id, kind: "held" } });
    expect(events.map((event) => event.message)).toEqual([expect.stringMatching(/app was uninstalled/)]);
  });

  it("a late or replayed app/uninstalled whose body predates the reinstall leaves the reinstalled shop alone", async () => {
    // The body's updated_at: the shop as it stood at the first uninstall, unchanged since before this install.
    const shopUpdatedAt = new Date(Date.now() - 60_000);
    const shopifyAsked: string[] = [];
    const shopifyAnswers = (answer: "installed" | "refused") =>
      setAdminGraphqlFactory(async (shop) => async (query, variables) => {
        shopifyAsked.push(shop);
        if (answer === "refused")
          throw new HttpResponseError({ message: "Invalid API key or access token", code: 401, statusText: "Unauthorized" });
        return shopify.clientFor(shop)(query, variables);
      });

    // The genuine uninstall: the body alone cannot tell, Shopify has revoked the app's token.
    shopifyAnswers("refused");
    await handleAppUninstalled(TEST_SHOP, { shopUpdatedAt });
    expect(shopifyAsked).toEqual([TEST_SHOP]);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).uninstalledAt).not.toBeNull();
    shopifyAnswers("installed");
    await reinstall();
    await connectShop(simulator);

    // Shopify retries the same (old) delivery, or someone replays it, after the merchant reinstalled
    // and reconnected: Shopify answers with the new token, so nothing happens.
    shopifyAsked.length = 0;
    await handleAppUninstalled(TEST_SHOP, { shopUpdatedAt });
    expect(shopifyAsked).toEqual([TEST_SHOP]);
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
    expect(shop).toMatchObject({ uninstalledAt: null, hyperskuStatus: "connected" });
    expect(await prisma.hyperskuConnection.count({ where: { shop: TEST_SHOP } })).toBe(1);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);

    // A new uninstall whose shop changed after this install proves itself: Shopify is not asked.
    await handleAppUninstalled(TEST_SHOP, { shopUpdatedAt: new Date(Date.now() + 1_000) });
    expect(shopifyAsked).toHaveLength(1);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).uninstalledAt).not.toBeNull();
  });

  it("an app/uninstalled that predates the install is not decided while Shopify cannot be asked", async () => {
    setAdminGraphqlFactory(async () => async () => Promise.reject(new TypeError("fetch failed")));
    await expect(handleAppUninstalled(TEST_SHOP, { shopUpdatedAt: new Date(Date.now() - 60_000) })).rejects.toThrow("fetch failed");
    // Nothing happened: Shopify delivers it again later (the route answers 500).
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).toMatchObject({
      uninstalledAt: null,
      hyperskuStatus: "connected",
    });
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);
  });

  it("an order whose create may have landed is asked about, not sent again, after reinstall and reconnect", async () => {
    simulator.control.setFault("createOrderFromExternal", { commitThenTimeout: true, times: 1 });
    const payload = buildRestOrder();
    await deliver("orders/create", payload);
    await drainQueue({ fastForward: false });
    expect((await orderOf(payload)).createOutcomeUnknown).toBe(true);

    await handleAppUninstalled(TEST_SHOP);
    expect(await orderOf(payload)).toMatchObject({ state: "held", stateCode: "app_uninstalled", createOutcomeUnknown: true });
    await reinstall();
    expect((await orderOf(payload)).state).toBe("held"); // not connected yet
    await connectShop(simulator);
    await drainQueue();

    expect(await orderOf(payload)).toMatchObject({ state: "sent", createOutcomeUnknown: false });
    expect(simulator.control.orders().filter((order) => order.orderBaseInfo.storeOrderId === String(payload.id))).toHaveLength(1);
    expect(requests("createOrderFromExternal")).toHaveLength(1);
  });

  it("a cancellation of an order whose create may have landed is not decided before HyperSKU is asked", async () => {
    simulator.control.setFault("createOrderFromExternal", { commitThenTimeout: true, times: 1 });
    const payload = buildRestOrder();
    await deliver("orders/create", payload);
    await drainQueue({ fastForward: false });
    await handleAppUninstalled(TEST_SHOP);
    expect(await orderOf(payload)).toMatchObject({ state: "held", createOutcomeUnknown: true });

    // The customer cancels while the app is uninstalled: HyperSKU may still have the order.
    await deliver("orders/cancelled", {
      ...payload,
      cancelled_at: new Date().toISOString(),
      updated_at: new Date(Date.now() + 1_000).toISOString(),
    });
    expect((await orderOf(payload)).state).not.toBe("cancelled");
    await reinstall();
    await connectShop(simulator);
    await drainQueue();

    // It was found there, adopted, and cancelled at HyperSKU: the agent does not ship it.
    const atHypersku = simulator.control.orders().filter((order) => order.orderBaseInfo.storeOrderId === String(payload.id));
    expect(atHypersku).toHaveLength(1);
    expect(atHypersku[0].orderBaseInfo.status).toBe(6);
    expect(requests("cancelOrder")).toHaveLength(1);
    expect(requests("createOrderFromExternal")).toHaveLength(1);
  });

  it("address changes and cancellations wait while uninstalled and reach HyperSKU after reinstall and reconnect", async () => {
    const moved = await placeSentOrder(shopify);
    const cancelled = await placeSentOrder(shopify);
    const later = (payload: JsonObject, changes: JsonObject) => ({
      ...payload,
      updated_at: new Date(Date.now() + 60_000).toISOString(),
      ...changes,
    });
    // Shopify's updates arrive just before the uninstall; their jobs have not run yet.
    await deliver(
      "orders/updated",
      later(moved.payload, { shipping_address: { ...(moved.payload.shipping_address as JsonObject), address1: "221B Baker Street" } }),
    );
    await deliver("orders/cancelled", later(cancelled.payload, { cancelled_at: new Date().toISOString(), cancel_reason: "customer" }));

    await handleAppUninstalled(TEST_SHOP);
    await drainQueue();
    expect(requests("updateOrderAddress")).toHaveLength(0);
    expect(requests("cancelOrder")).toHaveLength(0);
    const waiting = await prisma.job.findMany({
      where: { type: { in: [JOB_TYPES.changeAddress, JOB_TYPES.cancelAtHypersku] }, status: "pending" },
    });
    expect(waiting).toHaveLength(2);
    for (const job of waiting) {
      expect(job.lastError).toMatch(/uninstalled/);
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    }

    await reinstall();
    await connectShop(simulator);
    await drainQueue({ fastForward: false });
    expect(requests("updateOrderAddress")).toHaveLength(1);
    expect(requests("cancelOrder")).toHaveLength(1);
    const at = (id: number) => simulator.control.orders().find((order) => order.orderBaseInfo.orderId === id)!;
    expect(at(moved.hyperskuOrderId).orderAddressInfo.address1).toBe("221B Baker Street");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: cancelled.order.id } })).hyperskuStatus).toBe(6);
  });

  it("a parcel left waiting by the uninstall becomes a Shopify fulfillment at reinstall", async () => {
    const { order, hyperskuOrderId } = await placeSentOrder(shopify);
    simulator.control.advance(hyperskuOrderId, { to: "shipping" });
    await makeOrdersDue();
    await syncShopOrders(TEST_SHOP); // the parcel is stored and its fulfillment job queued, not yet run
    expect(await prisma.parcel.count({ where: { orderId: order.id, fulfillmentState: "pending" } })).toBe(1);

    await handleAppUninstalled(TEST_SHOP);
    await drainQueue();
    expect(shopify.fulfillments).toHaveLength(0);

    await reinstall(); // Shopify access is back: HyperSKU need not be connected for this
    await drainQueue({ fastForward: false });
    expect(shopify.fulfillments).toHaveLength(1);
    expect(await prisma.parcel.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({ fulfillmentState: "created" });
  });

  it("the scheduler resumes sync and reconciliation only once the shop is reinstalled and connected", async () => {
    await placeSentOrder(shopify);
    await handleAppUninstalled(TEST_SHOP);
    await scheduleRecurringJobs();
    expect(await prisma.job.count({ where: { type: { in: [JOB_TYPES.syncOrders, JOB_TYPES.reconcileOrders] }, status: "pending" } })).toBe(
      0,
    );

    await reinstall();
    await scheduleRecurringJobs();
    expect(await prisma.job.count({ where: { type: { in: [JOB_TYPES.syncOrders, JOB_TYPES.reconcileOrders] }, status: "pending" } })).toBe(
      0,
    );

    await connectShop(simulator);
    await scheduleRecurringJobs();
    expect(await prisma.job.count({ where: { type: JOB_TYPES.syncOrders, status: "pending" } })).toBe(1);
    expect(await prisma.job.count({ where: { type: JOB_TYPES.reconcileOrders, status: "pending" } })).toBe(1);
  });
});
