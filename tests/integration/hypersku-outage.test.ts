/**
 * Issue 19: a HyperSKU outage is visible within minutes. The simulator stops answering (HTTP 500 on
 * every call); the stored call health turns "down" after five minutes of failures (time injected,
 * no sleeping), the dashboard and the order page say so, "Retry failed orders" says HyperSKU is
 * still not answering, the first answer clears it, and a new process still knows.
 */
vi.hoisted(() => {
  process.env.HYPERSKU_CREATE_SETTLE_SECONDS = "2";
});

import prisma from "~/models/db/client.server";
import { forgetCallHealthMemo } from "~/domain/connection/call-health.server";
import { getConnectionView } from "~/domain/connection/connection-view.server";
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { getDashboard } from "~/domain/admin/dashboard.server";
import { retryFailedOrdersFromDashboard } from "~/domain/admin/dashboard-outage.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/app._index/route";
import { loader as orderLoader } from "~/routes/app.orders.$id/route";
import { loader as ordersLoader } from "~/routes/app.orders._index/route";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { withForwardingSimulator } from "../support/hypersku";
import { buildRestOrder, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";

let simulator: HyperskuSimulator;
withForwardingSimulator((started) => (simulator = started));
beforeEach(() => forgetCallHealthMemo());

const MINUTE = 60_000;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const health = () => prisma.hyperskuConnection.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
const receive = async (payload: JsonObject) => {
  expect((await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload }))).status).toBe(200);
  return prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });
};
const countries = () => withHyperskuAccess(TEST_SHOP, (auth) => getHypersku().client.getCountryCode(auth));
const problemIds = (view: { problems: { id: string }[] }) => view.problems.map((problem) => problem.id);
/** Three sends fail because HyperSKU answers nothing but 500s: an outage. */
async function startOutage() {
  simulator.control.setFault("*", { errorRate: 1 });
  const orders = [];
  for (let index = 0; index < 3; index++) orders.push(await receive(buildRestOrder()));
  await drainQueue({ fastForward: false });
  return orders;
}

describe("a HyperSKU outage", () => {
  it("is stored when calls go unanswered, degraded at first, down after five minutes, and said on the dashboard", async () => {
    await startOutage();
    const stored = await health();
    expect(stored.failingSince).toBeInstanceOf(Date);
    expect(stored.failedCallsInARow).toBe(3);
    expect(stored.lastFailure).toBe("HTTP 500 (createOrderFromExternal)");
    const since = stored.failingSince!;

    // More failures keep the first time (and, counted out, write nothing).
    await expect(countries()).rejects.toThrow(/not available/);
    await expect(countries()).rejects.toThrow(/not available/);
    expect((await health()).failingSince).toEqual(since);
    expect((await health()).failedCallsInARow).toBe(3);

    const early = await getDashboard(TEST_SHOP, minutesFromNow(1));
    expect(early.connection.health.state).toBe("degraded");
    expect(problemIds(early)).not.toContain("hypersku_down");

    const later = await getDashboard(TEST_SHOP, new Date(since.getTime() + 5 * MINUTE));
    expect(later.connection.health).toMatchObject({ state: "down", message: expect.stringMatching(/^HyperSKU has not answered since /) });
    const banner = later.problems.find((problem) => problem.id === "hypersku_down")!;
    expect(banner.title).toMatch(/^HyperSKU is not answering since /);
    expect(banner.details[0].text).toMatch(/^3 orders wait to be sent; next try at .+\.$/);
    expect(later.problems[0].id).toBe("hypersku_down"); // first: it explains the rest

    const card = await getConnectionView(TEST_SHOP, new Date(since.getTime() + 6 * MINUTE));
    expect(card.status).toBe("connected"); // the authorization is still valid...
    expect(card.health.state).toBe("down"); // ...but HyperSKU does not answer
  });

  it("shows on the dashboard page and on a waiting order's page, and Retry failed orders says HyperSKU is still not answering", async () => {
    const [first] = await startOutage();
    // As if the outage had lasted six minutes (the loader reads the clock).
    await prisma.hyperskuConnection.update({ where: { shop: TEST_SHOP }, data: { failingSince: minutesFromNow(-6) } });

    const dashboard = await (await callRoute(dashboardLoader, await createBearerRequest("/app"))).json();
    expect(problemIds(dashboard)).toContain("hypersku_down");

    const page = await (await callRoute(orderLoader, await createBearerRequest(`/app/orders/${first.id}`), { id: first.id })).json();
    expect(page.state.meaning).toMatch(/^HyperSKU is not answering since .+, next try at .+\. Nothing is lost/);

    // The orders list says it too: above the list, and on each order still to send.
    const list = await (await callRoute(ordersLoader, await createBearerRequest("/app/orders?tab=to_send"))).json();
    expect(list.outage).toMatch(/HyperSKU/);
    expect(list.rows).toHaveLength(3);
    for (const row of list.rows) expect(row.reason).toMatch(/^HyperSKU is not answering since .+, next try at .+\. Nothing is lost/);

    // Orders that used up their attempts are failed; retrying them while HyperSKU is down says so.
    await prisma.order.update({
      where: { id: first.id },
      data: { state: "failed", stateCode: "hypersku_unavailable", nextAttemptAt: null },
    });
    const retry = await callRoute(
      dashboardAction,
      await createBearerRequest("/app", TEST_SHOP, { method: "POST", body: new URLSearchParams([["intent", "retry_failed"]]) }),
    );
    expect(await retry.json()).toMatchObject({
      ok: false,
      message: "HyperSKU is still not answering: 3 orders will be sent as soon as it answers.",
    });
    const after = await (await callRoute(dashboardLoader, await createBearerRequest("/app"))).json();
    expect(problemIds(after)).toContain("hypersku_down"); // the banner stays
    expect((await prisma.order.findUniqueOrThrow({ where: { id: first.id } })).state).toBe("scheduled");
  });

  it("is not forgotten by a restart, and the first answer (from any process) clears it and sends the waiting orders", async () => {
    const orders = await startOutage();
    const since = (await health()).failingSince!;
    forgetCallHealthMemo(); // a new process: nothing in memory
    expect((await getDashboard(TEST_SHOP, new Date(since.getTime() + 5 * MINUTE))).connection.health.state).toBe("down");
    expect(await retryFailedOrdersFromDashboard(TEST_SHOP, new Date(since.getTime() + 5 * MINUTE))).toMatchObject({ ok: false });
    const waiting = await prisma.job.findMany({ where: { type: "forward_order", status: "pending" } });
    expect(waiting.every((job) => job.runAt.getTime() > Date.now() + 1_000)).toBe(true); // backed off

    simulator.control.setFault("*", null); // HyperSKU is back
    await countries(); // any answered call, not only a create
    const cleared = await health();
    expect(cleared).toMatchObject({ failingSince: null, lastFailure: null, failedCallsInARow: 0 });
    expect(cleared.lastSuccessfulCallAt!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    const dashboard = await getDashboard(TEST_SHOP, minutesFromNow(10));
    expect(dashboard.connection.health.state).toBe("ok");
    expect(problemIds(dashboard)).not.toContain("hypersku_down");

    // The backed-off sends were released: they go now, not at the end of their backoff.
    await drainQueue({ fastForward: false });
    for (const order of orders) expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).state).toBe("sent");
  });

  it("ends an outage another process saw with the next accepted create, though this process thought HyperSKU answered", async () => {
    const orders = await startOutage();
    const outage = await health();
    // This process last saw HyperSKU answer (moments ago); the outage was recorded by another one.
    simulator.control.setFault("*", null);
    await prisma.hyperskuConnection.update({ where: { shop: TEST_SHOP }, data: { failingSince: null, failedCallsInARow: 0 } });
    forgetCallHealthMemo();
    await countries();
    await prisma.hyperskuConnection.update({
      where: { shop: TEST_SHOP },
      data: { failingSince: outage.failingSince, failedCallsInARow: outage.failedCallsInARow, lastFailure: outage.lastFailure },
    });

    const late = await receive(buildRestOrder());
    await drainQueue({ fastForward: false }); // no time passes: only a release sends the backed-off orders
    expect((await health()).failingSince).toBeNull();
    for (const order of [...orders, late]) expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).state).toBe("sent");
  });

  it("does not count what HyperSKU answered: a refusal or a rate limit leaves the shop healthy", async () => {
    simulator.control.setFault("createOrderFromExternal", { rateLimit: { retryAfterSeconds: 30 }, times: 1 });
    await receive(buildRestOrder());
    await drainQueue({ fastForward: false });
    expect((await health()).failingSince).toBeNull();
    simulator.control.setFault("createOrderFromExternal", { reject: { status: 40010, message: "cannot be sourced" }, times: 1 });
    await receive(buildRestOrder());
    await drainQueue({ fastForward: false });
    expect((await health()).failingSince).toBeNull();
  });
});
