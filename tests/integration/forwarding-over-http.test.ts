/**
 * Issue 14, items 1-3, 7 and 8 of the forwarding side, end to end against the production build
 * (`node server.js`, its own worker inline): signed webhooks in over HTTP, the order sent to the
 * HyperSKU simulator (set to store duplicates, so a double send shows), the merchant's Retry and
 * Refresh over HTTP. A small proxy in front of the simulator plays a HyperSKU whose lookup answers
 * with another order.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import prisma from "~/models/db/client.server";
import { sealSecret } from "~/lib/token-crypto.server";
import { getTokenSet } from "~/models/hypersku-connection.server";
import { createWebhookSender } from "../../simulators/shopify/webhook-sender";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { startAppServer, type RunningApp, simulatorEnv } from "../support/app-server";
import { loadBuild } from "../support/build";
import { connectShop } from "../support/connected-shop";
import { resetForForwarding, startConnectedSimulator } from "../support/hypersku";
import { buildRestOrder, type JsonObject } from "../support/order-factories";
import { API_SECRET_KEY, BROWSER_USER_AGENT, createSessionToken, TEST_SHOP } from "../support/shopify";
import { TEST_ENCRYPTION_KEY } from "../setup/env";

const GONE_KEY = { id: "gone", key: Buffer.alloc(32, 9) };
let simulator: HyperskuSimulator;
let proxy: Awaited<ReturnType<typeof startLookupProxy>>;
let app: RunningApp | undefined;

/** Passes everything to the simulator, except lookups while `lookupAnswer` is set. */
async function startLookupProxy(target: string) {
  let lookupAnswer: (() => unknown) | null = null;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (lookupAnswer && request.url?.endsWith("/getOrdersByExternalOrderId")) {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(lookupAnswer()));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !["host", "connection", "content-length", "transfer-encoding"].includes(name)),
    ) as Record<string, string>;
    try {
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/json" }).end(body);
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answerLookupsWith(answer: (() => unknown) | null) {
      lookupAnswer = answer;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  await loadBuild(); // fails clearly when `npm run build` has not run
  simulator = await startConnectedSimulator({ duplicateCreate: "create-duplicate" });
  proxy = await startLookupProxy(simulator.url);
});
afterAll(async () => {
  await app?.stop();
  await proxy?.close();
  await simulator?.close();
});
beforeEach(async () => {
  await resetForForwarding(simulator);
  proxy.answerLookupsWith(null);
  await connectShop(simulator);
});
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

function startApp(env: Record<string, string> = {}) {
  return startAppServer({
    ...simulatorEnv(simulator),
    HYPERSKU_TIMEOUT_MS: "1000",
    HYPERSKU_CREATE_SETTLE_SECONDS: "3",
    JOB_RETRY_BASE_MS: "200",
    WORKER_MODE: "inline",
    WORKER_POLL_MS: "100",
    ...env,
  });
}

async function deliver(payload: JsonObject) {
  const send = createWebhookSender({ appUrl: app!.url, secret: API_SECRET_KEY });
  expect((await send({ topic: "orders/create", shop: TEST_SHOP, body: payload })).status).toBe(200);
}

/** The merchant's action on the order page, as the embedded admin sends it (Remix `_data` request). */
async function orderPageAction(orderId: string, intent: string) {
  const response = await fetch(`${app!.url}/app/orders/${orderId}?_data=${encodeURIComponent("routes/app.orders.$id")}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await createSessionToken(TEST_SHOP)}`, "User-Agent": BROWSER_USER_AGENT },
    body: new URLSearchParams({ intent }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { ok: boolean; message: string };
}

const orderOf = (payload: JsonObject) =>
  prisma.order.findUnique({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });
const atHypersku = (payload: JsonObject) => simulator.control.orders().filter((o) => o.orderBaseInfo.storeOrderId === String(payload.id));
const createsOf = (payload: JsonObject) =>
  simulator.control
    .requests()
    .filter((r) => r.operation === "createOrderFromExternal" && (r.body as { storeOrderId?: string }).storeOrderId === String(payload.id));

/**
 * Waits until the order is in `state`, noting every state it is seen in on the way and failing at
 * once if it is ever seen "sent" without HyperSKU's id.
 */
async function follow(payload: JsonObject, state: string, timeoutMs = 20_000) {
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const order = await orderOf(payload);
    if (order) {
      seen.add(order.state);
      if (order.state === "sent") expect(order.hyperskuOrderId, "sent without HyperSKU's id").toBeTruthy();
      if (order.state === state) return { order, seen };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`order ${payload.id} did not reach "${state}" (seen: ${[...seen].join(", ")}):\n${app?.output().slice(-2000)}`);
}

describe("creates whose answer does not prove the order (item 2)", () => {
  it(
    "looks the order up and records it sent with HyperSKU's id, never sent without one, once at HyperSKU",
    { timeout: 60_000 },
    async () => {
      app = await startApp();
      for (const answer of ["empty", "unrecognised"] as const) {
        simulator.control.setFault("createOrderFromExternal", { answer, times: 1 });
        const payload = buildRestOrder();
        await deliver(payload);
        const { order } = await follow(payload, "sent");
        const [held] = atHypersku(payload);
        expect(atHypersku(payload), answer).toHaveLength(1);
        expect(order.hyperskuOrderId, answer).toBe(String(held.orderBaseInfo.orderId));
        expect(createsOf(payload), answer).toHaveLength(1);
        const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "attempt" }, orderBy: { at: "asc" } });
        expect(
          events.map((event) => event.outcome),
          answer,
        ).toEqual(["retry", "sent"]);
        expect(events[1].message, answer).toMatch(/Found at HyperSKU/);
      }
    },
  );
});

describe("a create HyperSKU commits after the app gave up waiting (item 7)", () => {
  it("is checked until it can no longer land, found, and never sent twice", { timeout: 60_000 }, async () => {
    app = await startApp({ HYPERSKU_TIMEOUT_MS: "300", HYPERSKU_CREATE_SETTLE_SECONDS: "3" });
    simulator.control.setFault("createOrderFromExternal", { commitAfterMs: 1_500, times: 1 });
    const payload = buildRestOrder();
    await deliver(payload);

    const { order, seen } = await follow(payload, "sent");
    expect(seen).toContain("checking");
    expect(atHypersku(payload)).toHaveLength(1);
    expect(createsOf(payload)).toHaveLength(1);
    expect(order.hyperskuOrderId).toBe(String(atHypersku(payload)[0].orderBaseInfo.orderId));
    // Found by a lookup made after the commit; the lookups before it found nothing and sent nothing.
    const lookups = simulator.control.requests().filter((r) => r.operation === "getOrdersByExternalOrderId");
    expect(lookups.length).toBeGreaterThanOrEqual(2);
  });
});

describe("a lookup that answers with another order (item 8)", () => {
  it("is not adopted when sending, nor taken for the order's status and tracking when syncing", { timeout: 60_000 }, async () => {
    app = await startApp({ HYPERSKU_API_URL: proxy.url, HYPERSKU_TIMEOUT_MS: "500", HYPERSKU_CREATE_SETTLE_SECONDS: "3" });
    const other = buildRestOrder();
    await deliver(other);
    const { order: otherOrder } = await follow(other, "sent");
    simulator.control.advance(Number(otherOrder.hyperskuOrderId), { to: "shipping" }); // it has tracking
    const otherAtHypersku = () => simulator.control.orders().find((o) => o.orderBaseInfo.storeOrderId === String(other.id));
    proxy.answerLookupsWith(() => ({ status: 200, message: null, data: [otherAtHypersku()], rel: true }));

    // Sending: the create hangs, so the order is looked up; the lookup lists only the other order.
    simulator.control.setFault("createOrderFromExternal", { hang: true, times: 1 });
    const payload = buildRestOrder();
    await deliver(payload);
    const { order, seen } = await follow(payload, "sent");
    expect(seen).toContain("checking");
    expect(order.hyperskuOrderId).toBe(String(atHypersku(payload)[0].orderBaseInfo.orderId));
    expect(order.hyperskuOrderId).not.toBe(otherOrder.hyperskuOrderId);
    expect(atHypersku(payload)).toHaveLength(1); // the hung create never landed: sent again once settled

    // Syncing an order the app has no HyperSKU id for (as an older version could leave one).
    await prisma.order.update({ where: { id: order.id }, data: { hyperskuOrderId: null, hyperskuStatus: null, nextSyncAt: null } });
    const refreshed = await orderPageAction(order.id, "refresh");
    expect(refreshed.ok).toBe(true);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { parcels: true } });
    expect(after.hyperskuOrderId).toBeNull();
    expect(after.hyperskuStatus).toBeNull();
    expect(after.parcels).toEqual([]);
    expect(after.flagCode).toBe("hypersku_order_missing");
  });
});

describe("a stored token sealed under a key that is no longer configured (item 3)", () => {
  it(
    "holds the order for the operator instead of leaving it 'sending', and Retry sends it once the key is back",
    { timeout: 90_000 },
    async () => {
      const tokens = (await getTokenSet(TEST_SHOP))!;
      await prisma.hyperskuConnection.update({
        where: { shop: TEST_SHOP },
        data: {
          accessTokenSealed: sealSecret(tokens.accessToken, { shop: TEST_SHOP, field: "accessToken" }, [GONE_KEY]),
          refreshTokenSealed: tokens.refreshToken
            ? sealSecret(tokens.refreshToken, { shop: TEST_SHOP, field: "refreshToken" }, [GONE_KEY])
            : null,
        },
      });
      app = await startApp({ TOKEN_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEY }); // "gone" was rotated out
      const payload = buildRestOrder();
      await deliver(payload);
      const { order, seen } = await follow(payload, "held");
      expect(seen).not.toContain("sending");
      expect(order.stateCode).toBe("stored_token_unreadable");
      expect(order.stateReason).toMatch(/TOKEN_ENCRYPTION_KEYS/);
      expect(createsOf(payload)).toHaveLength(0);

      // The operator puts the key back and restarts the app; the merchant chooses Retry.
      await app.stop();
      app = await startApp({ TOKEN_ENCRYPTION_KEYS: `${TEST_ENCRYPTION_KEY},gone:${GONE_KEY.key.toString("base64")}` });
      expect(await orderPageAction(order.id, "send")).toMatchObject({ ok: true });
      await follow(payload, "sent");
      expect(atHypersku(payload)).toHaveLength(1);

      // An order a dead job left "sending": Retry checks with HyperSKU, then sends it once.
      const stranded = buildRestOrder();
      simulator.control.setFault("createOrderFromExternal", { hang: true }); // nothing is sent while it is stranded
      await deliver(stranded);
      const { order: hung } = await follow(stranded, "checking");
      simulator.control.setFault("createOrderFromExternal", null);
      await app.stop();
      await prisma.order.update({ where: { id: hung.id }, data: { state: "sending", lastAttemptAt: new Date(Date.now() - 60_000) } });
      await prisma.job.updateMany({
        where: { subjectId: hung.id, type: "forward_order" },
        data: { status: "failed", uniqueKey: null, lockedBy: null },
      });
      app = await startApp({ TOKEN_ENCRYPTION_KEYS: `${TEST_ENCRYPTION_KEY},gone:${GONE_KEY.key.toString("base64")}` });
      expect(await orderPageAction(hung.id, "retry")).toMatchObject({ ok: true, message: expect.stringMatching(/Checking with HyperSKU/) });
      await follow(stranded, "sent");
      expect(atHypersku(stranded)).toHaveLength(1);
    },
  );
});
