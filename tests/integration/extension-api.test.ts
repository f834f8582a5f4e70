/**
 * The order block's backend (app/routes/api.extension.orders.$shopifyOrderId.tsx): session-token
 * auth, CORS, one shop's orders only, and Send now / Retry. Its answers are read with the
 * extension's own reader, so the two sides cannot drift apart.
 */
import prisma from "~/models/db/client.server";
import { saveShopTimezone, setHyperskuStatus } from "~/models/shop.server";
import { action, loader } from "~/routes/api.extension.orders.$shopifyOrderId";
import { parseActionResponse, parseOrderResponse } from "../../extensions/hypersku-order-block/src/order-view";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { buildRestOrder, snapshotOfRest } from "../support/order-factories";
import { callRoute } from "../support/routes";
import { APP_URL, BROWSER_USER_AGENT, createBearerRequest, createSessionToken, TEST_SHOP } from "../support/shopify";

const OTHER_SHOP = "other-shop.myshopify.com";
/** Admin UI extensions run on Shopify's CDN, so every call is cross-origin. */
const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";

type OrderOverrides = Partial<Parameters<typeof prisma.order.create>[0]["data"]>;

/** A stored order of `shop`, from a realistic paid Shopify order. */
async function createOrder(shop: string, overrides: OrderOverrides = {}) {
  const snapshot = snapshotOfRest(buildRestOrder());
  return prisma.order.create({
    data: {
      shop,
      shopifyOrderId: snapshot.shopifyOrderId,
      name: snapshot.name ?? "#1001",
      shopifyCreatedAt: new Date(snapshot.createdAt ?? Date.now()),
      snapshot: JSON.stringify(snapshot),
      state: "waiting",
      ...overrides,
    },
  });
}

async function createSentOrderWithTwoParcels(shop = TEST_SHOP) {
  const order = await createOrder(shop, {
    state: "sent",
    hyperskuOrderId: "HS-20260714-0001",
    hyperskuStatus: 14,
    sentAt: new Date("2026-07-14T14:20:00Z"),
  });
  const items = (quantity: number) => JSON.stringify([{ storeOrderLineItemId: "1", quantity, title: "Ceramic Mug" }]);
  await prisma.parcel.createMany({
    data: [
      {
        orderId: order.id,
        shop,
        parcelKey: "YT2607140001",
        trackingCompany: "YunExpress",
        trackingNumber: "YT2607140001",
        trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT2607140001",
        items: items(2),
        status: "In transit",
        fulfillmentState: "created",
        createdAt: new Date("2026-07-20T00:00:00Z"),
      },
      {
        orderId: order.id,
        shop,
        parcelKey: "9400111899223",
        trackingCompany: "USPS",
        trackingNumber: "9400111899223",
        trackingUrl: "javascript:alert(1)",
        items: items(1),
        fulfillmentState: "pending",
        createdAt: new Date("2026-07-21T00:00:00Z"),
      },
    ],
  });
  return order;
}

const url = (shopifyOrderId: string) => `/api/extension/orders/${shopifyOrderId}`;

async function get(shopifyOrderId: string, shop = TEST_SHOP) {
  const request = await createBearerRequest(url(shopifyOrderId), shop, { headers: { Origin: EXTENSION_ORIGIN } });
  return callRoute(loader, request, { shopifyOrderId });
}

async function post(shopifyOrderId: string, body: unknown, shop = TEST_SHOP) {
  const request = await createBearerRequest(url(shopifyOrderId), shop, {
    method: "POST",
    headers: { Origin: EXTENSION_ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return callRoute(action, request, { shopifyOrderId });
}

/** A request carrying `token` as its session token, as the admin would send it. */
function requestWithToken(shopifyOrderId: string, token: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  headers.set("User-Agent", BROWSER_USER_AGENT);
  headers.set("Origin", EXTENSION_ORIGIN);
  return new Request(`${APP_URL}${url(shopifyOrderId)}`, { ...init, headers });
}

function expectCors(response: Response) {
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
}

/** A refusal must not reveal anything about the order. */
async function expectNoOrderData(response: Response, order: { shopifyOrderId: string; name: string }) {
  const text = await response.text();
  expect(text).not.toContain(order.name);
  expect(text).not.toContain("HS-");
  expect(text).not.toContain("YunExpress");
  expect(text).not.toContain('"order"');
}

const jobsFor = (orderId: string) => prisma.job.findMany({ where: { subjectId: orderId } });

beforeEach(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  await createSession({ shop: OTHER_SHOP });
  await setHyperskuStatus(TEST_SHOP, "connected");
  await setHyperskuStatus(OTHER_SHOP, "connected");
});

describe("GET /api/extension/orders/:shopifyOrderId", () => {
  it("names the shop's time zone, read from Shopify, for the block to show its times in", async () => {
    const order = await createSentOrderWithTwoParcels();
    await saveShopTimezone(TEST_SHOP, "Asia/Tokyo");
    expect(parseOrderResponse(await (await get(order.shopifyOrderId)).json()).timeZone).toBe("Asia/Tokyo");
  });

  it("gives the shop's order: HyperSKU id and status meaning, parcels with carrier and tracking link", async () => {
    const order = await createSentOrderWithTwoParcels();
    const response = await get(order.shopifyOrderId);

    expect(response.status).toBe(200);
    expectCors(response);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const view = parseOrderResponse(await response.json());
    expect(view).toMatchObject({
      shopifyOrderId: order.shopifyOrderId,
      name: order.name,
      state: "sent",
      handled: true,
      sentToHypersku: true,
      sentAt: "2026-07-14T14:20:00.000Z",
      hypersku: { orderId: "HS-20260714-0001", status: { code: 14, name: "Split Shipment", meaning: "Shipped in several parcels." } },
      problems: [],
      actions: { sendNow: false, retry: false },
      // Shopify has not told the shop's zone yet: the block shows UTC, and says so.
      timeZone: "UTC",
    });
    expect(view.parcels).toEqual([
      expect.objectContaining({
        carrier: "YunExpress",
        trackingNumber: "YT2607140001",
        trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT2607140001",
        itemCount: 2,
        fulfillment: "created",
      }),
      // A tracking address that is not http(s) never reaches the block.
      expect.objectContaining({
        carrier: "USPS",
        trackingNumber: "9400111899223",
        trackingUrl: null,
        itemCount: 1,
        fulfillment: "pending",
      }),
    ]);
  });

  it("gives a failed order's problem with its fix, and offers Retry", async () => {
    const order = await createOrder(TEST_SHOP, {
      state: "failed",
      stateCode: "hypersku_unavailable",
      stateReason: "Sending failed 12 times. Last error: HyperSKU did not answer.",
    });
    const view = parseOrderResponse(await (await get(order.shopifyOrderId)).json());
    expect(view).toMatchObject({ sentToHypersku: false, hypersku: null, parcels: [], actions: { sendNow: false, retry: true } });
    expect(view.problems).toEqual([
      expect.objectContaining({
        code: "hypersku_unavailable",
        message: "Sending failed 12 times. Last error: HyperSKU did not answer.",
        fix: expect.stringContaining("Retry"),
        severity: "critical",
      }),
    ]);
  });

  it("answers 404 with no data for another shop's order", async () => {
    const theirs = await createSentOrderWithTwoParcels(OTHER_SHOP);
    const response = await get(theirs.shopifyOrderId, TEST_SHOP);

    expect(response.status).toBe(404);
    expectCors(response);
    await expectNoOrderData(response.clone(), theirs);
    expect(await response.json()).toEqual({ error: "not_found" });
    // The owner still sees it.
    expect((await get(theirs.shopifyOrderId, OTHER_SHOP)).status).toBe(200);
  });

  it("answers the same 404 for an order the app does not know, and for an id that is not one", async () => {
    for (const id of ["5699999999999", "gid%3A%2F%2Fshopify%2FOrder%2F1", "1%20OR%201%3D1"]) {
      const response = await get(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found" });
    }
  });

  it("refuses an expired session token with 401 and no data", async () => {
    const order = await createSentOrderWithTwoParcels();
    const token = await createSessionToken(TEST_SHOP, { expiresInSeconds: -120 });
    const response = await callRoute(loader, requestWithToken(order.shopifyOrderId, token), { shopifyOrderId: order.shopifyOrderId });

    expect(response.status).toBe(401);
    expectCors(response);
    await expectNoOrderData(response, order);
  });

  it("refuses a token signed with another secret", async () => {
    const order = await createSentOrderWithTwoParcels();
    const token = await createSessionToken(TEST_SHOP, { secret: "not-the-app-secret" });
    const response = await callRoute(loader, requestWithToken(order.shopifyOrderId, token), { shopifyOrderId: order.shopifyOrderId });

    expect(response.status).toBe(401);
    await expectNoOrderData(response, order);
  });

  it("answers the CORS preflight without a token", async () => {
    const request = new Request(`${APP_URL}${url("1")}`, {
      method: "OPTIONS",
      headers: {
        Origin: EXTENSION_ORIGIN,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
        "User-Agent": BROWSER_USER_AGENT,
      },
    });
    const response = await callRoute(action, request, { shopifyOrderId: "1" });

    expect(response.status).toBe(204);
    expectCors(response);
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
  });
});

describe("POST /api/extension/orders/:shopifyOrderId", () => {
  it("send-now queues the shop's unsent order at once and returns the order as it is now", async () => {
    const order = await createOrder(TEST_SHOP, { state: "waiting", stateCode: null, stateReason: null });
    const response = await post(order.shopifyOrderId, { intent: "send-now" });

    expect(response.status).toBe(200);
    expectCors(response);
    const { result, order: view } = parseActionResponse(await response.json());
    expect(result).toEqual({ ok: true, message: "The order is being sent to HyperSKU." });
    expect(view).toMatchObject({ state: "scheduled", actions: { sendNow: true, retry: false } });
    const jobs = await jobsFor(order.id);
    expect(jobs).toEqual([expect.objectContaining({ type: "forward_order", shop: TEST_SHOP, status: "pending" })]);
  });

  it("retry queues a failed order again and clears its problem", async () => {
    const order = await createOrder(TEST_SHOP, {
      state: "failed",
      stateCode: "hypersku_unavailable",
      stateReason: "Sending failed 12 times. Last error: HyperSKU did not answer.",
      lastError: "HyperSKU did not answer.",
    });
    const form = await createBearerRequest(url(order.shopifyOrderId), TEST_SHOP, {
      method: "POST",
      headers: { Origin: EXTENSION_ORIGIN },
      body: new URLSearchParams({ intent: "retry" }),
    });
    const { result, order: view } = parseActionResponse(
      await (await callRoute(action, form, { shopifyOrderId: order.shopifyOrderId })).json(),
    );

    expect(result).toEqual({ ok: true, message: "Retrying: the order is being sent to HyperSKU." });
    expect(view).toMatchObject({ state: "scheduled", problems: [] });
    expect(await jobsFor(order.id)).toHaveLength(1);
  });

  it("shows the app's reason when the order cannot go (HyperSKU not connected)", async () => {
    await setHyperskuStatus(TEST_SHOP, "reconnect_needed");
    const order = await createOrder(TEST_SHOP, { state: "held", stateCode: "reconnect_needed", stateReason: "HyperSKU is not connected." });
    const { result, order: view } = parseActionResponse(await (await post(order.shopifyOrderId, { intent: "send-now" })).json());

    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/Connect HyperSKU/);
    expect(view.state).toBe("held");
    expect(await jobsFor(order.id)).toHaveLength(0);
  });

  it("does not run an action the order's state does not offer", async () => {
    const order = await createSentOrderWithTwoParcels();
    for (const intent of ["send-now", "retry"]) {
      const { result, order: view } = parseActionResponse(await (await post(order.shopifyOrderId, { intent })).json());
      expect(result.ok).toBe(false);
      expect(view.state).toBe("sent");
    }
    expect(await jobsFor(order.id)).toHaveLength(0);
  });

  it("answers 404 with no data, and changes nothing, for another shop's order", async () => {
    const theirs = await createOrder(OTHER_SHOP, { state: "failed", stateCode: "hypersku_unavailable", stateReason: "Sending failed." });
    for (const intent of ["send-now", "retry"]) {
      const response = await post(theirs.shopifyOrderId, { intent }, TEST_SHOP);
      expect(response.status).toBe(404);
      expectCors(response);
      await expectNoOrderData(response, theirs);
    }
    expect(await prisma.order.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      state: "failed",
      stateReason: "Sending failed.",
    });
    expect(await jobsFor(theirs.id)).toHaveLength(0);
  });

  it("rejects an unknown intent", async () => {
    const order = await createOrder(TEST_SHOP);
    const response = await post(order.shopifyOrderId, { intent: "delete" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "unknown_intent" });
    expect(await jobsFor(order.id)).toHaveLength(0);
  });

  it("refuses an expired session token before anything runs", async () => {
    const order = await createOrder(TEST_SHOP, { state: "failed", stateReason: "Sending failed." });
    const token = await createSessionToken(TEST_SHOP, { expiresInSeconds: -120 });
    const request = requestWithToken(order.shopifyOrderId, token, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "retry" }),
    });
    const response = await callRoute(action, request, { shopifyOrderId: order.shopifyOrderId });

    expect(response.status).toBe(401);
    await expectNoOrderData(response, order);
    expect(await jobsFor(order.id)).toHaveLength(0);
  });
});
