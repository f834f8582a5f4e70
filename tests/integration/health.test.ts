import prisma from "~/models/db/client.server";
import { checkHealth, type Health } from "~/domain/health/health.server";
import { loader } from "~/routes/health";
import { installShop } from "../support/connected-shop";
import { isPostgresRun, resetDatabase } from "../support/database";
import { setDatabaseReadOnly } from "../support/storage-faults";
import { TEST_SHOP } from "../support/shopify";

beforeEach(resetDatabase);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("health endpoint", () => {
  it("answers ok with an empty queue, and its write probe leaves nothing behind", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: "ok",
      reasons: [],
      queue: { pending: 0, failedRecently: 0, lagMs: 0 },
      oldestWaitingOrderAgeMs: null,
    });
    expect(await prisma.job.count()).toBe(0);
  });

  it("reports queue lag and the oldest waiting order, and degrades when the queue is far behind", async () => {
    await installShop();
    const tenMinutesAgo = minutesAgo(10);
    await prisma.job.create({ data: { type: "forward_order", shop: TEST_SHOP, runAt: tenMinutesAgo, createdAt: tenMinutesAgo } });
    await prisma.order.create({
      data: {
        shop: TEST_SHOP,
        shopifyOrderId: "1",
        name: "#1",
        shopifyCreatedAt: tenMinutesAgo,
        snapshot: "{}",
        state: "scheduled",
        createdAt: tenMinutesAgo,
      },
    });
    const body = await (await loader()).json();
    expect(body.status).toBe("degraded");
    expect(body.reasons).toEqual([expect.stringMatching(/due jobs have waited 10 min: no worker is claiming them/)]);
    expect(body.queue.pending).toBe(1);
    expect(body.queue.lagMs).toBeGreaterThanOrEqual(9 * 60_000);
    expect(body.oldestWaitingOrderAgeMs).toBeGreaterThanOrEqual(9 * 60_000);
    expect(JSON.stringify(body)).not.toContain(TEST_SHOP);
  });

  it("degrades when running jobs' leases ran out long ago: their worker is gone and no other took them", async () => {
    await prisma.job.create({
      data: { type: "forward_order", shop: TEST_SHOP, status: "running", lockedBy: "gone", lockedUntil: minutesAgo(20) },
    });
    const health = await checkHealth();
    expect(health).toMatchObject({ status: "degraded", queue: { running: 1 } });
    expect(health.status !== "down" && health.queue.lagMs).toBeGreaterThanOrEqual(19 * 60_000);
    expect(health.status !== "down" && health.reasons[0]).toMatch(/no worker is claiming them/);
  });

  it("degrades while jobs have failed for good recently, naming how many and no shop", async () => {
    await prisma.job.createMany({
      data: [
        { type: "forward_order", shop: TEST_SHOP, status: "failed", finishedAt: minutesAgo(5), lastError: "HyperSKU refused it" },
        { type: "forward_order", shop: TEST_SHOP, status: "failed", finishedAt: minutesAgo(30) },
        { type: "forward_order", shop: TEST_SHOP, status: "failed", finishedAt: minutesAgo(600) },
      ],
    });
    const body = await (await loader()).json();
    expect(body).toMatchObject({
      status: "degraded",
      database: "ok",
      reasons: ["2 jobs failed for good in the last 60 min"],
      queue: { failed: 3, failedRecently: 2 },
    });
    expect(JSON.stringify(body)).not.toContain(TEST_SHOP);
    expect(JSON.stringify(body)).not.toContain("HyperSKU refused it");
  });

  it("is ok when the only failures are old", async () => {
    await prisma.job.create({ data: { type: "forward_order", status: "failed", finishedAt: minutesAgo(600) } });
    expect(await checkHealth()).toMatchObject({ status: "ok", reasons: [], queue: { failed: 1, failedRecently: 0 } });
  });
});

describe("health when the database cannot take writes (issue 14, items 9 and 16)", () => {
  it("answers 503 read_only while the database refuses writes (reads still work), and ok once it takes them again", async () => {
    const readOnly = await setDatabaseReadOnly(true);
    try {
      const started = Date.now();
      const response = await loader();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toEqual({
        status: "down",
        database: "read_only",
        reason: expect.stringMatching(/read-only/),
        checkedAt: expect.any(String),
      });
    } finally {
      await readOnly.restore();
    }
    // PostgreSQL: a pooled connection opened while the database was read-only keeps that setting
    // until it fails a write and is closed; each check closes at most one.
    let health: Health = await checkHealth();
    for (let attempt = 0; attempt < 12 && health.status === "down"; attempt++) health = await checkHealth();
    expect(health).toMatchObject({ status: "ok", database: "ok" });
  });

  it("answers 503 unreachable, in bounded time, when the database does not answer", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // SQLite: this process's one connection is taken. PostgreSQL: the Job table is locked.
    const holder = prisma.$transaction(
      async (tx) => {
        if (isPostgresRun()) await tx.$executeRawUnsafe(`LOCK TABLE "Job" IN ACCESS EXCLUSIVE MODE`);
        locked();
        await held;
      },
      { timeout: 10_000 },
    );
    await isLocked;
    try {
      const started = Date.now();
      const health = await checkHealth(new Date(), { timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(health).toMatchObject({
        status: "down",
        database: "unreachable",
        reason: expect.stringMatching(/did not answer .* within 300 ms/),
      });
    } finally {
      release();
      await holder;
    }
    expect(await checkHealth()).toMatchObject({ status: "ok" });
  });
});
