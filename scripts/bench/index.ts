/**
 * `npm run bench`: how fast and how light the app is, beside a baseline, in one command (loopback
 * only, a few minutes). Builds the app, then on SQLite (and PostgreSQL when reachable) measures
 * webhook intake against a bare baseline server, forwarding with an idle queue and after an
 * outage, and the memory of the web and worker processes; runs the admin benchmark when it exists;
 * prints the table and writes docs/benchmarks.md. Ctrl-C stops every process it started and removes
 * its temp files and scratch databases. Also prints what one order costs in Shopify Admin API points.
 *
 * Options: --no-build (reuse build/), --no-postgres, --output <file> (default docs/benchmarks.md),
 * --engines sqlite,postgresql (default: both),
 * --phases intake,idle,backlog,admin,api-cost,catalogue (default: all), --backlog N (orders in the backlog, default 5000),
 * --full (also the backlog on PostgreSQL, a few minutes more), --only catalogue (only the catalogue's
 * sync of 50,000 variants and the Products page at that size, scripts/bench/catalogue.ts; no build,
 * nothing written), --catalogue-variants N (default 50000).
 */
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { startHyperskuSimulator, type HyperskuSimulator } from "../../simulators/hypersku/server";
import { runAdminBenchmark } from "./admin";
import { runApiCostBenchmark } from "./api-cost";
import { catalogueRows, runCatalogueBenchmark } from "./catalogue";
import {
  type BenchDatabases,
  createPostgresDatabases,
  createSqliteDatabases,
  disposeAllDatabases,
  type Engine,
  isPostgresReachable,
  postgresAdminUrl,
} from "./databases";
import { measureBacklog, measureIdleForwarding } from "./forwarding";
import { measureIntake } from "./intake";
import { killAllChildren, runToCompletion, shutDownProcesses } from "./processes";
import { engineName } from "./format";
import { buildRows, renderMarkdown, renderTable } from "./report";
import type { BenchResults, EngineResults } from "./results";
import { CONNECT_APP_URL, FORWARDING, HYPERSKU_CLIENT_ID, HYPERSKU_CLIENT_SECRET } from "./settings";

const { values } = parseArgs({
  options: {
    "no-build": { type: "boolean", default: false },
    "no-postgres": { type: "boolean", default: false },
    output: { type: "string", default: "docs/benchmarks.md" },
    phases: { type: "string", default: "intake,idle,backlog,admin,api-cost,catalogue" },
    full: { type: "boolean", default: false },
    backlog: { type: "string", default: String(FORWARDING.backlogOrders) },
    engines: { type: "string", default: "sqlite,postgresql" },
    only: { type: "string" },
    "catalogue-variants": { type: "string", default: "50000" },
  },
});
if (values.only !== undefined && values.only !== "catalogue") throw new Error(`unknown --only ${values.only}; use --only catalogue`);
const PHASES = ["intake", "idle", "backlog", "admin", "api-cost", "catalogue"] as const;
type Phase = (typeof PHASES)[number];
/** The phases run once per engine; the others run once, after them. */
type EnginePhase = Extract<Phase, "intake" | "idle" | "backlog">;
const phases = new Set(values.phases!.split(",").map((name) => name.trim()));
for (const name of phases) if (!PHASES.includes(name as Phase)) throw new Error(`unknown phase ${name}; use ${PHASES.join(",")}`);

let interrupted = false;
async function cleanUp() {
  killAllChildren();
  await disposeAllDatabases();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the benchmark's processes and removing its databases`);
    const forceExit = setTimeout(() => process.exit(130), 10_000);
    forceExit.unref();
    shutDownProcesses();
    void cleanUp().finally(() => process.exit(130));
  });
}
// Whatever happens, no server outlives the benchmark.
process.on("exit", killAllChildren);

const step = (message: string) => console.log(`\u2022 ${message}`);

async function benchEngine(engine: Engine, skipped: EnginePhase[] = []): Promise<EngineResults> {
  const results: EngineResults = { engine, idle: [], skipped };
  const run = (phase: EnginePhase) => phases.has(phase) && !skipped.includes(phase);
  let simulator: HyperskuSimulator | undefined;
  let databases: BenchDatabases | undefined;
  try {
    simulator = await startHyperskuSimulator({
      clientId: HYPERSKU_CLIENT_ID,
      clientSecret: HYPERSKU_CLIENT_SECRET,
      redirectUri: `${CONNECT_APP_URL}/hypersku/callback`,
    });
    step(`${engineName(engine)}: migrating a template database and connecting the bench shop`);
    databases = engine === "sqlite" ? await createSqliteDatabases(simulator) : await createPostgresDatabases(simulator);
    if (run("intake")) {
      step(`${engineName(engine)}: webhook intake, app and baseline`);
      results.intake = await measureIntake(databases, simulator);
    }
    if (run("idle")) {
      step(`${engineName(engine)}: forwarding with an idle queue`);
      results.idle.push(await measureIdleForwarding(databases, simulator, "inline"));
      results.idle.push(await measureIdleForwarding(databases, simulator, "off"));
    }
    if (run("backlog")) {
      step(`${engineName(engine)}: forwarding a backlog after an outage`);
      results.backlog = await measureBacklog(databases, simulator, Number(values.backlog));
    }
  } catch (error) {
    if (interrupted) throw error;
    results.error = error instanceof Error ? error.message : String(error);
    console.error(`${engineName(engine)}: ${results.error}`);
  } finally {
    killAllChildren();
    await databases?.dispose();
    await simulator?.close();
  }
  return results;
}

async function main() {
  if (values.only === "catalogue") {
    step(`catalogue: sync of ${values["catalogue-variants"]} variants and the Products page (scripts/bench/catalogue.ts)`);
    const rows = catalogueRows(await runCatalogueBenchmark(Number(values["catalogue-variants"])));
    console.log(`\n${renderTable(rows)}\n`);
    if (rows.some((row) => row.verdict === "MISS" || row.verdict === "not measured")) process.exitCode = 1;
    return;
  }
  const startedAt = new Date();
  const loadAverage = os.loadavg()[0];
  if (!values["no-build"]) {
    step("building the app (npm run build: the Remix build and the worker's bundle)");
    await runToCompletion("npm run build", "npm", ["run", "build"], { ...process.env }, 300_000);
  } else if (!fs.existsSync("build/index.js")) {
    throw new Error("--no-build, but build/index.js does not exist: run `npm run build` first");
  }

  const wanted = new Set(values.engines!.split(",").map((name) => name.trim()));
  const engines: EngineResults[] = wanted.has("sqlite") ? [await benchEngine("sqlite")] : [];
  let postgresSkipped: string | undefined;
  if (values["no-postgres"] || !wanted.has("postgresql")) postgresSkipped = "skipped (--no-postgres)";
  else if (!(await isPostgresReachable())) postgresSkipped = `PostgreSQL not reachable at ${new URL(postgresAdminUrl()).host}`;
  // The PostgreSQL backlog adds minutes (it drains no faster: see the note); --full runs it.
  else engines.push(await benchEngine("postgresql", values.full ? [] : ["backlog"]));

  let admin: Awaited<ReturnType<typeof runAdminBenchmark>> | undefined;
  if (phases.has("admin")) {
    step("admin: scripts/bench-admin.ts");
    admin = await runAdminBenchmark();
  }
  let apiCost: Awaited<ReturnType<typeof runApiCostBenchmark>> | undefined;
  if (phases.has("api-cost")) {
    step("Shopify API cost: scripts/bench/order-api-cost.ts");
    apiCost = await runApiCostBenchmark();
  }
  let catalogue: Awaited<ReturnType<typeof runCatalogueBenchmark>> | undefined;
  if (phases.has("catalogue")) {
    step("catalogue: scripts/bench/catalogue.ts");
    catalogue = await runCatalogueBenchmark(Number(values["catalogue-variants"]));
  }

  const cpus = os.cpus();
  const results: BenchResults = {
    startedAt,
    seconds: (Date.now() - startedAt.getTime()) / 1000,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? "unknown CPU",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.versions.node,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      loadAverage,
    },
    engines,
    postgresSkipped,
    admin,
    apiCost,
    catalogue,
  };
  const rows = buildRows(results);
  console.log(`\n${renderTable(rows)}\n`);
  fs.writeFileSync(values.output!, renderMarkdown(results, rows));
  console.log(`Written to ${values.output} (${Math.round(results.seconds)} s).`);
  if (engines.some((engine) => engine.error)) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  if (!interrupted) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await cleanUp();
}
