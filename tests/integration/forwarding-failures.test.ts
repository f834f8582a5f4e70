/**
 * Decision 0007, in the worker's own process: no failure leaves an order "sending"
 * (an unreadable token, a bug before the create, a database error after it, a wrong path), Retry
 * revives an order whose job is gone, an unconfirmed create is never sent again before its
 * settle window ends, and one that lands after it all the same is cancelled as an extra copy. HyperSKU is the simulator, set to store duplicates so a double send shows.
 */
vi.hoisted(() => {
  process.env.HYPERSKU_CREATE_SETTLE_SECONDS = "2";
});

import prisma from "~/models/db/client.server";
import { lean } from "~/models/db/kysely.server";
import { configureHypersku, getHypersku } from "~/domain/connection/hypersku.server";
import { sealSecret } from "~/lib/token-crypto.server";
import { getTokenSet } from "~/models/hypersku-connection.server";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { ORDER_FLAG_FIXES } from "~/domain/tracking/order-flags";
import { action as orderAction, loader as orderLoader } from "~/routes/app.orders.$id/route";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { connectShop } from "../support/connected-shop";
import { resetForForwarding, startConnectedSimulator } from "../support/hypersku";
import { buildRestLineItem, buildRestOrder, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";

const SETTLE_MS = 2_000;
let simulator: HyperskuSimulator;

beforeAll(async () => {
  simulator = await startConnectedSimulator();
});
afterAll(() => simulator.close());
beforeEach(async () => {
  vi.restoreAllMocks();
  await resetForForwarding(simulator);
  configureHypersku({ apiUrl: simulator.url, authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 600 });
  await connectShop(simulator);
});

const receive = async (payload: JsonObject) => {
  const response = await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload }));
  expect(response.status).toBe(200);
  return prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });
};
const reload = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const forwardJob = (orderId: string) =>
  prisma.job.findFirstOrThrow({ where: { type: "forward_order", subjectId: orderId }, orderBy: { createdAt: "desc" } });
const creates = () => simulator.control.requests().filter((r) => r.operation === "createOrderFromExternal");
const atHypersku = (shopifyOrderId: string) => simulator.control.orders().filter((o) => o.orderBaseInfo.storeOrderId === shopifyOrderId);
/** One run of the worker, no time passing. */
const runWorkerOnce = () => drainQueue({ fastForward: false, maxRounds: 1 });

async function sealTokensUnderMissingKey() {
  const gone = [{ id: "gone", key: Buffer.alloc(32, 9) }];
  const tokens = (await getTokenSet(TEST_SHOP))!;
  await prisma.hyperskuConnection.update({
    where: { shop: TEST_SHOP },
    data: {
      accessTokenSealed: sealSecret(tokens.accessToken, { shop: TEST_SHOP, field: "accessToken" }, gone),
      refreshTokenSealed: tokens.refreshToken ? sealSecret(tokens.refreshToken, { shop: TEST_SHOP, field: "refreshToken" }, gone) : null,
    },
  });
}

describe("a send that fails outside HyperSKU", () => {
  it("holds the order for the operator when the stored token's key is gone, and sends it once HyperSKU is connected again", async () => {
    await sealTokensUnderMissingKey();
    const order = await receive(buildRestOrder());
    await runWorkerOnce();

    const held = await reload(order.id);
    expect(held).toMatchObject({ state: "held", stateCode: "stored_token_unreadable", createOutcomeUnknown: false });
    expect(held.stateReason).toMatch(/cannot be opened with the encryption keys.*TOKEN_ENCRYPTION_KEYS/);
    expect(held.stateReason).toMatch(/restore the missing key, or HyperSKU must be connected again/);
    const job = await forwardJob(order.id);
    expect(job.status).toBe("pending");
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000); // rechecked, not hammered
    expect(held.nextAttemptAt?.getTime()).toBe(job.runAt.getTime());
    expect(creates()).toHaveLength(0);

    await connectShop(simulator); // tokens sealed under the configured key; held orders are released
    await drainQueue({ fastForward: false });
    const sent = await reload(order.id);
    expect(sent.state).toBe("sent");
    expect(sent.hyperskuOrderId).toBe(String(atHypersku(order.shopifyOrderId)[0].orderBaseInfo.orderId));
    expect(creates()).toHaveLength(1);
  });

  it("releases the order with the bug's message (no stack) when something throws before the create, and the retry sends it once", async () => {
    const tokens = getHypersku().tokens;
    vi.spyOn(tokens, "withAccessToken").mockRejectedValueOnce(
      new TypeError("Cannot read properties of undefined (reading 'expiresAt')\n    at load (tokens.server.ts:42:7)"),
    );
    const order = await receive(buildRestOrder());
    await runWorkerOnce();

    const released = await reload(order.id);
    expect(released).toMatchObject({ state: "scheduled", createOutcomeUnknown: false });
    expect(released.lastError).toBe("Unexpected error while sending: Cannot read properties of undefined (reading 'expiresAt')");
    const job = await forwardJob(order.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job.lastError).not.toMatch(/\bat load\b/);
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now()); // backoff
    expect(creates()).toHaveLength(0);

    await drainQueue();
    expect((await reload(order.id)).state).toBe("sent");
    expect(creates()).toHaveLength(1);
  });

  it("keeps 'maybe at HyperSKU' when the database fails after HyperSKU created the order: it is found, never sent twice", async () => {
    let created = false;
    let failed = false;
    const client = getHypersku().client;
    const create = client.createOrderFromExternal.bind(client);
    vi.spyOn(client, "createOrderFromExternal").mockImplementation(async (...args) => {
      const result = await create(...args);
      created = true;
      return result;
    });
    // The forward job writes "sent" in a lean transaction (docs/decisions/0025): that write fails.
    const transaction = lean.transaction.bind(lean);
    vi.spyOn(lean, "transaction").mockImplementation(() => {
      if (created && !failed) {
        failed = true;
        return { execute: () => Promise.reject(new Error("database disk image is malformed")) } as unknown as ReturnType<
          typeof transaction
        >;
      }
      return transaction();
    });

    const order = await receive(buildRestOrder());
    await runWorkerOnce();
    expect(failed).toBe(true);
    const checking = await reload(order.id);
    expect(checking).toMatchObject({ state: "checking", createOutcomeUnknown: true, hyperskuOrderId: null });
    expect(checking.lastError).toBe("Unexpected error while sending: database disk image is malformed");
    expect((await forwardJob(order.id)).status).toBe("pending");

    await drainQueue();
    const sent = await reload(order.id);
    const [held] = atHypersku(order.shopifyOrderId);
    expect(sent.state).toBe("sent");
    expect(sent.hyperskuOrderId).toBe(String(held.orderBaseInfo.orderId));
    expect(atHypersku(order.shopifyOrderId)).toHaveLength(1);
    expect(creates()).toHaveLength(1);
  });

  it("holds the order for the operator when the create's path does not exist, and Send now sends it once the path is fixed", async () => {
    simulator.control.setFault("createOrderFromExternal", { notFound: true });
    const order = await receive(buildRestOrder());
    await runWorkerOnce();
    const held = await reload(order.id);
    expect(held).toMatchObject({ state: "held", stateCode: "operator_configuration" });
    expect(held.stateReason).toMatch(/operator/);
    expect(atHypersku(order.shopifyOrderId)).toHaveLength(0);

    simulator.control.setFault("createOrderFromExternal", null);
    const result = await callRoute(
      orderAction,
      await createBearerRequest(`/app/orders/${order.id}`, TEST_SHOP, { method: "POST", body: new URLSearchParams({ intent: "send" }) }),
      { id: order.id },
    );
    expect(await result.json()).toMatchObject({ ok: true });
    await drainQueue({ fastForward: false });
    expect((await reload(order.id)).state).toBe("sent");
    expect(atHypersku(order.shopifyOrderId)).toHaveLength(1);
  });
});

describe("an order left 'sending' with no job running it", () => {
  async function strand(orderId: string, job: { status: string; lockedUntil?: Date | null }) {
    await prisma.order.update({
      where: { id: orderId },
      data: { state: "sending", createOutcomeUnknown: true, attemptCount: 1, lastAttemptAt: new Date(Date.now() - 10 * 60_000) },
    });
    const { id } = await forwardJob(orderId);
    await prisma.job.update({
      where: { id },
      data: {
        status: job.status,
        lockedBy: job.status === "running" ? "another-worker" : null,
        lockedUntil: job.lockedUntil ?? null,
        uniqueKey: job.status === "failed" ? null : undefined,
      },
    });
  }
  const retry = async (orderId: string) =>
    (
      await callRoute(
        orderAction,
        await createBearerRequest(`/app/orders/${orderId}`, TEST_SHOP, { method: "POST", body: new URLSearchParams({ intent: "retry" }) }),
        { id: orderId },
      )
    ).json();
  const page = async (orderId: string) =>
    (await callRoute(orderLoader, await createBearerRequest(`/app/orders/${orderId}`), { id: orderId })).json();

  it("offers Retry, which asks HyperSKU first and then sends it once", async () => {
    const order = await receive(buildRestOrder());
    await strand(order.id, { status: "failed" }); // e.g. its last attempt died with the worker

    expect((await page(order.id)).actions.retry).toBe(true);
    expect(await retry(order.id)).toMatchObject({ ok: true, message: expect.stringMatching(/Checking with HyperSKU/) });
    expect((await reload(order.id)).state).toBe("checking");

    await drainQueue({ fastForward: false });
    const sent = await reload(order.id);
    expect(sent.state).toBe("sent");
    expect(simulator.control.requests().map((r) => r.operation)).toEqual(
      expect.arrayContaining(["getOrdersByExternalOrderId", "createOrderFromExternal"]),
    );
    expect(creates()).toHaveLength(1);
  });

  it("adopts the order when the lost create had reached HyperSKU, instead of sending it again", async () => {
    simulator.control.setFault("createOrderFromExternal", { commitThenTimeout: true, times: 1 });
    const order = await receive(buildRestOrder());
    await runWorkerOnce(); // committed at HyperSKU, no answer
    await strand(order.id, { status: "failed" });

    expect(await retry(order.id)).toMatchObject({ ok: true });
    await drainQueue({ fastForward: false });
    expect((await reload(order.id)).state).toBe("sent");
    expect(atHypersku(order.shopifyOrderId)).toHaveLength(1);
    expect(creates()).toHaveLength(1);
  });

  it("refuses Retry while a worker really holds the job", async () => {
    const order = await receive(buildRestOrder());
    await strand(order.id, { status: "running", lockedUntil: new Date(Date.now() + 60_000) });
    expect((await page(order.id)).actions.retry).toBe(false);
    expect(await retry(order.id)).toEqual({ intent: "retry", ok: false, message: "This order is being sent right now." });
  });
});

describe("a create whose outcome is unknown", () => {
  it("is never sent again by a lookup before the settle window's end, however often it runs", async () => {
    simulator.control.setFault("createOrderFromExternal", { hang: true, times: 1 });
    const order = await receive(buildRestOrder());
    await drainQueue({ maxRounds: 4 }); // the send, then lookups made due at once (no time passes)

    const checking = await reload(order.id);
    expect(checking).toMatchObject({ state: "checking", stateCode: "create_unconfirmed", createOutcomeUnknown: true });
    expect(checking.nextAttemptAt?.getTime()).toBe(checking.lastAttemptAt!.getTime() + SETTLE_MS);
    const lookups = simulator.control.requests().filter((r) => r.operation === "getOrdersByExternalOrderId");
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    expect(creates()).toHaveLength(1);
    const job = await forwardJob(order.id);
    expect(job.attempts).toBe(1); // waiting is not failing
    const events = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "attempt", outcome: "checking" } });
    expect(events).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, checking.lastAttemptAt!.getTime() + SETTLE_MS + 100 - Date.now()));
    await drainQueue({ fastForward: false });
    const sent = await reload(order.id);
    expect(sent.state).toBe("sent");
    expect(creates()).toHaveLength(2);
    expect(atHypersku(order.shopifyOrderId)).toHaveLength(1); // the hung create never landed
  });

  it("stops an order a customer redaction caught while it was being checked: never looked up or sent again", async () => {
    simulator.control.setFault("createOrderFromExternal", { hang: true, times: 1 });
    const payload = buildRestOrder();
    const order = await receive(payload);
    await runWorkerOnce();
    expect((await reload(order.id)).state).toBe("checking");

    const customer = payload.customer as JsonObject | undefined;
    const redacted = await callRoute(
      customersRedact,
      createWebhookRequest({
        topic: "customers/redact",
        body: {
          shop_id: 1,
          shop_domain: TEST_SHOP,
          customer: { id: customer?.id ?? 1, email: payload.email ?? null, phone: null },
          orders_to_redact: [payload.id],
        },
      }),
    );
    expect(redacted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 100));
    const lookupsBefore = simulator.control.requests().filter((r) => r.operation === "getOrdersByExternalOrderId").length;
    await drainQueue();
    expect(await reload(order.id)).toMatchObject({ state: "skipped", stateCode: "customer_redacted", createOutcomeUnknown: false });
    expect(simulator.control.requests().filter((r) => r.operation === "getOrdersByExternalOrderId")).toHaveLength(lookupsBefore);
    expect(creates()).toHaveLength(1);
  });
});

describe("a create HyperSKU commits after its settle window (docs/decisions/0007, addendum)", () => {
  const COMMIT_AFTER_MS = SETTLE_MS + 1_500; // as a commit at 150 s with the 120 s window
  const cancels = () => simulator.control.requests().filter((r) => r.operation === "cancelOrder");
  const lookups = () => simulator.control.requests().filter((r) => r.operation === "getOrdersByExternalOrderId");
  const watchJob = (orderId: string) => prisma.job.findFirst({ where: { type: "watch_duplicate_copies", subjectId: orderId } });
  const isClosed = (copy: { orderBaseInfo: { status: number } }) => copy.orderBaseInfo.status === HYPERSKU_STATUS.closed;
  const idOf = (copy: { orderBaseInfo: { orderId: number } }) => String(copy.orderBaseInfo.orderId);
  const page = async (orderId: string) =>
    (await callRoute(orderLoader, await createBearerRequest(`/app/orders/${orderId}`), { id: orderId })).json();
  /** The forward job's retry made due now; the watch it queues looks a minute later (not made due). */
  const resendDue = () => drainQueue({ horizonMs: 30_000 });
  /** The watch's next look, made due now (its first is a minute after sending again, the later ones hours apart). */
  const lookOnce = () => drainQueue({ horizonMs: 24 * 3_600_000, maxRounds: 1 });

  async function waitFor(condition: () => boolean, what: string) {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The first create gets no answer and lands after the order was sent again: two copies at HyperSKU. */
  async function sendTwice(payload = buildRestOrder()) {
    simulator.control.setFault("createOrderFromExternal", { commitAfterMs: COMMIT_AFTER_MS, times: 1 });
    const order = await receive(payload);
    await runWorkerOnce();
    const checking = await reload(order.id);
    expect(checking.state).toBe("checking");
    expect(await watchJob(order.id)).toBeNull(); // a first send is not watched

    await new Promise((resolve) => setTimeout(resolve, checking.lastAttemptAt!.getTime() + SETTLE_MS + 100 - Date.now()));
    await resendDue(); // settled, nothing found: sent again
    const sent = await reload(order.id);
    expect(sent.state).toBe("sent");
    expect(atHypersku(order.shopifyOrderId).map(idOf)).toEqual([sent.hyperskuOrderId]);
    expect(creates()).toHaveLength(2);
    expect(await watchJob(order.id)).toMatchObject({ status: "pending" });
    const watching = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "duplicate", outcome: "watching" } });
    expect(watching).toHaveLength(1);

    await waitFor(() => atHypersku(order.shopifyOrderId).length === 2, "the late commit");
    const late = atHypersku(order.shopifyOrderId).find((copy) => idOf(copy) !== sent.hyperskuOrderId)!;
    return { order: sent, lateId: idOf(late) };
  }

  it("cancels the late copy while HyperSKU allows it, keeps the one sent again, and tells the merchant", async () => {
    const { order, lateId } = await sendTwice();
    await lookOnce();

    const copies = atHypersku(order.shopifyOrderId);
    expect(copies.filter((copy) => !isClosed(copy)).map(idOf)).toEqual([order.hyperskuOrderId]);
    expect(copies.filter(isClosed).map(idOf)).toEqual([lateId]);
    expect(cancels().map((r) => r.query.orderId)).toEqual([lateId]);

    const flagged = await reload(order.id);
    expect(flagged).toMatchObject({ state: "sent", hyperskuOrderId: order.hyperskuOrderId, flagCode: "duplicate_at_hypersku" });
    expect(flagged.flagReason).toContain(`Keep HyperSKU order ${order.hyperskuOrderId}, the one the app follows.`);
    expect(flagged.flagReason).toContain(`The app cancelled the extra copy, HyperSKU order ${lateId}.`);
    const shown = await page(order.id);
    expect(shown.flag).toEqual({ code: "duplicate_at_hypersku", reason: flagged.flagReason });
    expect(shown.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ description: flagged.flagReason, fix: ORDER_FLAG_FIXES.duplicate_at_hypersku })]),
    );

    // Looking on: the cancelled copy is closed, the kept one untouched, nothing more is cancelled.
    await lookOnce();
    expect(cancels()).toHaveLength(1);
    expect(
      atHypersku(order.shopifyOrderId)
        .filter((copy) => !isClosed(copy))
        .map(idOf),
    ).toEqual([order.hyperskuOrderId]);
    expect(await watchJob(order.id)).toMatchObject({ status: "pending" });
  });

  it("when HyperSKU refuses to cancel the late copy, tells the merchant to cancel it there, by its number, and asks only once", async () => {
    const { order, lateId } = await sendTwice();
    simulator.control.setFault("cancelOrder", { reject: { status: 40030, message: "The order is being purchased" }, times: 1 });
    await lookOnce();

    expect(atHypersku(order.shopifyOrderId).filter(isClosed)).toEqual([]);
    const flagged = await reload(order.id);
    expect(flagged.flagCode).toBe("duplicate_at_hypersku");
    expect(flagged.flagReason).toContain("The order is being purchased");
    expect(flagged.flagReason).toContain(`Cancel HyperSKU order ${lateId} in your HyperSKU account, or ask HyperSKU support to.`);
    const refused = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "duplicate", outcome: "refused" } });
    expect(refused).toHaveLength(1);

    await lookOnce();
    expect(cancels()).toHaveLength(1);
  });

  it("keeps the earlier copy when the lookup finds both before either is recorded, and cancels the other", async () => {
    simulator.control.setFault("createOrderFromExternal", { commitAfterMs: COMMIT_AFTER_MS, times: 1 });
    const order = await receive(buildRestOrder());
    await runWorkerOnce();
    const settlesAt = (await reload(order.id)).lastAttemptAt!.getTime() + SETTLE_MS;
    await new Promise((resolve) => setTimeout(resolve, settlesAt + 100 - Date.now()));
    simulator.control.setFault("createOrderFromExternal", { commitThenTimeout: true, times: 1 }); // the second create is stored, unanswered
    await drainQueue({ horizonMs: 30_000, maxRounds: 1 });
    expect(await reload(order.id)).toMatchObject({ state: "checking", hyperskuOrderId: null });
    await waitFor(() => atHypersku(order.shopifyOrderId).length === 2, "the late commit");
    const [earlier, later] = atHypersku(order.shopifyOrderId)
      .map(idOf)
      .sort((a, b) => Number(a) - Number(b));

    await resendDue(); // the lookup lists both: the earlier is adopted, the watch looks at once
    const sent = await reload(order.id);
    expect(sent).toMatchObject({ state: "sent", hyperskuOrderId: earlier, flagCode: "duplicate_at_hypersku" });
    expect(
      atHypersku(order.shopifyOrderId)
        .filter((copy) => !isClosed(copy))
        .map(idOf),
    ).toEqual([earlier]);
    expect(cancels().map((r) => r.query.orderId)).toEqual([later]);
    expect(sent.flagReason).toContain(`The app cancelled the extra copy, HyperSKU order ${later}.`);
    expect(creates()).toHaveLength(2);
  });

  it("stops looking 24 hours after the order was sent again", async () => {
    simulator.control.setFault("createOrderFromExternal", { hang: true, times: 1 }); // never lands
    const order = await receive(buildRestOrder());
    await runWorkerOnce();
    const settlesAt = (await reload(order.id)).lastAttemptAt!.getTime() + SETTLE_MS;
    await new Promise((resolve) => setTimeout(resolve, settlesAt + 100 - Date.now()));
    await resendDue();
    expect((await reload(order.id)).state).toBe("sent");

    await lookOnce(); // a look that finds the one copy
    expect(await watchJob(order.id)).toMatchObject({ status: "pending" });
    await prisma.orderEvent.updateMany({
      where: { orderId: order.id, kind: "duplicate", outcome: "watching" },
      data: { at: new Date(Date.now() - 25 * 3_600_000) },
    });
    const before = lookups().length;
    await lookOnce();
    await drainQueue({ horizonMs: 48 * 3_600_000 }); // nothing left to run
    expect(lookups()).toHaveLength(before + 1); // the last look, then no more
    expect(await watchJob(order.id)).toMatchObject({ status: "succeeded" });
    const ended = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "duplicate", outcome: "ended" } });
    expect(ended).toHaveLength(1);
    expect(atHypersku(order.shopifyOrderId)).toHaveLength(1);
    expect((await reload(order.id)).flagCode).toBeNull();
  });
});

describe("what is stored of HyperSKU's answer", () => {
  it("is a bounded projection: the fields the app shows, long strings cut", async () => {
    const title = "Mug ".repeat(30_000);
    const order = await receive(buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { title } })] }));
    await drainQueue();
    const sent = await reload(order.id);
    expect(sent.state).toBe("sent");
    expect(Buffer.byteLength(sent.hyperskuResponse!, "utf8")).toBeLessThanOrEqual(64 * 1024);
    const stored = JSON.parse(sent.hyperskuResponse!);
    expect(stored.orderBaseInfo.orderId).toBe(Number(sent.hyperskuOrderId));
    expect(stored.orderItemInfos[0].title.length).toBeLessThanOrEqual(1_000);
    expect(Object.keys(stored).sort()).toEqual(expect.arrayContaining(["orderBaseInfo", "orderItemInfos"]));
  });
});
