/**
 * The closing note of the report: the figures in a sentence per engine, then every missed target
 * with why, from what this run measured (CPU use, query cost, calls made), and what would fix it;
 * then what was not measured. The explanations are chosen by the evidence, not assumed.
 */
import type { AdminResult } from "./admin";
import { maxRss } from "./memory";
import { engineName, mb, ms, perSecond, type Row } from "./format";
import type { BenchResults, EngineResults } from "./results";
import { FORWARDING, INTAKE } from "./settings";

const pct = (value: number | null | undefined) => (value === null || value === undefined ? "?" : `${Math.round(value)}%`);

function summary(engine: EngineResults): string {
  const parts: string[] = [];
  if (engine.intake) {
    const { app, baseline, ratio } = engine.intake;
    parts.push(
      `intake ${perSecond(app.perSecond)} (p50 ${ms(app.latency.p50)}, p99 ${ms(app.latency.p99)}) against the baseline's ${perSecond(baseline.perSecond)} (p99 ${ms(baseline.latency.p99)}): ${Math.round(ratio * 100)}%`,
    );
  }
  for (const idle of engine.idle) parts.push(`idle forwarding (${idle.mode}) p50 ${ms(idle.delay.p50)}, p99 ${ms(idle.delay.p99)}`);
  if (engine.backlog) {
    const b = engine.backlog;
    parts.push(
      `${b.orders.toLocaleString("en-US")} backlogged orders drained in ${b.drainSeconds.toFixed(0)} s after the outage, ${perSecond(b.ordersPerSecond)} on average and ${perSecond(b.peakTenSecondRate)} at best against a limit of ${FORWARDING.rateLimitPerSecond}/s, ${b.missing} lost and ${b.duplicated} duplicated`,
    );
  }
  const web = maxRss(engine.intake?.webRss, engine.backlog?.webRss);
  const worker = maxRss(engine.backlog?.workerRss, engine.backlog?.workerDrainRss);
  if (web?.peakMb) parts.push(`web process peak RSS ${mb(web.peakMb)}${worker?.peakMb ? `, worker ${mb(worker.peakMb)}` : ""}`);
  if (engine.skipped?.length) parts.push(`not run by default: ${engine.skipped.join(", ")} (\`--full\`)`);
  return `**${engineName(engine.engine)}**: ${parts.length ? parts.join("; ") : "no figures"}.`;
}

/** CPU milliseconds per request: share of a core over the load, divided by the request rate. */
const cpuMsPerRequest = (cpuPercent: number | null, perSecondRate: number) =>
  cpuPercent === null ? null : (cpuPercent / 100) * (1000 / perSecondRate);

function explainIntake(engine: EngineResults): string {
  const intake = engine.intake!;
  const { app, baseline, queryCost, webRss, baselineRss } = intake;
  const appCpu = cpuMsPerRequest(webRss.cpuPercent, app.perSecond);
  const baselineCpu = cpuMsPerRequest(baselineRss.cpuPercent, baseline.perSecond);
  const cpu =
    appCpu !== null && baselineCpu !== null
      ? `the web process was busy ${pct(webRss.cpuPercent)} of one core, about ${ms(appCpu)} of CPU per webhook against the baseline's ${ms(baselineCpu)}. `
      : "";
  const cost = queryCost
    ? ` Measured here one query at a time: an ORM insert ${ms(queryCost.ormInsertMs)}, an ORM read by key ${ms(queryCost.ormReadMs)}, the same insert as raw SQL through the same client ${ms(queryCost.rawInsertMs)}.`
    : "";
  const queue =
    engine.engine === "sqlite"
      ? ` On SQLite the one connection also runs these transactions one after another, so the ${INTAKE.connections} connections queue and p99 is mostly waiting: ${INTAKE.connections} ÷ ${perSecond(app.perSecond)} ≈ ${ms((INTAKE.connections / app.perSecond) * 1000)}.`
      : "";
  return (
    `Why: ${cpu}The app's intake runs several queries per webhook (a duplicate check, then in one transaction the delivery, the shop, a read of the order, the order, its timeline entries and its job) where the baseline runs one insert, ` +
    `and Prisma 6's JavaScript engine compiles every ORM query with its WebAssembly query compiler on each call (it keeps no plan cache), so each query costs CPU beyond the SQL itself; ` +
    `a CPU profile of the web process under this load, taken while this benchmark was written, put about 60% of its time in Prisma's client, half of that in the query compiler, and the rest mostly in Express/Remix and the HTTP stack.${cost}${queue} ` +
    `What would fix it: Prisma 7.4 or later caches compiled query plans by query shape (https://github.com/prisma/prisma/releases/tag/7.4.0); independently, the intake transaction can be a few raw statements (an \`INSERT ... ON CONFLICT DO NOTHING\` for the delivery instead of a read before the transaction, the order with its first event, the job). ` +
    `Several web processes on PostgreSQL add throughput (docs/decisions/0005).`
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
      `${reasons.length === 0 && lookupText ? `${lookupText.trim()} ` : ""}The worker was busy ${pct(cpu)} of one core: CPU-bound at about ${ms(1000 / b.peakTenSecondRate)} per order at its best. Each order costs the same kind of Prisma queries as intake (the order, the shop, "sending", the token, "sent" with its timeline event, the job's claim and completion) besides the ${FORWARDING.hyperskuLatencyMs} ms at HyperSKU. Fix: as for intake (Prisma 7.4's plan cache, fewer and raw statements on the hot path); on PostgreSQL, more worker processes (the per-shop limits are per process, so divide them: docs/decisions/0005).`,
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
      ? maxRss(engine.intake?.webRss, engine.backlog?.webRss)
      : maxRss(engine.backlog?.workerRss, engine.backlog?.workerDrainRss);
  const baseline = engine.intake?.baselineRss;
  const start = role === "web" ? engine.intake?.webRss.startMb : engine.backlog?.workerRss.startMb;
  const baselineText =
    baseline?.startMb && baseline.peakMb
      ? ` The baseline server (Node and Prisma only) went from ${mb(baseline.startMb)} to ${mb(baseline.peakMb)} under the same intake load: much of the growth is the heap any Node process doing Prisma writes at this rate takes.`
      : "";
  return (
    `Why: the ${role} process held ${start ? mb(start) : "?"} as its load began (Node, the app's server bundle, which both processes load whole, with React, Polaris and the Shopify libraries, and Prisma with its WebAssembly query compiler) and grew to ${figures?.peakMb ? mb(figures.peakMb) : "?"} under load, ` +
    `as V8's heap grows with the allocation rate (each query compiled and its plan serialized) and with the work waiting in the process.${baselineText} ` +
    `What would fix it: less allocation per query (Prisma 7.4's plan cache, raw statements on the hot paths), fewer requests waiting at once (a faster intake), or a capped heap (\`NODE_OPTIONS=--max-old-space-size=64\` held a web process at ~175 MB under this load, for ~20% less throughput, in a short trial while this benchmark was written).`
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
  if (row.area.startsWith("Admin")) return { key: "admin", text: () => explainAdmin(results.admin) };
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
