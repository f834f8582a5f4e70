/**
 * Webhook intake: signed orders/create deliveries at 50 connections against the production build
 * (server.js, WORKER_MODE=off, so only intake runs), then, in the same run and with the same load
 * generator and a fresh copy of the same database, against the bare baseline server (its insert
 * through Prisma, then through the driver directly). Each gets a warm-up whose requests are not
 * counted. Then the app again, fresh, in an open loop: 200 webhooks/s for 30 s. The web process's
 * RSS is sampled during both of its loads.
 */
import { getFreePort } from "../../simulators/harness/app-process";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import type { BenchDatabases } from "./databases";
import { type LoadResult, runLoad, runOpenLoop } from "./load";
import { type RssFigures, sampleCommandCpu, sampleRss } from "./memory";
import { runToCompletion, startAppProcess, startProcess, tsxArgs } from "./processes";
import { appEnv, BENCH_API_SECRET, BENCH_SHOP, INTAKE, OPEN_LOOP } from "./settings";
import { createDeliveryFactory, WEBHOOK_PATH } from "./webhooks";

/** Milliseconds per query through Prisma, one at a time (scripts/bench/query-cost.ts). */
export type QueryCost = { ormInsertMs: number; ormReadMs: number; rawInsertMs: number };

export type IntakeResult = {
  app: LoadResult;
  baseline: LoadResult;
  ratio: number;
  /** The bare server inserting through the driver directly (no ORM): the fastest a receiver can be here. */
  driverBaseline: LoadResult;
  driverRatio: number;
  /** The app in an open loop (OPEN_LOOP): latency from when each request was due. */
  openLoop: LoadResult;
  webRss: RssFigures;
  openLoopRss: RssFigures;
  baselineRss: RssFigures;
  /**
   * PostgreSQL's own CPU over the app's and the baseline's closed loops, in % of one core (all of a
   * local server's processes): on one machine it shares the cores with the web process. Null on SQLite,
   * which runs inside the web process.
   */
  databaseCpuPercent: { app: number | null; baseline: number | null };
  queryCost?: QueryCost;
};

/** PostgreSQL's CPU over a load, when it runs on this machine (SQLite's is the web process's own). */
const sampleDatabaseCpu = (databases: BenchDatabases) => (databases.engine === "postgresql" ? sampleCommandCpu("postgres") : null);

const log = (message: string) => console.log(`  - ${message}`);

async function load(url: string): Promise<LoadResult> {
  return runLoad({
    url: url + WEBHOOK_PATH,
    connections: INTAKE.connections,
    warmupMs: INTAKE.warmupMs,
    durationMs: INTAKE.durationMs,
    next: createDeliveryFactory({ secret: BENCH_API_SECRET, shop: BENCH_SHOP }),
  });
}

export async function measureIntake(databases: BenchDatabases, simulator: HyperskuSimulator): Promise<IntakeResult> {
  const seconds = (INTAKE.warmupMs + INTAKE.durationMs) / 1000;
  const port = await getFreePort();
  log(`app (server.js, WORKER_MODE=off): ${INTAKE.connections} connections, ${seconds} s`);
  const databaseUrl = await databases.fresh("intake_app");
  const server = await startAppProcess(
    "server",
    appEnv({ port, databaseUrl, hyperskuUrl: simulator.url, workerMode: "off" }),
    "app listening",
  );
  let app: LoadResult;
  let webRss: RssFigures;
  let appDatabaseCpu: number | null;
  try {
    const sampler = sampleRss(server.pid);
    const database = sampleDatabaseCpu(databases);
    app = await load(`http://127.0.0.1:${port}`);
    webRss = sampler.stop();
    appDatabaseCpu = database?.stop() ?? null;
  } finally {
    await server.stop();
  }

  const prismaBaseline = await measureBaseline(databases, "prisma");
  const driverBaseline = await measureBaseline(databases, "driver");
  const open = await measureOpenLoop(databases, simulator);
  return {
    app,
    baseline: prismaBaseline.result,
    ratio: app.perSecond / prismaBaseline.result.perSecond,
    driverBaseline: driverBaseline.result,
    driverRatio: app.perSecond / driverBaseline.result.perSecond,
    openLoop: open.result,
    webRss,
    openLoopRss: open.rss,
    baselineRss: prismaBaseline.rss,
    databaseCpuPercent: { app: appDatabaseCpu, baseline: prismaBaseline.databaseCpu },
    queryCost: await measureQueryCost(databases),
  };
}

async function measureBaseline(
  databases: BenchDatabases,
  insert: "prisma" | "driver",
): Promise<{ result: LoadResult; rss: RssFigures; databaseCpu: number | null }> {
  const seconds = (INTAKE.warmupMs + INTAKE.durationMs) / 1000;
  const port = await getFreePort();
  log(
    `baseline (bare node:http, insert through ${insert === "prisma" ? "Prisma, same adapter" : "the driver directly"}): ${INTAKE.connections} connections, ${seconds} s`,
  );
  const baselineUrl = await databases.fresh(`intake_baseline_${insert}`);
  const baselineServer = await startProcess(
    "baseline server",
    tsxArgs("scripts/bench/baseline-server.ts"),
    {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: baselineUrl,
      SHOPIFY_API_SECRET: BENCH_API_SECRET,
      BASELINE_INSERT: insert,
    },
    "baseline listening",
  );
  try {
    const sampler = sampleRss(baselineServer.pid);
    const database = sampleDatabaseCpu(databases);
    const result = await load(`http://127.0.0.1:${port}`);
    return { result, rss: sampler.stop(), databaseCpu: database?.stop() ?? null };
  } finally {
    await baselineServer.stop();
  }
}

async function measureOpenLoop(databases: BenchDatabases, simulator: HyperskuSimulator): Promise<{ result: LoadResult; rss: RssFigures }> {
  const port = await getFreePort();
  log(
    `app, open loop: ${OPEN_LOOP.ratePerSecond} webhooks/s for ${OPEN_LOOP.durationMs / 1000} s (after ${OPEN_LOOP.warmupMs / 1000} s of warm-up)`,
  );
  const databaseUrl = await databases.fresh("intake_open_loop");
  const server = await startAppProcess(
    "server",
    appEnv({ port, databaseUrl, hyperskuUrl: simulator.url, workerMode: "off" }),
    "app listening",
  );
  try {
    const url = `http://127.0.0.1:${port}${WEBHOOK_PATH}`;
    const next = createDeliveryFactory({ secret: BENCH_API_SECRET, shop: BENCH_SHOP });
    await runOpenLoop({ url, ratePerSecond: OPEN_LOOP.ratePerSecond, durationMs: OPEN_LOOP.warmupMs, next });
    const sampler = sampleRss(server.pid);
    const result = await runOpenLoop({ url, ratePerSecond: OPEN_LOOP.ratePerSecond, durationMs: OPEN_LOOP.durationMs, next });
    return { result, rss: sampler.stop() };
  } finally {
    await server.stop();
  }
}

/** Where the time goes: one Prisma query at a time, ORM against raw, in a process of its own. */
async function measureQueryCost(databases: BenchDatabases): Promise<QueryCost | undefined> {
  log("cost of one Prisma query (ORM and raw), one at a time");
  const databaseUrl = await databases.fresh("query_cost");
  try {
    const output = await runToCompletion("query cost", process.execPath, tsxArgs("scripts/bench/query-cost.ts"), {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
    });
    return JSON.parse(output.trim().split("\n").pop() ?? "") as QueryCost;
  } catch (error) {
    console.error(`  (query cost not measured: ${error instanceof Error ? error.message.split("\n")[0] : error})`);
    return undefined;
  }
}
