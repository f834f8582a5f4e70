/**
 * "Send past orders" end to end below the browser: the count preview and the start through the
 * page's action, the run as queue job steps against the offline Shopify Admin fake, and the
 * summary (queued, skipped with reasons, failed) exact across pages, retries and a resumed step.
 */
import prisma from "~/models/db/client.server";
import { runBackfillStep } from "~/domain/backfill/run-backfill.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import { action as pastOrdersAction, loader as pastOrdersLoader } from "~/routes/app.past-orders/route";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { buildGraphqlOrder, type JsonObject } from "../support/order-factories";
import { callRoute } from "../support/routes";
import { createBearerRequest, TEST_SHOP } from "../support/shopify";

let shopify: ShopifyAdminFake;
const day = (d: number, minute = 0) => new Date(Date.UTC(2026, 6, d, 12, minute)).toISOString();

function putOrder(index: number, overrides: JsonObject = {}) {
  const node = buildGraphqlOrder({
    overrides: {
      legacyResourceId: String(6_100_000_000_000 + index),
      name: `#${5000 + index}`,
      createdAt: day(5, index % 60),
      updatedAt: day(5, index % 60),
      ...overrides,
    },
  });
  node.id = `gid://shopify/Order/${node.legacyResourceId}`;
  shopify.putOrder(TEST_SHOP, node as JsonObject & { id: string; updatedAt: string });
  return node;
}

async function post(fields: Record<string, string>) {
  const request = await createBearerRequest("/app/past-orders", TEST_SHOP, { method: "POST", body: new URLSearchParams(fields) });
  return callRoute(pastOrdersAction, request);
}

async function runToEnd(backfillId: string) {
  for (let step = 0; step < 20; step++) {
    const result = await runBackfillStep(backfillId, { attempt: 1, maxAttempts: 12 });
    if (result.kind === "done") return step + 1;
    expect(result.kind).toBe("reschedule");
  }
  throw new Error("the run did not finish");
}

beforeEach(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  await createShopRecord(TEST_SHOP);
  shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
});
afterAll(() => setAdminGraphqlFactory(null));

describe("send past orders", () => {
  it("counts a range, runs it page by page and sums up what was queued, skipped and why, and failed", async () => {
    for (let i = 0; i < 100; i++) putOrder(i);
    for (let i = 100; i < 110; i++) putOrder(i, { test: true });
    for (let i = 110; i < 115; i++) putOrder(i, { displayFinancialStatus: "PENDING", transactions: [] });
    const alreadySent = putOrder(115);
    putOrder(116, { lineItems: "not a list" });
    putOrder(200, { createdAt: day(20), updatedAt: day(20) }); // outside the range
    await createAdminOrder({
      state: "sent",
      hyperskuStatus: 2,
      createdAt: new Date(String(alreadySent.updatedAt)),
      payload: { id: Number(alreadySent.legacyResourceId) },
    });

    const count = await (await post({ intent: "count", from: "2026-07-01", to: "2026-07-10" })).json();
    expect(count).toMatchObject({ ok: true, count: 117, capped: false });

    const started = await post({ intent: "start", from: "2026-07-01", to: "2026-07-10" });
    expect(await started.json()).toMatchObject({ ok: true });
    const again = await (await post({ intent: "start", from: "2026-07-01", to: "2026-07-10" })).json();
    expect(again).toMatchObject({ ok: false, message: expect.stringContaining("already in progress") });

    const run = await prisma.backfill.findFirstOrThrow({ where: { shop: TEST_SHOP } });
    expect(run).toMatchObject({ status: "running", total: 117, processed: 0 });
    const job = await prisma.job.findFirstOrThrow({ where: { type: "backfill_orders" } });
    // One run per shop: the job's subject is the shop, and its step re-reads the shop's running run.
    expect(job).toMatchObject({ subjectId: TEST_SHOP, uniqueKey: `backfill_orders:${TEST_SHOP}`, shop: null });

    // Three pages of 50; two pages per step.
    expect(await runToEnd(run.id)).toBe(2);
    const done = await prisma.backfill.findUniqueOrThrow({ where: { id: run.id } });
    expect(done).toMatchObject({ status: "done", processed: 117, queued: 100, skipped: 16, failed: 1 });
    expect(JSON.parse(done.skippedReasons)).toEqual({ test_order: 10, awaiting_payment: 5, already_sent: 1 });
    expect(await prisma.job.count({ where: { type: "forward_order", status: "pending" } })).toBe(100);
    const received = await prisma.orderEvent.findFirstOrThrow({ where: { kind: "received", order: { name: "#5000" } } });
    expect(received.message).toContain("backfill");

    const view = await (await callRoute(pastOrdersLoader, await createBearerRequest("/app/past-orders"))).json();
    expect(view.current).toMatchObject({ status: "done", percent: 100, queued: 100, skipped: 16, failed: 1 });
    expect(view.current.reasons[0]).toMatchObject({ code: "test_order", count: 10, label: expect.stringContaining("test order") });
  });

  it("resumes after the last order a step finished and waits out Shopify's throttling", async () => {
    for (let i = 0; i < 60; i++) putOrder(i);
    const run = await prisma.backfill.create({
      data: {
        shop: TEST_SHOP,
        createdFrom: new Date(day(1)),
        createdTo: new Date(day(10)),
        total: 60,
        processed: 3,
        queued: 3,
        cursor: JSON.stringify({ after: null, done: 3 }),
      },
    });
    shopify.throttleNext = 1;
    const throttled = await runBackfillStep(run.id, { attempt: 1, maxAttempts: 12 });
    // Throttling is waiting, not failing (integrations/shopify/job-outcome.ts): a reschedule.
    expect(throttled).toMatchObject({ kind: "reschedule", runAt: expect.any(Date) });

    await runToEnd(run.id);
    const done = await prisma.backfill.findUniqueOrThrow({ where: { id: run.id } });
    expect(done).toMatchObject({ status: "done", processed: 60, queued: 60 });
    // The three orders the earlier step had done were not imported again.
    expect(await prisma.order.count({ where: { shop: TEST_SHOP } })).toBe(57);
  });

  it("refuses a range with no orders and answers field errors for bad dates", async () => {
    const empty = await (await post({ intent: "start", from: "2026-07-01", to: "2026-07-10" })).json();
    expect(empty).toMatchObject({ ok: false, message: expect.stringContaining("no orders") });
    const bad = await post({ intent: "count", from: "2026-07-10", to: "2026-07-01" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ to: "The end date is before the start date." });
    expect(await prisma.backfill.count()).toBe(0);
  });

  it("marks a run failed when Shopify keeps failing on the last attempt", async () => {
    putOrder(1);
    const run = await prisma.backfill.create({
      data: { shop: TEST_SHOP, createdFrom: new Date(day(1)), createdTo: new Date(day(10)), total: 1 },
    });
    // A Shopify error that is not throttling (throttling is waiting and uses up no attempt).
    setAdminGraphqlFactory(async () => async () => ({ errors: [{ message: "Internal error" }] }));
    const result = await runBackfillStep(run.id, { attempt: 12, maxAttempts: 12 });
    expect(result.kind).toBe("fail");
    expect(await prisma.backfill.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: "failed",
      error: expect.stringContaining("Internal error"),
    });
  });
});
