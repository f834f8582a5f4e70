/**
 * Merchant actions racing on one order, over HTTP against the production server (`node server.js`,
 * its worker off) as the embedded app posts them, while real worker processes (`worker.js`, the
 * production build) send: 10 "Send
 * anyway", 10 "Send now" and 3 bulk sends fired at once at one held order must make exactly one
 * HyperSKU order, round after round. The simulator stores duplicates, so a second create shows.
 * Every state change an action makes is a compare-and-set on the order as it read it, in the
 * transaction that queues the job; the losers are told plainly. And two notes racing to settle one
 * problem leave one note.
 */
import prisma from "~/models/db/client.server";
import { markOrderCheckingIfUnchanged, scheduleOrderNowIfUnchanged, setOrderPlanIfUnchanged } from "~/models/order.server";
import { withTransaction } from "~/models/transactions.server";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { startAppServer, startWorkerProcess, type RunningApp, type RunningProcess, simulatorEnv } from "../support/app-server";
import { loadBuild } from "../support/build";
import { connectShop, installShop } from "../support/connected-shop";
import { isPostgresRun, resetDatabase } from "../support/database";
import { startConnectedSimulator } from "../support/hypersku";
import { BROWSER_USER_AGENT, createSessionToken, TEST_SHOP } from "../support/shopify";

type Outcome = { ok: boolean; message: string };

const ROUNDS = 6;
let app: RunningApp;

/** A form post as the embedded admin's fetcher sends it (session token, Remix's data request for the route). */
async function post(path: string, routeId: string, fields: [string, string][]) {
  const url = new URL(path, app.url);
  url.searchParams.set("_data", routeId);
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${await createSessionToken(TEST_SHOP)}`, "User-Agent": BROWSER_USER_AGENT },
    body: new URLSearchParams(fields),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

const orderPageAction = async (id: string, fields: [string, string][]) =>
  (await (await post(`/app/orders/${id}`, "routes/app.orders.$id", fields)).json()) as Outcome & { field?: string };

/** The orders list's bulk "Send now" on one order, as one outcome (its refusal, when refused). */
async function bulkSend(id: string): Promise<Outcome> {
  const result = (await (
    await post("/app/orders?index", "routes/app.orders._index", [
      ["intent", "send"],
      ["id", id],
    ])
  ).json()) as { done: number; refused: { message: string }[] };
  return result.done === 1 ? { ok: true, message: "bulk" } : { ok: false, message: result.refused[0]?.message ?? "nothing done" };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

let simulator: HyperskuSimulator;
const env = () => ({ ...simulatorEnv(simulator), WORKER_POLL_MS: "20", WORKER_CONCURRENCY: "4" });

beforeAll(async () => {
  await loadBuild(); // fails clearly when `npm run build` has not run
  simulator = await startConnectedSimulator({ duplicateCreate: "create-duplicate" });
  app = await startAppServer({ ...env(), WORKER_MODE: "off" });
});

afterAll(async () => {
  await app?.stop();
  await simulator?.close();
});

describe("merchant actions racing on one held order", () => {
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    await resetDatabase();
    await installShop();
    await connectShop(simulator);
    // Two workers compete for the jobs on PostgreSQL; SQLite serialises writers anyway.
    const count = isPostgresRun() ? 2 : 1;
    for (let i = 0; i < count; i += 1) workers.push(await startWorkerProcess(env()));
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it("makes exactly one HyperSKU order, whatever mix of Send anyway, Send now and bulk sends wins", { timeout: 120_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const order = await createAdminOrder({
        state: "held",
        stateCode: "needs_sourcing",
        stateReason: 'HyperSKU has not sourced "Linen Tea Towel (Natural)" yet.',
        withEvents: false,
      });
      const actions: (() => Promise<Outcome>)[] = [];
      // Send anyway writes soonest (it reads least), so every other round leaves it out: Send now and bulk sends race alone.
      const withSendAnyway = round % 2 === 1;
      for (let i = 0; i < 10; i += 1) {
        if (withSendAnyway) actions.push(() => orderPageAction(order.id, [["intent", "send_anyway"]]));
        actions.push(() => orderPageAction(order.id, [["intent", "send"]]));
        if (i % 4 === 0) actions.push(() => bulkSend(order.id));
      }
      // Each round another kind of action starts first.
      const start = (round * 7) % actions.length;
      const outcomes = await Promise.all([...actions.slice(start), ...actions.slice(0, start)].map((act) => act()));

      // Settled: the order is at HyperSKU and no forward job of it is left to run.
      await waitFor(
        async () =>
          (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).state === "sent" &&
          (await prisma.job.count({ where: { subjectId: order.id, status: { in: ["pending", "running"] } } })) === 0,
        30_000,
        `round ${round}: the order sent and its jobs finished`,
      );
      // A second job queued by a late loser would run now: give it the time to.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await prisma.job.count({ where: { subjectId: order.id, status: { in: ["pending", "running"] } } })).toBe(0);

      const atHypersku = simulator.control.orders().filter((created) => created.orderBaseInfo.storeOrderId === order.shopifyOrderId);
      expect(atHypersku, `round ${round}: HyperSKU orders`).toHaveLength(1);
      expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).state).toBe("sent");

      // One action wins; every other one is told, in plain words, that nothing was done and why.
      expect(
        outcomes.filter((outcome) => outcome.ok),
        `round ${round}: winners`,
      ).toHaveLength(1);
      for (const refused of outcomes.filter((outcome) => !outcome.ok)) {
        expect(refused.message).toMatch(
          /^(Not done: this order is already being sent to HyperSKU\.|This order is already at HyperSKU\.|This order is being sent right now\.)$/,
        );
      }
    }
  });
});

describe("an action's write is a compare-and-set on the order as it was read", () => {
  beforeEach(async () => {
    await resetDatabase();
    await installShop();
    await createShopRecord(TEST_SHOP, { hyperskuStatus: "connected" }); // no worker runs here
  });

  it("writes nothing on a stale read: another action queued the order, or a worker sent it, meanwhile", async () => {
    const held = await createAdminOrder({
      state: "held",
      stateCode: "needs_sourcing",
      stateReason: "Waiting for sourcing.",
      withEvents: false,
    });
    // Two actions read the order at the same moment; the first to write wins, in its transaction.
    const read = await prisma.order.findUniqueOrThrow({ where: { id: held.id } });
    expect(await withTransaction((tx) => scheduleOrderNowIfUnchanged(tx, read, new Date()))).toBe(true);
    expect(await scheduleOrderNowIfUnchanged(prisma, read, new Date(), { sendAnywayAt: new Date() })).toBe(false);
    expect(await setOrderPlanIfUnchanged(read, { state: "needs_attention", stateCode: "x", stateReason: "x" })).toBe(false);

    // An action read it queued; a worker then sent it. Queuing it again now would send it twice.
    const queued = await prisma.order.findUniqueOrThrow({ where: { id: held.id } });
    expect(queued).toMatchObject({ state: "scheduled", sendAnywayAt: null });
    await prisma.order.update({ where: { id: held.id }, data: { state: "sent", hyperskuOrderId: "880001", attemptCount: 1 } });
    expect(await scheduleOrderNowIfUnchanged(prisma, queued, new Date())).toBe(false);
    expect(await markOrderCheckingIfUnchanged(prisma, queued, "Checking.", new Date())).toBe(false);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({ state: "sent", createOutcomeUnknown: false });
  });

  it("tells a second Send now or Send anyway that the order is already being sent, and queues nothing more", async () => {
    const held = await createAdminOrder({
      state: "held",
      stateCode: "needs_sourcing",
      stateReason: "Waiting for sourcing.",
      withEvents: false,
    });
    expect(await orderPageAction(held.id, [["intent", "send_anyway"]])).toMatchObject({ ok: true });
    const again = "Not done: this order is already being sent to HyperSKU.";
    expect(await orderPageAction(held.id, [["intent", "send"]])).toMatchObject({ ok: false, message: again });
    expect(await orderPageAction(held.id, [["intent", "send_anyway"]])).toMatchObject({ ok: false, message: again });
    expect(await bulkSend(held.id)).toEqual({ ok: false, message: again });
    expect(await prisma.job.count({ where: { subjectId: held.id } })).toBe(1);
    expect(await prisma.orderEvent.count({ where: { orderId: held.id, kind: "action" } })).toBe(1);
  });
});

describe("notes racing to settle one problem", () => {
  beforeEach(async () => {
    await resetDatabase();
    await installShop();
  });

  it("leaves exactly one note, and tells the others the problem was settled meanwhile", async () => {
    for (let round = 1; round <= 3; round += 1) {
      const order = await createAdminOrder({ state: "needs_attention", withEvents: false });
      const problemKey = `needs_attention:${order.stateCode}`;
      const settle = (intent: string, note: string) =>
        orderPageAction(order.id, [
          ["intent", intent],
          ["problemKey", problemKey],
          ["note", note],
        ]);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? settle("resolve_problem", `Fixed the address by phone (${i}).`)
            : settle("ignore_problem", `Customer collects it (${i}).`),
        ),
      );

      const notes = await prisma.orderEvent.findMany({ where: { orderId: order.id, kind: "problem" } });
      expect(notes, `round ${round}: notes`).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      for (const refused of outcomes.filter((outcome) => !outcome.ok)) {
        // Refused at the conditional insert, or (arriving after the winner) by the check before it.
        expect([
          "Not done: this problem was already settled a moment ago, so your note was not added. Reload the page to see the note it has.",
          "This problem has changed or is already settled. The page now shows the order as it is.",
        ]).toContain(refused.message);
      }
    }
  });
});
