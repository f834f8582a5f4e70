/**
 * The closing note of the report: the figures in a sentence per engine, then every missed target
 * with why, from what this run measured (CPU use, query cost, calls made), and what would fix it;
 * then what was not measured. The explanations are chosen by the evidence, not assumed.
 */
import type { AdminResult } from "./admin";
import { maxRss } from "./memory";
import { cpuMsPerRequest, engineName, mb, ms, perSecond, type Row } from "./format";
import type { BenchResults, EngineResults } from "./results";
import { FORWARDING, INTAKE, OPEN_LOOP } from "./settings";
import { launchSettingsOf } from "../lib/launch-settings";

const pct = (value: number | null | undefined) => (value === null || value === undefined ? "?" : `${Math.round(value)}%`);

function summary(engine: EngineResults): string {
  const parts: string[] = [];
  if (engine.intake) {
    const { app, baseline, ratio, driverBaseline, driverRatio, openLoop } = engine.intake;
    parts.push(
      `intake ${perSecond(app.perSecond)} (p50 ${ms(app.latency.p50)}, p99 ${ms(app.latency.p99)}) against the baseline's ${perSecond(baseline.perSecond)} (p99 ${ms(baseline.latency.p99)}): ${Math.round(ratio * 100)}%, and ${Math.round(driverRatio * 100)}% of the driver baseline's ${perSecond(driverBaseline.perSecond)}`,
      `open loop ${OPEN_LOOP.ratePerSecond}/s: p99 ${ms(openLoop.latency.p99)}, ${openLoop.errors} errors`,
    );
  }
  for (const idle of engine.idle) parts.push(`idle forwarding (${idle.mode}) p50 ${ms(idle.delay.p50)}, p99 ${ms(idle.delay.p99)}`);
  if (engine.backlog) {
    const b = engine.backlog;
    parts.push(
      `${b.orders.toLocaleString("en-US")} backlogged orders drained in ${b.drainSeconds.toFixed(0)} s after the outage, ${perSecond(b.ordersPerSecond)} on average and ${perSecond(b.peakTenSecondRate)} at best against a limit of ${FORWARDING.rateLimitPerSecond}/s, ${b.missing} lost and ${b.duplicated} duplicated`,
    );
  }
  const web = maxRss(engine.intake?.webRss, engine.intake?.openLoopRss, engine.backlog?.webRss);
  const worker = maxRss(engine.backlog?.workerRss, engine.backlog?.workerDrainRss);
  if (web?.peakMb) parts.push(`web process peak RSS ${mb(web.peakMb)}${worker?.peakMb ? `, worker ${mb(worker.peakMb)}` : ""}`);
  if (engine.skipped?.length) parts.push(`not run by default: ${engine.skipped.join(", ")} (\`--full\`)`);
  return `**${engineName(engine.engine)}**: ${parts.length ? parts.join("; ") : "no figures"}.`;
}

function explainIntake(engine: EngineResults): string {
  const intake = engine.intake!;
  const { app, baseline, queryCost, webRss, baselineRss } = intake;
  const appCpu = cpuMsPerRequest(webRss.cpuPercent, app.perSecond);
  const baselineCpu = cpuMsPerRequest(baselineRss.cpuPercent, baseline.perSecond);
  const appDatabaseCpu = cpuMsPerRequest(intake.databaseCpuPercent?.app ?? null, app.perSecond);
  const baselineDatabaseCpu = cpuMsPerRequest(intake.databaseCpuPercent?.baseline ?? null, baseline.perSecond);
  const databaseCpu =
    appDatabaseCpu !== null && baselineDatabaseCpu !== null
      ? `, and PostgreSQL, on the same two cores, spent ${ms(appDatabaseCpu)} per webhook against the baseline's ${ms(baselineDatabaseCpu)}`
      : "";
  const cpu =
    appCpu !== null && baselineCpu !== null
      ? `the web process was busy ${pct(webRss.cpuPercent)} of one core, about ${ms(appCpu)} of CPU per webhook against the baseline's ${ms(baselineCpu)}${databaseCpu}. `
      : "";
  const cost = queryCost
    ? ` Measured here one query at a time: an ORM insert ${ms(queryCost.ormInsertMs)}, an ORM read by key ${ms(queryCost.ormReadMs)}, the same insert as raw SQL through the same client ${ms(queryCost.rawInsertMs)}.`
    : "";
  const queue =
    engine.engine === "sqlite"
      ? ` On SQLite the one connection also runs these transactions one after another, so the ${INTAKE.connections} connections queue and p99 is mostly waiting: ${INTAKE.connections} ÷ ${perSecond(app.perSecond)} ≈ ${ms((INTAKE.connections / app.perSecond) * 1000)}.`
      : "";
  const open = intake.openLoop;
  const openText = ` In the open loop, ${OPEN_LOOP.ratePerSecond} webhooks/s is ${open.perSecond < OPEN_LOOP.ratePerSecond * 0.95 || open.latency.p99 > 1000 ? "more than this process could take here, so requests queued behind each other (latency counts from each request's due time) and the late ones timed out or were reset" : "within what the process took here"}: p50 ${ms(open.latency.p50)}, p99 ${ms(open.latency.p99)}, ${open.errors} errors.`;
  const statements =
    engine.engine === "sqlite"
      ? "BEGIN IMMEDIATE; the delivery `ON CONFLICT DO NOTHING`; the shop with whether the order is known or redacted; the order; its two timeline entries in one insert; its job; COMMIT"
      : "BEGIN, the delivery `ON CONFLICT DO NOTHING` taking the shop's and the order's locks in its RETURNING, and the shop with whether the order is known or redacted, sent together; then the order, its two timeline entries and its job in one statement (data-modifying CTEs) sent with COMMIT: pipelined, two waits for the network";
  const profile =
    engine.engine === "sqlite"
      ? "A CPU profile of the web process under this load (2026-11-24, 2 cores) shows no Prisma on this path: better-sqlite3 running the statements takes ~36% of its time, most of it the COMMIT (~26%: the WAL written and fsynced, `synchronous=FULL`, so an acknowledged webhook survives a power cut, and better-sqlite3 waits for it on the event loop); the app's own code ~20% (JSON parsing of the body 5%), Kysely ~11%, garbage collection 4%, zod 3%. Statements are prepared once per SQL text (app/models/db/statement-cache.server.ts), as the driver baseline does."
      : "Measured on this 2-core machine (2026-11-24, /proc and perf): the web process, PostgreSQL and the load generator share the two cores, which are nearly all busy, so PostgreSQL's CPU per webhook limits the app as much as the web process's own. Before the last changes PostgreSQL's backends spent about 30% of theirs parsing and planning (statements are sent unnamed, so planned on every run), 22% executing (an Order row writes 14 indexes: 10%), 10% committing (WAL flush) and 24% in socket reads, writes and waits; the web process's CPU is JavaScript: the app's mapping ~20%, Kysely ~14%, garbage collection ~16% plus a GC helper thread at ~20% of a core, the pg driver ~12%. (A V8 profile charges ~30% to writev, but the kernel counts ~14% of a core as system time: mostly the web process waiting for its core while the PostgreSQL backend it just woke runs.) Done, each measured here in a closed loop: the order, its timeline and its job in one statement (589 to 650/s), the transaction pipelined (650 to ~800/s), its inserts prepared once per connection (~800 to ~900/s; PostgreSQL 0.8 to 0.6 ms per webhook). Tried and left out: every statement prepared (PostgreSQL's CPU rose from 1.1 to 1.55 ms per webhook: the generic plan for the order-known check scanned the shop's orders), a 30-connection pool and a 512 MB heap (no change).";
  const fix =
    engine.engine === "sqlite"
      ? "What would fix it: one COMMIT for the transactions of several webhooks arriving together (group commit: each answered after the shared fsync), or fewer Order indexes written per insert."
      : "What would fix it: PostgreSQL on a machine of its own, as in production, where its CPU no longer takes the web process's cores; several web processes sharing the database (docs/decisions/0005), which is what PostgreSQL is for; in one process, less JavaScript per webhook (Kysely compiling the same statements each time, the snapshot's columns) and fewer Order indexes written per insert.";
  return (
    `Why: ${cpu}A new order's intake is one transaction of a fixed few statements through Kysely on the app's own driver adapter (${statements}: docs/decisions/0025), where the baseline runs one insert; the app reached ${Math.round(intake.driverRatio * 100)}% of the same server inserting through the driver directly. ` +
    `${profile}${cost}${queue}${openText} ${fix} On a busy machine the absolute rates are a fraction of an idle one's; the ratios were measured back to back.`
  );
}

function explainDrain(engine: EngineResults): string {
  const b = engine.backlog!;
  const cpu = b.workerDrainRss.cpuPercent;
  const limit = FORWARDING.rateLimitPerSecond;
  const lookups = b.callsByOperation.getOrdersByExternalOrderId ?? 0;
  const lookupText = lookups
    ? ` ${lookups.toLocaleString("en-US")} orders had failed during the outage and were first looked up at HyperSKU before being sent again (the exactly-once check: forward-order.server.ts keeps the "outcome unknown" mark after any failed create, even a 500, which the client classifies as a definite failure), so they took two calls each.`
    : "";
  const reasons: string[] = [];
  if (b.callsPerSecond >= limit * 0.85) {
    reasons.push(
      `The worker ran at the rate limit, which counts calls, not orders: ${perSecond(b.callsPerSecond)} calls against ${limit}/s.${lookupText} Fix: fewer calls per order (if a 500 can be trusted to mean nothing was created, as the client's error classes already assume, clear the mark on it, so only timeouts need a lookup) or a higher limit if HyperSKU allows it.`,
    );
  }
  if (cpu !== null && cpu >= 75) {
    reasons.push(
      `${reasons.length === 0 && lookupText ? `${lookupText.trim()} ` : ""}The worker was busy ${pct(cpu)} of one core: CPU-bound at about ${ms(1000 / b.peakTenSecondRate)} per order at its best. Each order's reads (the order, the shop, its Shopify session, the catalogue and the variant facts) and its two writes ("sending", then "sent" with its costs and timeline entry) are all on the lean path, besides the ${FORWARDING.hyperskuLatencyMs} ms at HyperSKU and Shopify's answer about where its lines ship from. Fix: on PostgreSQL, more worker processes (the per-shop limits are per process, so divide them: docs/decisions/0005).`,
    );
  }
  if (reasons.length === 0) {
    reasons.push(
      `${lookupText ? `${lookupText.trim()} ` : ""}Orders that failed during the outage were scheduled for their next try with exponential backoff and full jitter (a random wait up to JOB_RETRY_BASE_MS × 2^attempt, capped at 6 h: app/queue/backoff.ts), so after the recovery they come due one by one instead of at once (the worker was ${pct(cpu)} busy and reached ${perSecond(b.peakTenSecondRate)} at best). Here the outage lasted as long as the 5,000 orders took to arrive; after a real one-hour outage an order is at about its 9th attempt and may wait up to ~40 minutes more. Fix: when HyperSKU answers a shop again after failures, bring that shop's waiting forward jobs due now (as reconnecting already releases held orders), so the rate limit paces the drain.`,
    );
  }
  return `Why: ${reasons.map((reason, i) => (reasons.length > 1 ? `(${i + 1}) ${reason}` : reason)).join(" ")}`;
}

function explainMemory(engine: EngineResults, role: "web" | "worker"): string {
  const figures =
    role === "web"
      ? maxRss(engine.intake?.webRss, engine.intake?.openLoopRss, engine.backlog?.webRss)
      : maxRss(engine.backlog?.workerRss, engine.backlog?.workerDrainRss);
  const baseline = engine.intake?.baselineRss;
  const start = role === "web" ? engine.intake?.webRss.startMb : engine.backlog?.workerRss.startMb;
  const baselineText =
    baseline?.startMb && baseline.peakMb
      ? ` The baseline server (Node and Prisma only) went from ${mb(baseline.startMb)} to ${mb(baseline.peakMb)} under the same intake load: much of the growth is the heap any Node process doing Prisma writes at this rate takes.`
      : "";
  const launch = launchSettingsOf(role === "web" ? "start" : "worker");
  const settings = [...Object.entries(launch.env).map(([name, value]) => `${name}=${value}`), ...launch.nodeFlags].join(" ");
  return (
    `Why: the ${role} process held ${start ? mb(start) : "?"} as its load began (Node's own code about 55 MB, ${role === "web" ? "the Remix server build with React, Polaris and the Shopify libraries" : "its own bundle without the admin UI (decision 0023)"}, and Prisma with its WebAssembly query compiler, which the paths left on Prisma still load: about 30 MB once warm) and grew to ${figures?.peakMb ? mb(figures.peakMb) : "?"} under load with the settings package.json starts it with (\`${settings}\`, decision 0023): ` +
    `above the V8 heap are code, Prisma's WebAssembly memory and malloc's own heap (SQLite's pages, V8's compiler zones).${baselineText} ` +
    `What would fix it: Prisma out of the process altogether (its compiler is loaded by the first ORM query), or a smaller heap at some cost in garbage collection (decision 0023's figures).`
  );
}

function explainLosses(engine: EngineResults): string {
  const b = engine.backlog!;
  if (b.missing === 0 && b.duplicated === 0) {
    return `Why: no accepted order was lost or sent twice, but ${b.rejectedWebhooks} of the ${b.orders.toLocaleString("en-US")} deliveries were answered with an error (statuses ${JSON.stringify(b.intake.statuses)}) while the web process and the worker took turns at the database under full load. Shopify retries a delivery that is not answered with a 200, so the order is not lost, but intake was past its limit. What would fix it: a faster intake transaction (see intake above), so deliveries do not wait long enough to time out.`;
  }
  return `This is a correctness failure, not a speed one: ${b.missing} accepted orders never reached HyperSKU and ${b.duplicated} reached it more than once. The worker's output and the orders' timelines in a rerun with \`--phases backlog\` say where; forwarding must not be trusted until it is fixed.`;
}

function explainAdmin(admin: AdminResult): string {
  if (admin.status !== "ran") return "";
  return "These come from scripts/bench-admin.ts (its output is below), run after the other phases; its LCP verdict is on the worst of its page loads, so one slow load on a busy machine misses it.";
}

/** Each missed row belongs to one explanation; an explanation is given once, after its rows. */
function explanationKey(row: Row, results: BenchResults): { key: string; text: () => string } {
  const engine = results.engines.find((e) => row.area.endsWith(`(${engineName(e.engine)})`));
  if (engine && row.area.startsWith("Intake") && engine.intake && !row.metric.startsWith("app (")) {
    return { key: `intake:${engine.engine}`, text: () => explainIntake(engine) };
  }
  if (engine && row.metric.startsWith("idle queue") && row.metric.endsWith("separate worker")) {
    return {
      key: "idle:separate",
      text: () =>
        "Why: a separate worker process learns of new work only by polling the queue when idle (every WORKER_POLL_MS), so an order waits about half a poll interval on average before it is claimed; the inline worker is woken by the webhook in its own process. What would fix it: wake separate workers too (PostgreSQL `LISTEN/NOTIFY` sent with the enqueue), or a shorter WORKER_POLL_MS (each poll is one cheap query per worker).",
    };
  }
  if (engine && row.metric.includes("drain rate") && engine.backlog)
    return { key: `drain:${engine.engine}`, text: () => explainDrain(engine) };
  if (engine && row.area.startsWith("Memory")) {
    const role = row.metric.startsWith("web") ? "web" : "worker";
    return { key: `memory:${engine.engine}:${role}`, text: () => explainMemory(engine, role) };
  }
  if (engine && row.metric.includes("exactly once") && engine.backlog)
    return { key: `losses:${engine.engine}`, text: () => explainLosses(engine) };
  if (row.area.startsWith("Admin") && results.admin) {
    const admin = results.admin;
    return { key: "admin", text: () => explainAdmin(admin) };
  }
  return { key: `${row.area}:${row.metric}`, text: () => "" };
}

export function closingNotes(results: BenchResults, rows: Row[]): string[] {
  const notes = results.engines.map(summary);
  const { loadAverage, cpus } = results.machine;
  if (loadAverage > cpus * 0.5) {
    notes.push(
      `Caveat: the machine was busy with other work when the run started (load average ${loadAverage.toFixed(1)} on ${cpus} cores), so absolute figures are lower than on an idle machine; the app/baseline ratios, measured back to back, are less affected.`,
    );
  }
  const misses = rows.filter((row) => row.verdict === "MISS");
  if (misses.length === 0) notes.push("Every target that was measured is met.");
  const groups = new Map<string, { rows: Row[]; text: () => string }>();
  for (const miss of misses) {
    const { key, text } = explanationKey(miss, results);
    const group = groups.get(key) ?? { rows: [], text };
    group.rows.push(miss);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const what = group.rows.map((row) => `${row.area}, ${row.metric}: ${row.value} against ${row.target}`).join("; ");
    notes.push(`**Missed** — ${what}. ${group.text()}`.trim());
  }
  for (const row of rows.filter((r) => r.verdict === "not measured"))
    notes.push(`**Not measured** — ${row.area}, ${row.metric}: ${row.value}.`);
  return notes;
}
