/**
 * Storage faults (decision 0006): with the disk full or the database read-only, every request
 * must be answered quickly (webhooks 5xx so Shopify retries, /health 503 with the reason), the
 * worker must keep going, and everything must work again once storage is back, without a restart.
 * Over HTTP against the production server, on SQLite (a real full disk and a read-only volume: a
 * tmpfs, where this machine allows mounting) and on PostgreSQL (a read-only database, connections
 * killed mid-transaction).
 */
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrismaClient } from "@prisma/client";
import { getSqliteFilePath } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";
import { createWorker, defineJob, type JobRun } from "~/queue";
import { enqueueJob } from "~/queue/queue.server";
import { logger } from "~/logger.server";
import { capturedLogLines } from "../support/logs";
import { getStorageFault, isStorageFault } from "~/models/storage-fault";
import { createPostgresAdapter } from "~/models/db/postgres-adapter.server";
import { createSqliteAdapter } from "~/models/db/sqlite-adapter.server";
import { startAppServer, type RunningApp } from "../support/app-server";
import { loadBuild } from "../support/build";
import { installShop } from "../support/connected-shop";
import { isPostgresRun, resetDatabase } from "../support/database";
import { buildRestOrder } from "../support/order-factories";
import { withAdminConnection } from "../support/postgres";
import { API_SECRET_KEY, TEST_SHOP } from "../support/shopify";
import { setDatabaseReadOnly, setPostgresReadOnly } from "../support/storage-faults";
import { canMountTmpfs, mountTmpfs, type Tmpfs } from "../support/tmpfs";

/** Shopify waits about 5 s for an answer; a storage fault must be answered well within that. */
const FAST_MS = 3_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A signed orders/create delivery to the running server: its status and how long it took. */
async function deliverOrder(app: RunningApp): Promise<{ status: number; ms: number }> {
  const raw = JSON.stringify(buildRestOrder());
  const started = performance.now();
  const response = await fetch(`${app.url}/webhooks/orders/create`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": "orders/create",
      "X-Shopify-Shop-Domain": TEST_SHOP,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", API_SECRET_KEY).update(raw).digest("base64"),
    },
    body: raw,
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function getHealth(app: RunningApp): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${app.url}/health`, { signal: AbortSignal.timeout(15_000) });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  return { status: response.status, body, ms: performance.now() - started };
}

/** While storage is down: every delivery is refused fast (the webhook routes answer 503), and /health says why. */
async function expectRefusedFast(app: RunningApp, database: string) {
  for (let i = 0; i < 3; i++) {
    const delivery = await deliverOrder(app);
    expect(delivery.status).toBeGreaterThanOrEqual(500);
    expect(delivery.ms).toBeLessThan(FAST_MS);
  }
  const health = await getHealth(app);
  expect(health.ms).toBeLessThan(FAST_MS);
  expect(health).toMatchObject({ status: 503, body: { status: "down", database, reason: expect.any(String) } });
  expect(JSON.stringify(health.body)).not.toContain(TEST_SHOP);
}

/**
 * Once storage is back, deliveries are accepted and /health is ok again. On PostgreSQL a pooled
 * connection opened while the database was read-only fails one write and is then closed, so a
 * few refusals (fewer than the pool's ten connections) may come first; Shopify retries them.
 */
async function expectRecovered(app: RunningApp, { allowedRefusals = 0 } = {}) {
  let refusals = 0;
  while ((await deliverOrder(app)).status !== 200) {
    refusals += 1;
    expect(refusals, "deliveries refused after storage came back").toBeLessThanOrEqual(allowedRefusals);
  }
  let health = await getHealth(app);
  for (let i = 0; i < allowedRefusals && health.status !== 200; i++) health = await getHealth(app);
  expect(health).toMatchObject({ status: 200, body: { status: "ok", database: "ok" } });
  for (let i = 0; i < 3; i++) expect((await deliverOrder(app)).status).toBe(200);
}

beforeAll(async () => {
  await loadBuild();
});

beforeEach(async () => {
  await resetDatabase();
  await installShop();
});

describe.runIf(!isPostgresRun() && canMountTmpfs())("SQLite on a real disk, over HTTP", () => {
  let disk: Tmpfs;
  let app: RunningApp | undefined;
  let file: string;

  beforeEach(async () => {
    disk = mountTmpfs(8 * 1024 * 1024);
    file = path.join(disk.dir, "db.sqlite");
    await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    fs.copyFileSync(getSqliteFilePath(process.env.DATABASE_URL!), file);
  });
  afterEach(async () => {
    await app?.stop();
    app = undefined;
    disk.unmount();
  });

  const start = async () => (app = await startAppServer({ DATABASE_URL: `file:${file}`, WORKER_MODE: "off" }));

  async function countDeliveries(): Promise<number> {
    const client = new PrismaClient({ adapter: createSqliteAdapter(file) });
    try {
      return await client.webhookDelivery.count({ where: { topic: "orders/create" } });
    } finally {
      await client.$disconnect();
    }
  }

  it("disk full: deliveries are refused fast and /health says full; once space is freed both recover, same process", async () => {
    const running = await start();
    expect((await deliverOrder(running)).status).toBe(200);

    disk.fill();
    await expectRefusedFast(running, "full");

    disk.free();
    await expectRecovered(running);
    expect(running.child.exitCode).toBeNull();
    // The refused deliveries left nothing; the accepted ones are all there.
    expect(await countDeliveries()).toBe(5);
  });

  it("read-only volume: deliveries are refused fast and /health says read_only; once writable both recover, same process", async () => {
    // The volume becomes read-only (remounting needs no process writing to it).
    disk.setReadOnly(true);
    const running = await start();
    await expectRefusedFast(running, "read_only");

    disk.setReadOnly(false);
    await expectRecovered(running);
    expect(running.child.exitCode).toBeNull();
    expect(await countDeliveries()).toBe(4);
  });

  it("a process started on a read-only volume that still holds a killed process's WAL heals once the volume is writable, same process", async () => {
    // The app is killed while writable: its -wal and -shm files stay on the volume.
    const killed = await start();
    expect((await deliverOrder(killed)).status).toBe(200);
    killed.kill();
    await killed.stop();
    expect(fs.existsSync(`${file}-shm`) && fs.existsSync(`${file}-wal`)).toBe(true);

    // It comes back on a read-only volume: SQLite opens the file read-only (reads work, writes are
    // refused), and such a connection stayed read-only for the life of the process.
    disk.setReadOnly(true);
    const running = await start();
    await expectRefusedFast(running, "read_only");

    disk.setReadOnly(false);
    const writable = Date.now();
    await expectRecovered(running);
    expect(Date.now() - writable).toBeLessThan(5_000);
    expect(running.child.exitCode).toBeNull();
    expect(await countDeliveries()).toBe(5);
  });

  it("in process: a connection opened read-only is replaced by the first call after the file is writable", async () => {
    // A killed process's -wal and -shm files, as above, without a server.
    const writer = new PrismaClient({ adapter: createSqliteAdapter(file) });
    await writer.shop.create({ data: { domain: "before.myshopify.com" } });
    const leftBehind = ["-wal", "-shm"].map((suffix) => [suffix, fs.readFileSync(`${file}${suffix}`)] as const);
    await writer.$disconnect();
    for (const [suffix, bytes] of leftBehind) fs.writeFileSync(`${file}${suffix}`, bytes);

    disk.setReadOnly(true);
    const client = new PrismaClient({ adapter: createSqliteAdapter(file) });
    try {
      expect(await client.shop.count({ where: { domain: "before.myshopify.com" } })).toBe(1);
      const refused = await client.shop.create({ data: { domain: "during.myshopify.com" } }).catch((error: unknown) => error);
      expect(getStorageFault(refused)?.kind).toBe("read_only");
      await expect(client.$transaction((tx) => tx.shop.create({ data: { domain: "during.myshopify.com" } }))).rejects.toSatisfy(
        (error) => getStorageFault(error)?.kind === "read_only",
      );

      disk.setReadOnly(false);
      await client.shop.create({ data: { domain: "after.myshopify.com" } });
      await client.$transaction((tx) => tx.shop.create({ data: { domain: "after-2.myshopify.com" } }));
      expect(
        await client.shop.count({ where: { domain: { in: ["before.myshopify.com", "after.myshopify.com", "after-2.myshopify.com"] } } }),
      ).toBe(3);
    } finally {
      await client.$disconnect();
    }
  });
});

describe.runIf(isPostgresRun())("PostgreSQL read-only, over HTTP", () => {
  let app: RunningApp | undefined;
  afterEach(async () => {
    await setPostgresReadOnly(process.env.DATABASE_URL!, false);
    await app?.stop();
    app = undefined;
  });

  it("deliveries are refused fast and /health says read_only; after RESET both recover, same process", async () => {
    const running = (app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, WORKER_MODE: "off" }));
    expect((await deliverOrder(running)).status).toBe(200);

    await setPostgresReadOnly(process.env.DATABASE_URL!, true);
    // The server's pooled connections were killed: the first request after may meet one of them.
    await deliverOrder(running);
    await expectRefusedFast(running, "read_only");

    await setPostgresReadOnly(process.env.DATABASE_URL!, false);
    await expectRecovered(running, { allowedRefusals: 10 });
    expect(running.child.exitCode).toBeNull();
    expect(await prisma.webhookDelivery.count({ where: { topic: "orders/create" } })).toBe(5);
  });
});

describe.runIf(isPostgresRun())("PostgreSQL connections lost mid-transaction", () => {
  const url = () => process.env.DATABASE_URL!;
  const databaseName = () => new URL(url()).pathname.slice(1);

  it("never lose a pooled connection: after more kills than the pool has connections, queries still answer", async () => {
    for (let i = 0; i < 12; i++) {
      let opened!: () => void;
      const isOpen = new Promise<void>((resolve) => (opened = resolve));
      const killed = prisma
        .$transaction(async (tx) => {
          await tx.shop.create({ data: { domain: `killed-${i}.myshopify.com` } });
          opened();
          await sleep(150);
          await tx.shop.create({ data: { domain: `killed-${i}-b.myshopify.com` } });
        })
        .catch((error: unknown) => error);
      await isOpen;
      await withAdminConnection((client) =>
        client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND state = 'idle in transaction'", [
          databaseName(),
        ]),
      );
      expect(isStorageFault(await killed)).toBe(true);
    }
    const answered = await Promise.race([
      prisma.$transaction((tx) => tx.shop.create({ data: { domain: "after.myshopify.com" } })).then(() => "answered"),
      sleep(8_000).then(() => "hang"),
    ]);
    expect(answered).toBe("answered");
    expect(await prisma.shop.count({ where: { domain: { startsWith: "killed-" } } })).toBe(0);
  });

  it("a caller that cannot get a connection fails within the connect timeout, as a storage fault", async () => {
    const client = new (prisma.constructor as new (options: object) => typeof prisma)({
      adapter: createPostgresAdapter(url(), { connectTimeoutMs: 200 }),
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      // Take all ten of the pool's connections.
      const holders = Array.from({ length: 10 }, () => client.$transaction(() => held, { timeout: 10_000, maxWait: 10_000 }));
      await sleep(300);
      const started = Date.now();
      const error = await client.shop.count().catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(isStorageFault(error)).toBe(true);
      release();
      await Promise.all(holders);
      expect(await client.shop.count()).toBe(1);
    } finally {
      release();
      await client.$disconnect();
    }
  });
});

describe("the job worker through storage faults (decision 0006)", () => {
  const logLines = (text: string) => capturedLogLines.filter((line) => line.includes(text));

  it("keeps polling with backoff while writes fail, keeps a running job's lease, and runs due work once storage is back", async () => {
    let releaseLong!: () => void;
    const longRunning = new Promise<void>((resolve) => (releaseLong = resolve));
    const ran: string[] = [];
    const handlers: Record<string, JobRun> = {
      long: async (job) => {
        await longRunning;
        ran.push(job.subjectId!);
        return { kind: "done" };
      },
      quick: async (job) => {
        ran.push(job.subjectId!);
        return { kind: "done" };
      },
    };
    const worker = createWorker({
      jobs: Object.entries(handlers).map(([type, run]) => defineJob({ type, subject: "none", retry: { maxAttempts: 12 }, run })),
      concurrency: 2,
      leaseMs: 15_000,
      heartbeatIntervalMs: 50,
      pollIntervalMs: 20,
      perShopConcurrency: 2,
      logger,
    });
    const { id: longId } = await enqueueJob(prisma, { type: "long", subjectId: "long" });
    // Due only once the database refuses writes: its claims will fail.
    await enqueueJob(prisma, { type: "quick", subjectId: "quick", runAt: new Date(Date.now() + 400) });
    capturedLogLines.length = 0;
    worker.start();
    try {
      await waitFor(
        async () => (await prisma.job.findUniqueOrThrow({ where: { id: longId } })).status === "running",
        5_000,
        "the long job to start",
      );

      const readOnly = await setDatabaseReadOnly(true);
      try {
        await waitFor(
          async () => logLines("claiming jobs failed").length >= 2 && logLines("lease heartbeat failed").length >= 2,
          8_000,
          "failed claims and heartbeats",
        );
      } finally {
        await readOnly.restore();
      }

      // A new webhook would wake the worker; without one it resumes at its next (backed-off) poll.
      worker.notify();
      await waitFor(async () => ran.includes("quick"), 10_000, "the quick job to run after recovery");
      releaseLong();
      await waitFor(async () => (await prisma.job.count({ where: { status: "succeeded" } })) === 2, 10_000, "both jobs to be recorded");
      // The failed heartbeats never took the long job away from its run, and nothing ran twice.
      expect(logLines("job lease lost")).toEqual([]);
      expect(ran.sort()).toEqual(["long", "quick"]);
    } finally {
      releaseLong();
      await worker.stop();
    }
  });
});
