/**
 * Webhook intake: signed orders/create deliveries at 50 connections against the production build
 * (server.js, WORKER_MODE=off, so only intake runs), then, in the same run and with the same load
 * generator and a fresh copy of the same database, against the bare baseline server. Each gets a
 * warm-up whose requests are not counted. The web process's RSS is sampled during its load.
 */
import { getFreePort } from "../../simulators/harness/app-process";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import type { BenchDatabases } from "./databases";
import { type LoadResult, runLoad } from "./load";
import { type RssFigures, sampleRss } from "./memory";
import { runToCompletion, startProcess, tsxArgs } from "./processes";
import { appEnv, BENCH_API_SECRET, BENCH_SHOP, INTAKE } from "./settings";
import { createDeliveryFactory, WEBHOOK_PATH } from "./webhooks";

/** Milliseconds per query through Prisma, one at a time (scripts/bench/query-cost.ts). */
export type QueryCost = { ormInsertMs: number; ormReadMs: number; rawInsertMs: number };

export type IntakeResult = {
  app: LoadResult;
  baseline: LoadResult;
  ratio: number;
  webRss: RssFigures;
  baselineRss: RssFigures;
  queryCost?: QueryCost;
};

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
  let port = await getFreePort();
  log(`app (server.js, WORKER_MODE=off): ${INTAKE.connections} connections, ${seconds} s`);
  const databaseUrl = await databases.fresh("intake_app");
  const server = await startProcess(
    "server.js",
    ["server.js"],
    appEnv({ port, databaseUrl, hyperskuUrl: simulator.url, workerMode: "off" }),
    "app listening",
  );
  let app: LoadResult;
  let webRss: RssFigures;
  try {
    const sampler = sampleRss(server.pid);
    app = await load(`http://127.0.0.1:${port}`);
    webRss = sampler.stop();
  } finally {
    await server.stop();
  }

  port = await getFreePort();
  log(`baseline (bare node:http + Prisma, same adapter): ${INTAKE.connections} connections, ${seconds} s`);
  const baselineUrl = await databases.fresh("intake_baseline");
  const baselineServer = await startProcess(
    "baseline server",
    tsxArgs("scripts/bench/baseline-server.ts"),
    { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_URL: baselineUrl, SHOPIFY_API_SECRET: BENCH_API_SECRET },
    "baseline listening",
  );
  let baseline: LoadResult;
  let baselineRss: RssFigures;
  try {
    const sampler = sampleRss(baselineServer.pid);
    baseline = await load(`http://127.0.0.1:${port}`);
    baselineRss = sampler.stop();
  } finally {
    await baselineServer.stop();
  }
  return { app, baseline, ratio: app.perSecond / baseline.perSecond, webRss, baselineRss, queryCost: await measureQueryCost(databases) };
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
