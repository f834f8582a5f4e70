// The durable job queue and its worker against a real SQLite database (one per test file), and
// two worker processes sharing one database file while one of them is killed mid-batch.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import prisma from "~/models/db/client.server";
import {
  buildClaimStatement,
  buildInsertStatement,
  cancelJobs,
  claimJobs,
  completeJob,
  enqueueJob,
  extendLease,
  failJob,
  getQueueStats,
  type Job,
  JOB_ERROR_MAX_LENGTH,
  releaseJobs,
  rescheduleJob,
  retryJob,
} from "~/queue/queue.server";
import { createWorker, defineJob, enqueue, findJob, type JobOutcome, type JobRun } from "~/queue";
import { logger } from "~/logger.server";
import { capturedLogLines } from "../support/logs";
import { isPostgresRun, resetDatabase } from "../support/database";

const SHOP = "queue-shop.myshopify.com";
const OTHER_SHOP = "other-queue-shop.myshopify.com";
// In the past, so that jobs scheduled around it are due for a worker running on the real clock.
const T0 = new Date("2025-01-01T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const getJob = (id: string) => prisma.job.findUniqueOrThrow({ where: { id } });

async function claimOne(workerId: string, now: Date, leaseMs = 60_000): Promise<Job> {
  const [job] = await claimJobs({ workerId, limit: 1, leaseMs, now });
  expect(job, "a due job to claim").toBeDefined();
  return job;
}

beforeEach(async () => {
  await resetDatabase();
});

describe.skipIf(isPostgresRun())("DateTime storage on SQLite (the raw-SQL comparisons rely on it)", () => {
  const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

  it("stores Prisma's and the queue's dates as ISO-8601 text with +00:00, the form a bound Date takes", async () => {
    const runAt = new Date("2026-11-23T10:11:12.345Z");
    const { id } = await enqueueJob(prisma, { type: "probe", runAt });
    await prisma.job.create({ data: { type: "probe-prisma", runAt } });

    const stored = await prisma.$queryRaw<{ type: string; runAt: string; kind: string; createdAt: string }[]>`
      SELECT "type", "runAt" || '' AS "runAt", typeof("runAt") AS "kind", "createdAt" || '' AS "createdAt"
      FROM "Job" ORDER BY "type"`;
    expect(stored.map((row) => row.kind)).toEqual(["text", "text"]);
    for (const row of stored) {
      expect(row.runAt).toBe("2026-11-23T10:11:12.345+00:00");
      expect(row.createdAt).toMatch(ISO_WITH_OFFSET);
    }
    const [bound] = await prisma.$queryRaw<{ value: string; kind: string }[]>`
      SELECT ${runAt} || '' AS "value", typeof(${runAt}) AS "kind"`;
    expect(bound).toEqual({ value: "2026-11-23T10:11:12.345+00:00", kind: "text" });

    // A claim at exactly runAt finds it (text comparison "<=" on equal strings), one ms earlier does not.
    expect(await claimJobs({ workerId: "w", limit: 5, leaseMs: 1_000, now: new Date(runAt.getTime() - 1) })).toEqual([]);
    const claimed = await claimJobs({ workerId: "w", limit: 5, leaseMs: 1_000, now: runAt });
    expect(claimed).toHaveLength(2);
    const mine = claimed.find((job) => job.id === id)!;
    expect(mine.runAt).toBeInstanceOf(Date);
    expect(mine.runAt.toISOString()).toBe(runAt.toISOString());
    expect(mine.lockedUntil?.toISOString()).toBe(new Date(runAt.getTime() + 1_000).toISOString());
    expect(mine.attempts).toBe(1);
    expect(mine).toEqual(await getJob(id));
  });
});

describe("enqueueJob", () => {
  it("takes part in the caller's transaction: a rollback leaves no job", async () => {
    await expect(
      prisma.$transaction(async (tx) => {
        await enqueueJob(tx, { type: "forward", shop: SHOP, subjectId: "order-1", uniqueKey: "forward:order-1" });
        throw new Error("the webhook failed after enqueueing");
      }),
    ).rejects.toThrow("the webhook failed");
    expect(await prisma.job.count()).toBe(0);

    const { id, created } = await prisma.$transaction((tx) =>
      enqueueJob(tx, { type: "forward", shop: SHOP, subjectId: "order-1", uniqueKey: "forward:order-1" }),
    );
    expect(created).toBe(true);
    expect(await getJob(id)).toMatchObject({
      type: "forward",
      shop: SHOP,
      subjectId: "order-1",
      uniqueKey: "forward:order-1",
      status: "pending",
      attempts: 0,
      maxAttempts: 12,
    });
  });

  it("queues a unique key once while it is held, moves a pending holder earlier, never later", async () => {
    const first = await enqueueJob(prisma, { type: "forward", uniqueKey: "forward:o1", runAt: at(60_000) });
    const later = await enqueueJob(prisma, { type: "forward", uniqueKey: "forward:o1", runAt: at(120_000) });
    expect(later).toEqual({ id: first.id, created: false });
    expect((await getJob(first.id)).runAt).toEqual(at(60_000));

    const earlier = await enqueueJob(prisma, { type: "forward", uniqueKey: "forward:o1", runAt: at(1_000) });
    expect(earlier).toEqual({ id: first.id, created: false });
    expect((await getJob(first.id)).runAt).toEqual(at(1_000));

    // Running holds the key too; finishing frees it for new work.
    const claimed = await claimOne("w1", at(1_000));
    expect(await enqueueJob(prisma, { type: "forward", uniqueKey: "forward:o1" })).toEqual({ id: first.id, created: false });
    await completeJob(claimed);
    const again = await enqueueJob(prisma, { type: "forward", uniqueKey: "forward:o1" });
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
    expect(await prisma.job.count()).toBe(2);
  });

  it("creates exactly one job when 20 enqueues of one key race, inside and outside transactions", async () => {
    const input = { type: "forward", shop: SHOP, uniqueKey: "forward:race" };
    const results = await Promise.all(
      // Half inside transactions, as the webhook does, half bare.
      Array.from({ length: 20 }, (_, i) => (i % 2 ? prisma.$transaction((tx) => enqueueJob(tx, input)) : enqueueJob(prisma, input))),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await prisma.job.count()).toBe(1);
  });

  // Across processes, the same race is covered by the multi-process test below. Two connections in
  // ONE process cannot be tested: better-sqlite3 waits for a lock synchronously, blocking the event
  // loop that the other connection's open transaction needs to finish.
  it("creates exactly one job when 20 enqueues of one key race", async () => {
    const input = { type: "forward", shop: SHOP, uniqueKey: "forward:race" };
    const results = await Promise.all(Array.from({ length: 20 }, () => enqueueJob(prisma, input)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await prisma.job.count()).toBe(1);
  });

  it("never dedupes jobs without a key", async () => {
    await enqueueJob(prisma, { type: "refresh" });
    await enqueueJob(prisma, { type: "refresh" });
    expect(await prisma.job.count()).toBe(2);
  });
});

describe("enqueue: one pending or running job per (type, subject)", () => {
  it("derives the key from type and subject, and a second enqueue of the pair returns the holder", async () => {
    const first = await enqueue({ type: "forward", shop: SHOP, subjectId: "order-1", runAt: at(60_000) });
    expect(await getJob(first.id)).toMatchObject({ uniqueKey: "forward:order-1", subjectId: "order-1", shop: SHOP });
    expect(await enqueue({ type: "forward", shop: SHOP, subjectId: "order-1", runAt: at(1_000) })).toEqual({
      id: first.id,
      created: false,
    });
    expect((await getJob(first.id)).runAt).toEqual(at(1_000));
    expect((await findJob("forward", "order-1"))?.id).toBe(first.id);

    // Another subject, or another type of the same subject, is other work.
    expect((await enqueue({ type: "forward", shop: SHOP, subjectId: "order-2" })).created).toBe(true);
    expect((await enqueue({ type: "fulfill", shop: SHOP, subjectId: "order-1" })).created).toBe(true);
    // Without a subject, the type alone is the key: one such job at a time.
    const refresh = await enqueue({ type: "refresh" });
    expect(await getJob(refresh.id)).toMatchObject({ uniqueKey: "refresh", subjectId: null });
    expect(await enqueue({ type: "refresh" })).toEqual({ id: refresh.id, created: false });
    expect(await prisma.job.count()).toBe(4);

    // Running holds the pair too; once it finished, the same work can be queued again.
    const claimed = await claimOne("w", at(1_000));
    expect(claimed.id).toBe(first.id);
    expect((await enqueue({ type: "forward", shop: SHOP, subjectId: "order-1" })).created).toBe(false);
    await completeJob(claimed);
    expect(await findJob("forward", "order-1")).toBeNull();
    expect((await enqueue({ type: "forward", shop: SHOP, subjectId: "order-1" })).created).toBe(true);
  });
});

describe("claimJobs", () => {
  it("claims due jobs oldest first, up to the limit, and never one twice", async () => {
    const late = await enqueueJob(prisma, { type: "a", runAt: at(-1_000) });
    const early = await enqueueJob(prisma, { type: "a", runAt: at(-3_000) });
    const future = await enqueueJob(prisma, { type: "a", runAt: at(10_000) });
    const middle = await enqueueJob(prisma, { type: "a", runAt: at(-2_000) });

    const first = await claimJobs({ workerId: "w1", limit: 2, leaseMs: 30_000, now: T0 });
    expect(first.map((job) => job.id)).toEqual([early.id, middle.id]);
    for (const job of first) {
      expect(job).toMatchObject({ status: "running", lockedBy: "w1", attempts: 1, lockedUntil: at(30_000) });
    }
    const second = await claimJobs({ workerId: "w2", limit: 10, leaseMs: 30_000, now: T0 });
    expect(second.map((job) => job.id)).toEqual([late.id]);
    expect(await claimJobs({ workerId: "w3", limit: 10, leaseMs: 30_000, now: T0 })).toEqual([]);
    expect((await getJob(future.id)).status).toBe("pending");
    expect((await claimJobs({ workerId: "w3", limit: 10, leaseMs: 30_000, now: at(10_000) })).map((j) => j.id)).toEqual([future.id]);
  });

  it("filters by type and by shop (null: jobs without a shop)", async () => {
    const forward = await enqueueJob(prisma, { type: "forward", shop: SHOP, runAt: at(-1) });
    const other = await enqueueJob(prisma, { type: "forward", shop: OTHER_SHOP, runAt: at(-1) });
    const refresh = await enqueueJob(prisma, { type: "refresh", runAt: at(-1) });
    const claim = (filters: { types?: string[]; shop?: string | null }) =>
      claimJobs({ workerId: "w", limit: 10, leaseMs: 1_000, now: T0, ...filters }).then((jobs) => jobs.map((j) => j.id));

    expect(await claim({ types: [] })).toEqual([]);
    expect(await claim({ types: ["refresh"], shop: SHOP })).toEqual([]);
    expect(await claim({ shop: null })).toEqual([refresh.id]);
    expect(await claim({ types: ["forward"], shop: OTHER_SHOP })).toEqual([other.id]);
    expect(await claim({})).toEqual([forward.id]);
  });

  it("re-claims a job whose lease expired, and the first worker's late results change nothing", async () => {
    const { id } = await enqueueJob(prisma, { type: "a", uniqueKey: "k", runAt: at(-1) });
    const stale = await claimOne("w1", T0, 1_000);
    expect(await claimJobs({ workerId: "w2", limit: 1, leaseMs: 1_000, now: at(999) })).toEqual([]);

    const fresh = await claimOne("w2", at(1_001), 1_000);
    expect(fresh).toMatchObject({ id, lockedBy: "w2", attempts: 2, lockedUntil: at(2_001) });

    expect(await extendLease(id, "w1", 5_000)).toBe(false);
    expect(await completeJob(stale)).toBe(false);
    expect(await failJob(stale, "late failure")).toBe(false);
    expect((await retryJob(stale, { error: "late retry" })).applied).toBe(false);
    expect(await rescheduleJob(stale, at(99_000))).toBe(false);
    expect(await getJob(id)).toMatchObject({ status: "running", lockedBy: "w2", attempts: 2, lastError: null });

    expect(await extendLease(id, "w2", 5_000, { attempts: 2, now: at(1_500) })).toBe(true);
    expect((await getJob(id)).lockedUntil).toEqual(at(6_500));
    expect(await completeJob(fresh, at(1_600))).toBe(true);
    expect(await getJob(id)).toMatchObject({ status: "succeeded", uniqueKey: null, finishedAt: at(1_600) });
  });

  it("keeps its writes even when another caller's transaction on the shared connection rolls back", async () => {
    await enqueueJob(prisma, { type: "a", runAt: at(-1) });
    const job = await claimOne("w1", T0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const doomed = prisma
      .$transaction(async (tx) => {
        await tx.job.create({ data: { type: "doomed" } });
        await gate;
        throw new Error("rolled back");
      })
      .catch(() => "rolled back");
    await sleep(20);
    const completing = completeJob(job);
    await sleep(20);
    release();
    expect(await doomed).toBe("rolled back");
    expect(await completing).toBe(true);
    expect((await getJob(job.id)).status).toBe("succeeded");
    expect(await prisma.job.count({ where: { type: "doomed" } })).toBe(0);
  });
});

describe("retry, fail, reschedule", () => {
  it("backs off with jitter, keeps the error, and fails once the attempts are used up", async () => {
    const { id } = await enqueueJob(prisma, { type: "a", uniqueKey: "k", maxAttempts: 3, runAt: at(-1) });

    const first = await claimOne("w", T0);
    const retried = await retryJob(first, { error: "HyperSKU is unavailable", now: T0 });
    expect(retried.status).toBe("pending");
    const row = await getJob(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lockedBy: null, lockedUntil: null, lastError: "HyperSKU is unavailable" });
    const delay = row.runAt.getTime() - T0.getTime();
    expect(delay).toBeGreaterThanOrEqual(5_000);
    expect(delay).toBeLessThanOrEqual(10_000);
    expect(await claimJobs({ workerId: "w", limit: 1, leaseMs: 1_000, now: at(delay - 1) })).toEqual([]);

    const second = await claimOne("w", at(delay));
    await retryJob(second, { error: "Too many requests", retryAfterMs: 600_000, now: at(delay) });
    expect((await getJob(id)).runAt).toEqual(at(delay + 600_000));

    const third = await claimOne("w", at(delay + 600_000));
    expect(third.attempts).toBe(3);
    const last = await retryJob(third, { error: "x".repeat(5_000), now: at(delay + 600_000) });
    expect(last).toEqual({ applied: true, status: "failed" });
    const failed = await getJob(id);
    expect(failed).toMatchObject({ status: "failed", uniqueKey: null, attempts: 3 });
    expect(failed.finishedAt).toEqual(at(delay + 600_000));
    expect(failed.lastError).toMatch(/^Gave up after 3 attempts\. Last error: x+/);
    expect(failed.lastError!.length).toBeLessThanOrEqual(JOB_ERROR_MAX_LENGTH);
  });

  it("retries at an explicit runAt when given one", async () => {
    await enqueueJob(prisma, { type: "a", runAt: at(-1) });
    const job = await claimOne("w", T0);
    await retryJob(job, { error: "later", runAt: at(42_000), now: T0 });
    expect((await getJob(job.id)).runAt).toEqual(at(42_000));
  });

  it("fails a job at once, freeing its key", async () => {
    const { id } = await enqueueJob(prisma, { type: "a", uniqueKey: "k", runAt: at(-1) });
    const job = await claimOne("w", T0);
    expect(await failJob(job, "HyperSKU rejected the order: unknown SKU", at(5))).toBe(true);
    expect(await getJob(id)).toMatchObject({
      status: "failed",
      uniqueKey: null,
      finishedAt: at(5),
      lastError: "HyperSKU rejected the order: unknown SKU",
    });
  });

  it("reschedules held work without burning an attempt", async () => {
    const { id } = await enqueueJob(prisma, { type: "a", maxAttempts: 1, runAt: at(-1) });
    for (let round = 0; round < 3; round++) {
      const job = await claimOne("w", at(round * 60_000));
      expect(job.attempts).toBe(1);
      expect(await rescheduleJob(job, at((round + 1) * 60_000), "Waiting for HyperSKU to be connected")).toBe(true);
      expect(await getJob(id)).toMatchObject({
        status: "pending",
        attempts: 0,
        runAt: at((round + 1) * 60_000),
        lockedBy: null,
        lastError: "Waiting for HyperSKU to be connected",
      });
    }
  });
});

describe("releaseJobs, cancelJobs, getQueueStats", () => {
  it("makes a shop's waiting jobs due now, and only those", async () => {
    const held = await enqueueJob(prisma, { type: "forward", shop: SHOP, runAt: at(3_600_000) });
    const heldOtherType = await enqueueJob(prisma, { type: "reconcile", shop: SHOP, runAt: at(3_600_000) });
    const otherShop = await enqueueJob(prisma, { type: "forward", shop: OTHER_SHOP, runAt: at(3_600_000) });
    expect(await releaseJobs({ shop: SHOP, type: "forward", now: T0 })).toBe(1);
    expect((await getJob(held.id)).runAt).toEqual(T0);
    expect((await getJob(heldOtherType.id)).runAt).toEqual(at(3_600_000));
    expect((await getJob(otherShop.id)).runAt).toEqual(at(3_600_000));
    expect(await releaseJobs({ shop: SHOP, now: T0 })).toBe(1);
    expect((await getJob(heldOtherType.id)).runAt).toEqual(T0);
  });

  it("cancels an uninstalled shop's pending jobs and frees their keys; running ones are left alone", async () => {
    const running = await enqueueJob(prisma, { type: "forward", shop: SHOP, uniqueKey: "forward:1", runAt: at(-2) });
    await claimOne("w", T0);
    const pending = await enqueueJob(prisma, { type: "forward", shop: SHOP, uniqueKey: "forward:2" });
    const other = await enqueueJob(prisma, { type: "forward", shop: OTHER_SHOP, uniqueKey: "forward:3" });

    expect(await cancelJobs({ shop: SHOP, now: T0 })).toBe(1);
    expect(await getJob(pending.id)).toMatchObject({ status: "cancelled", uniqueKey: null, finishedAt: T0 });
    expect((await getJob(running.id)).status).toBe("running");
    expect((await getJob(other.id)).status).toBe("pending");
    expect((await enqueueJob(prisma, { type: "forward", shop: SHOP, uniqueKey: "forward:2" })).created).toBe(true);
  });

  it("releases and cancels inside the caller's transaction when given one", async () => {
    const held = await enqueueJob(prisma, { type: "forward", shop: SHOP, runAt: at(3_600_000) });
    await expect(
      prisma.$transaction(async (tx) => {
        expect(await releaseJobs({ shop: SHOP, now: T0 }, tx)).toBe(1);
        expect(await cancelJobs({ shop: SHOP, now: T0 }, tx)).toBe(1);
        throw new Error("the uninstall failed");
      }),
    ).rejects.toThrow("the uninstall failed");
    expect(await getJob(held.id)).toMatchObject({ status: "pending", runAt: at(3_600_000) });
    await prisma.$transaction((tx) => cancelJobs({ shop: SHOP }, tx));
    expect((await getJob(held.id)).status).toBe("cancelled");
  });

  it("reports counts and lag for the health endpoint", async () => {
    expect(await getQueueStats(T0)).toEqual({ pending: 0, running: 0, failed: 0, oldestPendingRunAt: null, lagMs: 0 });
    await enqueueJob(prisma, { type: "a", runAt: at(-9_000) });
    await enqueueJob(prisma, { type: "a", runAt: at(-4_000) });
    await enqueueJob(prisma, { type: "a", runAt: at(-1_000) });
    await enqueueJob(prisma, { type: "a", runAt: at(50_000) });
    const first = await claimOne("w", T0);
    await failJob(await claimOne("w", T0), "no");
    expect(first.runAt).toEqual(at(-9_000));
    expect(await getQueueStats(T0)).toEqual({
      pending: 2,
      running: 1,
      failed: 1,
      oldestPendingRunAt: at(-1_000),
      lagMs: 1_000,
    });
  });
});

describe("worker", () => {
  /** A definition per run, every one with the same retry policy. */
  const jobsOf = (runs: Record<string, JobRun>, maxAttempts = 12) =>
    Object.entries(runs).map(([type, run]) => defineJob({ type, subject: "none", retry: { maxAttempts }, run }));
  const baseOptions = { concurrency: 4, leaseMs: 30_000, pollIntervalMs: 20, perShopConcurrency: 2, logger };
  const done: JobOutcome = { kind: "done" };

  it("runs each job once, never more than `concurrency` at once nor more than the per-shop limit", async () => {
    const shops = ["a.myshopify.com", "b.myshopify.com", "c.myshopify.com"];
    for (let i = 0; i < 24; i++) await enqueueJob(prisma, { type: "work", shop: shops[i % 3], subjectId: String(i) });
    for (let i = 0; i < 3; i++) await enqueueJob(prisma, { type: "work", subjectId: `no-shop-${i}` });
    const current = new Map<string, number>();
    const maxPerShop = new Map<string, number>();
    let total = 0;
    let maxTotal = 0;
    const ran: string[] = [];
    const handler: JobRun = async (job) => {
      const key = job.shop ?? "(none)";
      current.set(key, (current.get(key) ?? 0) + 1);
      maxPerShop.set(key, Math.max(maxPerShop.get(key) ?? 0, current.get(key)!));
      maxTotal = Math.max(maxTotal, ++total);
      await sleep(15);
      current.set(key, current.get(key)! - 1);
      total -= 1;
      ran.push(job.id);
      return done;
    };
    const worker = createWorker({ ...baseOptions, jobs: jobsOf({ work: handler }) });
    worker.start();
    await waitFor(async () => (await prisma.job.count({ where: { status: "succeeded" } })) === 27, 15_000, "all jobs");
    await worker.stop();

    expect(ran).toHaveLength(27);
    expect(new Set(ran).size).toBe(27);
    expect(maxTotal).toBe(4);
    for (const shop of shops) expect(maxPerShop.get(shop)).toBeLessThanOrEqual(2);
    expect(Math.max(...shops.map((shop) => maxPerShop.get(shop)!))).toBe(2);
  });

  it("records each kind of result, treats a throw as a retry and an unknown type as a failure", async () => {
    const holdUntil = new Date(Date.now() + 3_600_000);
    const handlers: Record<string, JobRun> = {
      ok: async () => done,
      retry: async () => ({ kind: "retry", error: "HyperSKU timed out", retryAfterMs: 30_000 }),
      retryAt: async () => ({ kind: "retry", error: "Shopify throttled", runAt: holdUntil }),
      hold: async () => ({ kind: "reschedule", runAt: holdUntil, note: "Held for fraud review" }),
      reject: async () => ({ kind: "fail", error: "HyperSKU rejected the order" }),
      boom: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'sku')");
      },
    };
    const ids: Record<string, string> = {};
    for (const type of [...Object.keys(handlers), "mystery"]) ids[type] = (await enqueueJob(prisma, { type })).id;

    const worker = createWorker({ ...baseOptions, concurrency: 10, jobs: jobsOf(handlers) });
    expect(await worker.runOnce()).toBe(7);
    expect(await getJob(ids.ok)).toMatchObject({ status: "succeeded" });
    const retried = await getJob(ids.retry);
    expect(retried).toMatchObject({ status: "pending", attempts: 1, lastError: "HyperSKU timed out" });
    expect(retried.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 25_000);
    expect(await getJob(ids.retryAt)).toMatchObject({ status: "pending", attempts: 1, runAt: holdUntil, lastError: "Shopify throttled" });
    expect(await getJob(ids.hold)).toMatchObject({ status: "pending", attempts: 0, runAt: holdUntil, lastError: "Held for fraud review" });
    expect(await getJob(ids.reject)).toMatchObject({ status: "failed", lastError: "HyperSKU rejected the order" });
    const thrown = await getJob(ids.boom);
    expect(thrown).toMatchObject({ status: "pending", lastError: "Cannot read properties of undefined (reading 'sku')" });
    expect(await getJob(ids.mystery)).toMatchObject({
      status: "failed",
      lastError: 'No handler for job type "mystery" in this worker.',
    });
  });

  it("fails a job whose last allowed run never reported back", async () => {
    const { id } = await enqueueJob(prisma, { type: "ok", maxAttempts: 2, runAt: at(-1) });
    await claimOne("crashed-1", T0, 1);
    await claimOne("crashed-2", at(10), 1);
    const handler = vi.fn(async () => done);
    const worker = createWorker({ ...baseOptions, jobs: jobsOf({ ok: handler }, 2) });
    expect(await worker.runOnce()).toBe(1);
    expect(handler).not.toHaveBeenCalled();
    expect(await getJob(id)).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: "Gave up after 2 attempts; the last one did not finish.",
    });
  });

  it("logs id, type, shop, attempt, duration and result", async () => {
    const { id } = await enqueueJob(prisma, { type: "ok", shop: SHOP, subjectId: "order-9" });
    const from = capturedLogLines.length;
    await createWorker({ ...baseOptions, jobs: jobsOf({ ok: async () => done }) }).runOnce();
    const line = capturedLogLines
      .slice(from)
      .map((text) => JSON.parse(text))
      .find((entry) => entry.msg === "job done");
    expect(line).toMatchObject({ jobId: id, type: "ok", shop: SHOP, attempt: 1, result: "done" });
    expect(line.durationMs).toEqual(expect.any(Number));
  });

  it("wakes at once on notify() instead of waiting for the next poll", async () => {
    const worker = createWorker({ ...baseOptions, pollIntervalMs: 60_000, jobs: jobsOf({ ok: async () => done }) });
    worker.start();
    await sleep(50);
    const { id } = await enqueueJob(prisma, { type: "ok" });
    worker.notify();
    await waitFor(async () => (await getJob(id)).status === "succeeded", 2_000, "the notified job");
    await worker.stop();
  });

  it("stops gracefully: no new claims, and waits for the running job", async () => {
    let finish!: () => void;
    const started = vi.fn();
    const handler: JobRun = async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
      return done;
    };
    const { id } = await enqueueJob(prisma, { type: "slow" });
    const worker = createWorker({ ...baseOptions, jobs: jobsOf({ slow: handler }) });
    worker.start();
    await waitFor(() => started.mock.calls.length === 1, 5_000, "the job to start");

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    const queuedAfterStop = await enqueueJob(prisma, { type: "slow" });
    await sleep(100);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(await getJob(id)).toMatchObject({ status: "succeeded" });
    expect(await getJob(queuedAfterStop.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(started).toHaveBeenCalledTimes(1);
  });

  it("after the stop timeout, aborts the handler's signal and leaves the job to its lease", async () => {
    let signal: AbortSignal | undefined;
    const handler: JobRun = (_job, context) => {
      signal = context.signal;
      return new Promise(() => {});
    };
    const { id } = await enqueueJob(prisma, { type: "stuck" });
    const worker = createWorker({ ...baseOptions, leaseMs: 60_000, jobs: jobsOf({ stuck: handler }) });
    worker.start();
    await waitFor(() => signal !== undefined, 5_000, "the job to start");
    await worker.stop({ timeoutMs: 50 });
    expect(signal!.aborted).toBe(true);
    const row = await getJob(id);
    expect(row.status).toBe("running");
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("keeps a long job's lease alive, and aborts a job whose lease was taken", async () => {
    let signal: AbortSignal | undefined;
    let finish!: () => void;
    const handler: JobRun = async (_job, context) => {
      signal = context.signal;
      await new Promise<void>((resolve) => (finish = resolve));
      return done;
    };
    const { id } = await enqueueJob(prisma, { type: "long" });
    const worker = createWorker({ ...baseOptions, leaseMs: 300, heartbeatIntervalMs: 50, jobs: jobsOf({ long: handler }) });
    worker.start();
    await waitFor(() => signal !== undefined, 5_000, "the job to start");
    await sleep(700);
    // Well past the first lease: the heartbeat kept it, so no other worker could take it.
    const other = createWorker({ ...baseOptions, workerId: "other", jobs: jobsOf({ long: async () => done }) });
    expect(await other.runOnce()).toBe(0);
    expect(signal!.aborted).toBe(false);

    await prisma.job.update({ where: { id }, data: { lockedBy: "thief" } });
    await waitFor(() => signal!.aborted, 2_000, "the lost lease to abort the handler");
    finish();
    await worker.stop();
    expect(await getJob(id)).toMatchObject({ status: "running", lockedBy: "thief" });
  });
});

describe("two worker processes on one SQLite file, one killed mid-batch", () => {
  const JOBS = 200;
  const LEASE_MS = 2_000;
  const JOB_MS = 60;
  const children = new Set<ChildProcess>();

  function startWorker(workerId: string) {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/support/queue-worker-process.ts")], {
      env: {
        ...process.env,
        TEST_WORKER_ID: workerId,
        TEST_LEASE_MS: String(LEASE_MS),
        TEST_JOB_MS: String(JOB_MS),
        TEST_CONCURRENCY: "4",
        TEST_PER_SHOP: "2",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.on("exit", () => children.delete(child));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk) => String(chunk).includes("ready") && resolve());
      child.on("exit", (code, signal) => reject(new Error(`${workerId} exited (${code ?? signal}): ${stderr}`)));
    });
    return { child, ready };
  }

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));

  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  interface Execution {
    jobId: string;
    worker: string;
    attempt: number;
    startedAt: number;
    endedAt: number | null;
    leaseUntil: number;
  }

  it("runs every job, never twice at once, and re-runs the killed worker's jobs only after their lease", async () => {
    await prisma.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "TestExecution" (
      "jobId" TEXT NOT NULL, "worker" TEXT NOT NULL, "attempt" INTEGER NOT NULL,
      "startedAt" BIGINT NOT NULL, "endedAt" BIGINT, "leaseUntil" BIGINT NOT NULL)`);
    const shops = ["s1.myshopify.com", "s2.myshopify.com", "s3.myshopify.com", "s4.myshopify.com"];
    await prisma.$transaction(async (tx) => {
      for (let i = 0; i < JOBS; i++) {
        await enqueueJob(tx, { type: "test.record_execution", shop: shops[i % 4], uniqueKey: `record:${i}` });
      }
    });
    const began = Date.now();
    const count = async (sql: string) => Number((await prisma.$queryRawUnsafe<{ n: bigint }[]>(sql))[0].n);

    const doomed = startWorker("worker-a");
    const survivor = startWorker("worker-b");
    await Promise.all([doomed.ready, survivor.ready]);
    await waitFor(
      async () =>
        (await count(`SELECT COUNT(*) AS n FROM "TestExecution"`)) >= 60 &&
        (await count(`SELECT COUNT(*) AS n FROM "TestExecution" WHERE "worker" = 'worker-a' AND "endedAt" IS NULL`)) > 0,
      15_000,
      "worker-a to be mid-batch",
    );
    doomed.child.kill("SIGKILL");
    const killedAt = Date.now();
    await exited(doomed.child);
    const replacement = startWorker("worker-c");
    await replacement.ready;

    await waitFor(async () => (await prisma.job.count({ where: { status: "succeeded" } })) === JOBS, 20_000, "every job to succeed");
    const seconds = (Date.now() - began) / 1000;
    survivor.child.kill("SIGTERM");
    replacement.child.kill("SIGTERM");
    await Promise.all([exited(survivor.child), exited(replacement.child)]);

    const executions = (await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "TestExecution"`)).map((row): Execution => ({
      jobId: String(row.jobId),
      worker: String(row.worker),
      attempt: Number(row.attempt),
      startedAt: Number(row.startedAt),
      endedAt: row.endedAt === null ? null : Number(row.endedAt),
      leaseUntil: Number(row.leaseUntil),
    }));
    const byJob = new Map<string, Execution[]>();
    for (const execution of executions) byJob.set(execution.jobId, [...(byJob.get(execution.jobId) ?? []), execution]);

    expect(await prisma.job.count({ where: { status: "succeeded", uniqueKey: null } })).toBe(JOBS);
    expect(byJob.size).toBe(JOBS);
    const reRuns: { gapAfterLeaseMs: number }[] = [];
    for (const [, runs] of byJob) {
      runs.sort((a, b) => a.startedAt - b.startedAt);
      expect(runs.at(-1)!.endedAt, "the last run of every job finished").not.toBeNull();
      for (let i = 1; i < runs.length; i++) {
        const [before, after] = [runs[i - 1], runs[i]];
        // Only the killed worker's runs are ever repeated, by someone else, once their lease is over.
        expect(before.worker).toBe("worker-a");
        expect(after.worker).not.toBe("worker-a");
        expect(after.attempt).toBe(before.attempt + 1);
        expect(after.startedAt).toBeGreaterThanOrEqual(before.leaseUntil);
        if (before.endedAt !== null) expect(after.startedAt).toBeGreaterThanOrEqual(before.endedAt);
        reRuns.push({ gapAfterLeaseMs: after.startedAt - before.leaseUntil });
      }
    }
    const unfinished = executions.filter((e) => e.endedAt === null);
    expect(unfinished.length).toBeGreaterThan(0);
    expect(unfinished.every((e) => e.worker === "worker-a" && e.startedAt <= killedAt)).toBe(true);
    expect(reRuns.length).toBeGreaterThanOrEqual(unfinished.length);
    const perWorker = Object.fromEntries(
      ["worker-a", "worker-b", "worker-c"].map((w) => [w, executions.filter((e) => e.worker === w).length]),
    );
    console.log(
      `multi-process queue: ${JOBS} jobs in ${seconds.toFixed(1)} s (kill at ${((killedAt - began) / 1000).toFixed(1)} s), ` +
        `${executions.length} executions ` +
        `(${JSON.stringify(perWorker)}); killed worker left ${unfinished.length} unfinished; ` +
        `${reRuns.length} re-runs, earliest ${Math.min(...reRuns.map((r) => r.gapAfterLeaseMs))} ms after the lease expired`,
    );
    expect(seconds).toBeLessThan(30);
  }, 45_000);
});

// The generated client speaks SQLite only, so the PostgreSQL statements are checked through psql
// against a real server when one is named: TEST_POSTGRES_URL=postgresql://user@host:port/db.
describe.runIf(process.env.TEST_POSTGRES_URL)("the PostgreSQL statements, through psql", () => {
  const url = process.env.TEST_POSTGRES_URL!;
  const PREFIX = "SET search_path TO job_queue_test;";
  const args = (sql: string) => [url, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", `${PREFIX} ${sql}`];
  const psql = (sql: string) => execFileSync("psql", args(sql), { encoding: "utf8" }).trim();
  const psqlLater = (sql: string) =>
    new Promise<{ out: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      let out = "";
      const child = spawn("psql", args(sql));
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (out += chunk));
      child.on("exit", (code) => (code === 0 ? resolve({ out: out.trim(), ms: Date.now() - started }) : reject(new Error(out))));
    });
  const literal = (value: unknown) =>
    value === null || value === undefined
      ? "NULL"
      : value instanceof Date
        ? `'${value.toISOString()}'`
        : typeof value === "number"
          ? String(value)
          : `'${String(value).replace(/'/g, "''")}'`;
  const execute = (statement: { text: string; values: readonly unknown[] }) =>
    `PREPARE s AS ${statement.text}; EXECUTE s(${statement.values.map(literal).join(", ")}); DEALLOCATE s;`;
  const ids = (out: string) =>
    out
      .split("\n")
      .filter((line) => line.includes("|"))
      .map((line) => line.split("|")[0]);
  const claim = (workerId: string, limit: number, now: Date, filters: { shop?: string | null } = {}) =>
    execute(buildClaimStatement("postgresql", { workerId, limit, leaseMs: 1_000, now, ...filters }));
  const insert = (id: string, input: { uniqueKey?: string; runAt: Date; shop?: string }) =>
    execute(buildInsertStatement(id, { type: "forward", ...input }, T0));

  beforeAll(() => {
    // The columns as `prisma migrate diff` writes them for PostgreSQL (timestamps without time zone).
    psql(`RESET search_path; DROP SCHEMA IF EXISTS job_queue_test CASCADE; CREATE SCHEMA job_queue_test; ${PREFIX}
      CREATE TABLE "Job" ("id" TEXT PRIMARY KEY, "type" TEXT NOT NULL, "shop" TEXT, "subjectId" TEXT, "uniqueKey" TEXT,
        "status" TEXT NOT NULL DEFAULT 'pending', "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
        "attempts" INTEGER NOT NULL DEFAULT 0, "maxAttempts" INTEGER NOT NULL DEFAULT 12, "lockedBy" TEXT,
        "lockedUntil" TIMESTAMP(3), "lastError" TEXT, "finishedAt" TIMESTAMP(3),
        "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, "updatedAt" TIMESTAMP(3) NOT NULL);
      CREATE UNIQUE INDEX "Job_uniqueKey_key" ON "Job"("uniqueKey");`);
  });
  afterAll(() => void psql("RESET search_path; DROP SCHEMA IF EXISTS job_queue_test CASCADE;"));

  it("inserts without ever violating the unique key, even racing inside transactions", async () => {
    for (let i = 1; i <= 5; i++) psql(insert(`j${i}`, { uniqueKey: `k${i}`, runAt: at(-i * 1_000), shop: "s" }));
    psql(insert("duplicate", { uniqueKey: "k1", runAt: T0 }));
    psql(insert("keyless-1", { runAt: at(60_000) }) + insert("keyless-2", { runAt: at(60_000) }));
    expect(psql(`SELECT string_agg("id", ',' ORDER BY "id") FROM "Job"`)).toBe("j1,j2,j3,j4,j5,keyless-1,keyless-2");

    // B's insert waits for A's transaction, then does nothing; B's transaction carries on.
    const first = psqlLater(`BEGIN; ${insert("race-a", { uniqueKey: "race", runAt: at(3_600_000) })} SELECT pg_sleep(0.5); COMMIT;`);
    await sleep(150);
    const second = await psqlLater(
      `BEGIN; ${insert("race-b", { uniqueKey: "race", runAt: at(3_600_000) })} SELECT 'holder ' || "id" FROM "Job" WHERE "uniqueKey" = 'race'; COMMIT;`,
    );
    await first;
    expect(second.out).toBe("holder race-a");
  });

  it("claims oldest first, skips rows another transaction is claiming, and re-claims expired leases", async () => {
    expect(ids(psql(claim("w1", 2, T0)))).toEqual(["j5", "j4"]);
    const holding = psqlLater(`BEGIN; ${claim("A", 2, T0)} SELECT pg_sleep(1.5); COMMIT;`);
    await sleep(400);
    const other = await psqlLater(claim("B", 10, T0));
    expect(ids(other.out)).toEqual(["j1"]);
    expect(other.ms).toBeLessThan(1_000);
    expect(ids((await holding).out)).toEqual(["j3", "j2"]);
    expect(psql(claim("C", 10, T0))).toBe("");

    expect(ids(psql(claim("C", 10, at(5_000), { shop: "s" }))).sort()).toEqual(["j1", "j2", "j3", "j4", "j5"]);
    expect(
      psql(`SELECT string_agg("id" || ':' || "attempts" || ':' || "lockedBy", ' ' ORDER BY "id") FROM "Job" WHERE "status" = 'running'`),
    ).toBe("j1:2:C j2:2:C j3:2:C j4:2:C j5:2:C");
    expect(ids(psql(claim("D", 10, at(120_000), { shop: null })))).toEqual(["keyless-1", "keyless-2"]);
  });
});
