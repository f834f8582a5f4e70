/**
 * The figures as rows with their target and verdict, printed as a table and written, with how each
 * figure is measured and the closing notes, to docs/benchmarks.md.
 */
import { ADMIN_SCRIPT, type AdminResult } from "./admin";
import { API_COST_SCRIPT, apiCostRows } from "./api-cost";
import { catalogueRows } from "./catalogue";
import { maxRss, type RssFigures } from "./memory";
import { cpuPerRequestText, engineName, mb, ms, perSecond, type Row, type Verdict } from "./format";
import { closingNotes } from "./notes";
import type { BenchResults, EngineResults } from "./results";
import { FORWARDING, INTAKE, OPEN_LOOP } from "./settings";

export const TARGETS = {
  /** Issue 20: the app at least half of the bare baseline (its insert through Prisma), on both engines. */
  intakeRatio: 0.5,
  intakeP99Ms: 50,
  /** Open loop (OPEN_LOOP): p99 under this, and no errors. */
  openLoopP99Ms: 50,
  idleP50Ms: 250,
  /** The drain counts as "at the rate limit" from this share of it. */
  drainShareOfLimit: 0.9,
  webRssMb: 200,
  workerRssMb: 160,
  adminP95Ms: 50,
};

const verdict = (ok: boolean): Verdict => (ok ? "pass" : "MISS");

function intakeRows(results: EngineResults): Row[] {
  const area = `Intake (${engineName(results.engine)})`;
  const { intake } = results;
  if (!intake)
    return [{ area, metric: "webhooks/s at 50 connections", value: notRunText(results, "intake"), target: "", verdict: "not measured" }];
  const describe = (r: typeof intake.app) =>
    `${perSecond(r.perSecond)}, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}${r.errors ? `, ${r.errors} errors` : ""}`;
  const onSqlite = results.engine === "sqlite";
  return [
    {
      area,
      metric: "app (server.js, production build)",
      value: describe(intake.app),
      target: "",
      verdict: intake.app.errors ? "MISS" : "info",
    },
    { area, metric: "baseline (bare node:http + Prisma)", value: describe(intake.baseline), target: "", verdict: "info" },
    { area, metric: "driver baseline (bare node:http + driver)", value: describe(intake.driverBaseline), target: "", verdict: "info" },
    {
      area,
      metric: "app / baseline throughput",
      value: `${Math.round(intake.ratio * 100)}%`,
      target: `>= ${TARGETS.intakeRatio * 100}%`,
      verdict: verdict(intake.ratio >= TARGETS.intakeRatio),
    },
    {
      area,
      metric: "app / driver baseline throughput",
      value: `${Math.round(intake.driverRatio * 100)}%`,
      target: "(reported)",
      verdict: "info",
    },
    {
      area,
      metric: onSqlite
        ? "CPU per webhook (web process, SQLite inside it): app; baseline"
        : "CPU per webhook (web process + PostgreSQL): app; baseline",
      value: `${cpuPerRequestText(intake.webRss.cpuPercent, intake.databaseCpuPercent?.app ?? null, intake.app.perSecond)}; ${cpuPerRequestText(intake.baselineRss.cpuPercent, intake.databaseCpuPercent?.baseline ?? null, intake.baseline.perSecond)}`,
      target: "(reported)",
      verdict: "info",
    },
    {
      area,
      metric: "app p99 latency at 50 connections",
      value: ms(intake.app.latency.p99),
      target: onSqlite ? `< ${TARGETS.intakeP99Ms} ms` : `(< ${TARGETS.intakeP99Ms} ms is for SQLite)`,
      verdict: onSqlite ? verdict(intake.app.latency.p99 < TARGETS.intakeP99Ms) : "info",
    },
    {
      area,
      metric: `open loop ${OPEN_LOOP.ratePerSecond}/s for ${OPEN_LOOP.durationMs / 1000} s: p99, errors`,
      value: `p99 ${ms(intake.openLoop.latency.p99)} (p50 ${ms(intake.openLoop.latency.p50)}), ${intake.openLoop.errors} errors of ${intake.openLoop.ok + intake.openLoop.errors}`,
      target: `p99 < ${TARGETS.openLoopP99Ms} ms, no errors`,
      verdict: verdict(intake.openLoop.latency.p99 < TARGETS.openLoopP99Ms && intake.openLoop.errors === 0),
    },
  ];
}

function forwardingRows(results: EngineResults): Row[] {
  const area = `Forwarding (${engineName(results.engine)})`;
  const rows: Row[] = results.idle.map((idle) => ({
    area,
    metric: `idle queue, accepted -> created, ${idle.mode}`,
    value: `p50 ${ms(idle.delay.p50)}, p99 ${ms(idle.delay.p99)} (${idle.orders} orders)`,
    target: `p50 < ${TARGETS.idleP50Ms} ms`,
    verdict: verdict(idle.delay.p50 < TARGETS.idleP50Ms),
  }));
  const { backlog } = results;
  if (!backlog) {
    rows.push({
      area,
      metric: `backlog of ${FORWARDING.backlogOrders.toLocaleString("en-US")} after an outage`,
      value: notRunText(results, "backlog"),
      target: "",
      verdict: "not measured",
    });
    return rows;
  }
  const limit = FORWARDING.rateLimitPerSecond;
  rows.push(
    {
      area,
      metric: `backlog of ${backlog.orders.toLocaleString("en-US")}: drain rate`,
      value: `${perSecond(backlog.ordersPerSecond)} orders (${Math.round((backlog.ordersPerSecond / limit) * 100)}% of limit) over ${backlog.drainSeconds.toFixed(0)} s, best 10 s ${perSecond(backlog.peakTenSecondRate)}; ${perSecond(backlog.callsPerSecond)} calls`,
      target: `~ limit ${limit}/s`,
      verdict: verdict(backlog.ordersPerSecond >= limit * TARGETS.drainShareOfLimit),
    },
    {
      area,
      metric: "backlog: each order exactly once",
      value: `${backlog.drained}/${backlog.orders - backlog.rejectedWebhooks} created, ${backlog.missing} missing, ${backlog.duplicated} duplicated, ${backlog.rejectedWebhooks} webhooks refused`,
      target: "no losses",
      verdict: verdict(backlog.missing === 0 && backlog.duplicated === 0 && backlog.rejectedWebhooks === 0),
    },
  );
  return rows;
}

function rssRow(area: string, metric: string, figures: RssFigures | undefined, notRun: string, limitMb: number): Row {
  if (!figures) return { area, metric, value: notRun, target: `< ${limitMb} MB`, verdict: "not measured" };
  if (figures.peakMb === null)
    return { area, metric, value: "not measured (no /proc on this system)", target: `< ${limitMb} MB`, verdict: "not measured" };
  return {
    area,
    metric,
    value: `peak ${mb(figures.peakMb)} (high-water ${figures.highWaterMb === null ? "?" : mb(figures.highWaterMb)})`,
    target: `< ${limitMb} MB`,
    verdict: verdict(figures.peakMb < limitMb),
  };
}

function notRunText(results: EngineResults, phase: string): string {
  if (results.error) return "not measured: an earlier phase failed";
  return results.skipped?.includes(phase) ? "not run by default (`npm run bench -- --full`)" : "not run (--phases)";
}

function memoryRows(results: EngineResults): Row[] {
  const area = `Memory (${engineName(results.engine)})`;
  return [
    rssRow(
      area,
      "web process RSS under intake load (closed and open loop, outage intake)",
      maxRss(results.intake?.webRss, results.intake?.openLoopRss, results.backlog?.webRss),
      notRunText(results, "intake"),
      TARGETS.webRssMb,
    ),
    rssRow(
      area,
      "worker process RSS (outage intake + drain)",
      maxRss(results.backlog?.workerRss, results.backlog?.workerDrainRss),
      `${notRunText(results, "backlog")}: measured in the backlog phase`,
      TARGETS.workerRssMb,
    ),
  ];
}

function adminRows(admin: AdminResult | undefined): Row[] {
  const area = "Admin (100,000 orders)";
  const metric = "orders list and order detail server time; LCP/CLS";
  if (!admin) return [];
  if (admin.status === "absent") {
    return [
      {
        area,
        metric,
        value: `not measured: ${ADMIN_SCRIPT} does not exist yet`,
        target: `p95 < ${TARGETS.adminP95Ms} ms`,
        verdict: "not measured",
      },
    ];
  }
  if (admin.status === "failed") {
    return [
      {
        area,
        metric,
        value: `not measured: ${ADMIN_SCRIPT} failed (its output is below)`,
        target: `p95 < ${TARGETS.adminP95Ms} ms`,
        verdict: "not measured",
      },
    ];
  }
  return admin.figures.map((figure) => ({
    area,
    metric: figure.name,
    value: figure.value,
    target: figure.target,
    verdict: figure.verdict === null || figure.verdict === undefined ? "info" : verdict(figure.pass),
  }));
}

export function buildRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  for (const engine of results.engines) rows.push(...intakeRows(engine), ...forwardingRows(engine), ...memoryRows(engine));
  if (results.postgresSkipped) {
    rows.push({
      area: "PostgreSQL",
      metric: "intake, forwarding, memory",
      value: `not measured: ${results.postgresSkipped}`,
      target: "",
      verdict: "not measured",
    });
  }
  rows.push(...adminRows(results.admin));
  rows.push(...apiCostRows(results.apiCost));
  rows.push(...catalogueRows(results.catalogue));
  return rows;
}

const HEADERS = ["Area", "Metric", "Value", "Target", "Result"];
const cells = (row: Row) => [row.area, row.metric, row.value, row.target, row.verdict];

export function renderTable(rows: Row[]): string {
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...rows.map((row) => cells(row)[i].length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(HEADERS), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map((row) => line(cells(row)))].join("\n");
}

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

function markdownTable(rows: Row[]): string {
  return [
    `| ${HEADERS.join(" | ")} |`,
    `|${HEADERS.map(() => "---").join("|")}|`,
    ...rows.map(
      (row) =>
        `| ${cells(row)
          .map((cell, i) => (i === 4 && cell === "MISS" ? "**MISS**" : escapeCell(cell)))
          .join(" | ")} |`,
    ),
  ].join("\n");
}

const describeRss = (figures: RssFigures | undefined) =>
  !figures || figures.peakMb === null
    ? "not measured"
    : `RSS ${figures.startMb === null ? "?" : mb(figures.startMb)} at the start, peak ${mb(figures.peakMb)}, CPU ${figures.cpuPercent === null ? "?" : `${Math.round(figures.cpuPercent)}% of one core`}`;

function detailLines(results: BenchResults): string[] {
  const lines: string[] = [];
  for (const engine of results.engines) {
    const name = engineName(engine.engine);
    if (engine.intake) {
      const { app, baseline, driverBaseline, openLoop } = engine.intake;
      for (const [label, r] of [
        ["app", app],
        ["baseline (Prisma insert)", baseline],
        ["driver baseline", driverBaseline],
        [`app, open loop ${OPEN_LOOP.ratePerSecond}/s`, openLoop],
      ] as const) {
        lines.push(
          `- ${name} intake, ${label}: ${r.ok} answered 2xx in ${r.seconds.toFixed(1)} s; latency p50 ${ms(r.latency.p50)}, p90 ${ms(r.latency.p90)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}; statuses ${JSON.stringify(r.statuses)}${r.firstError ? `; first error: ${r.firstError}` : ""}`,
        );
      }
    }
    if (engine.intake) {
      lines.push(
        `- ${name} intake processes: app server ${describeRss(engine.intake.webRss)}; in the open loop ${describeRss(engine.intake.openLoopRss)}; baseline server ${describeRss(engine.intake.baselineRss)}`,
      );
      const cost = engine.intake.queryCost;
      if (cost) {
        lines.push(
          `- ${name}, one Prisma query at a time: ORM insert ${ms(cost.ormInsertMs)}, ORM read by key ${ms(cost.ormReadMs)}, raw INSERT of the same row ${ms(cost.rawInsertMs)}`,
        );
      }
    }
    for (const idle of engine.idle) {
      lines.push(
        `- ${name} idle forwarding, ${idle.mode}: ${idle.orders} orders; p50 ${ms(idle.delay.p50)}, p90 ${ms(idle.delay.p90)}, max ${ms(idle.delay.max)}, mean ${ms(idle.delay.mean)}`,
      );
    }
    if (engine.backlog) {
      const b = engine.backlog;
      lines.push(
        `- ${name} backlog: ${b.orders} webhooks sent during the outage in ${b.intake.seconds.toFixed(1)} s, ${perSecond(b.intake.perSecond)} (p50 ${ms(b.intake.latency.p50)}, p99 ${ms(b.intake.latency.p99)}, statuses ${JSON.stringify(b.intake.statuses)}${b.intake.firstError ? `, first error: ${b.intake.firstError}` : ""}); HyperSKU answered ${b.failedCallsDuringOutage} calls with 500 meanwhile; drain calls by operation ${JSON.stringify(b.callsByOperation)}${b.callLogTruncated ? " (the simulator's 10,000-entry call log overflowed: undercounted)" : ""}`,
        `- ${name} backlog processes: during the outage, web ${describeRss(b.webRss)}, worker ${describeRss(b.workerRss)}; during the drain, worker ${describeRss(b.workerDrainRss)}`,
      );
    }
    if (engine.error) lines.push(`- ${name}: a phase failed and the rest were skipped: ${engine.error.split("\n")[0]}`);
  }
  return lines;
}

const MEASUREMENT = `
- **Intake**: \`server.js\` (the production build, \`NODE_ENV=production\`, \`WORKER_MODE=off\` so only intake runs,
  \`LOG_LEVEL=info\`) on a fresh database with the shop installed and connected, so each delivery records the
  delivery, the order and its forwarding job as in production. ${INTAKE.connections} keep-alive connections in a closed
  loop (each sends its next request when the previous answer ends, no pipelining), ${INTAKE.warmupMs / 1000} s warm-up
  not counted, then ${INTAKE.durationMs / 1000} s measured. Every request is a realistic REST \`orders/create\` payload
  with its own order id, webhook id and event id, signed with HMAC-SHA256 like Shopify's. Latency is from
  sending the request to the end of the answer, as the load generator sees it.
- **Baseline**: \`scripts/bench/baseline-server.ts\`, a bare \`node:http\` server that verifies the same HMAC and
  headers and inserts the same \`WebhookDelivery\` row through Prisma with the same driver adapter as the app
  (SQLite: the app's own \`sqlite-adapter.server.ts\` over better-sqlite3; PostgreSQL: \`@prisma/adapter-pg\`),
  measured right after the app with the same load generator on a fresh copy of the same database. The
  ratio is app throughput / baseline throughput. The **driver baseline** is the same server inserting
  through the driver directly (a cached better-sqlite3 prepared statement; a \`pg\` pool's parameterised
  query): the ceiling for any receiver on this database, reported beside it.
- **Open loop**: a fresh \`server.js\` sent ${OPEN_LOOP.ratePerSecond} webhooks a second for ${OPEN_LOOP.durationMs / 1000} s (after ${OPEN_LOOP.warmupMs / 1000} s at the same rate, not
  counted), each at its due time on a free keep-alive connection or a new one, whatever earlier answers do;
  latency runs from the due time, so falling behind shows.
- **Forwarding, idle queue**: one order at a time, each waited for, then a random ${FORWARDING.idlePauseMs[0]}-${FORWARDING.idlePauseMs[1]} ms pause (at least a poll
  interval wide, so orders land at random points of a polling worker's cycle; ${FORWARDING.idleWarmupOrders} warm-up orders not counted), the
  HyperSKU simulator answering every call in ${FORWARDING.hyperskuLatencyMs} ms. Delay = the simulator's creation time of the order
  minus the moment the webhook's 200 arrived (one clock: the simulator runs in the benchmark process).
  Inline = the worker inside the web process (the one-process default); separate worker = \`worker.js\` next
  to a web process with \`WORKER_MODE=off\` (the several-process deployment). With ${FORWARDING.idleOrders} orders, p99 is their maximum.
- **Forwarding, backlog**: the simulator answers every call with HTTP 500 while ${FORWARDING.backlogOrders.toLocaleString("en-US")} orders arrive at ${INTAKE.connections}
  connections and a worker process keeps trying (failed attempts are scheduled for retry, as in a real
  outage); then it recovers (${FORWARDING.hyperskuLatencyMs} ms answers) and the drain is timed until the last order is created.
  Configured: \`HYPERSKU_RATE_LIMIT_PER_SECOND=${FORWARDING.rateLimitPerSecond}\` (chosen so the drain takes about a minute; HyperSKU
  publishes no limit), \`HYPERSKU_MAX_CONCURRENT_PER_SHOP=${FORWARDING.maxConcurrentPerShop}\`, \`WORKER_CONCURRENCY=${FORWARDING.workerConcurrency}\`, one worker process,
  one shop. The simulator is set to create duplicates, so a double send would show; every accepted order
  must exist exactly once. The outage is compressed to the time the 5,000 orders take to arrive.
- **Memory**: VmRSS of the process read from \`/proc/<pid>/status\` every 100 ms during the load; the peak is
  reported (VmHWM, the kernel's high-water mark, beside it). Web: during the intake benchmark and the
  backlog intake. Worker: during the backlog phase (outage intake, then the drain at full speed).
- **Admin**: \`${ADMIN_SCRIPT}\` (orders list and order detail server time with 100,000 orders, dashboard
  LCP/CLS), run by this script when it exists.
- **Shopify API cost**: \`${API_COST_SCRIPT}\`: requested Admin API points of one order's snapshot read
  (estimated from the vendored schema) and of its variant facts read (measured through the app's code
  against the Shopify twin on a fresh database), with what that allows per minute at the Standard
  plan's 100 points/s were the app doing nothing else.
- The load generator, the simulator and the servers share this machine's cores, for the app and the
  baseline alike.`;

export function renderMarkdown(results: BenchResults, rows: Row[]): string {
  const m = results.machine;
  return `# Benchmarks

Written by \`npm run bench\` (scripts/bench/), loopback only. Run on ${results.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC in ${Math.round(results.seconds)} s.
Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB memory, Node ${m.node}, ${m.platform}; load average ${m.loadAverage.toFixed(2)} when the run started.
Figures vary between runs and machines; compare ratios to the baseline, which ran in the same run.

${markdownTable(rows)}

## Closing note

${closingNotes(results, rows).join("\n\n")}

## How each figure is measured
${MEASUREMENT}

## Details

${detailLines(results).join("\n")}
${results.admin?.status === "ran" ? `\n### Output of ${ADMIN_SCRIPT}\n\n\`\`\`\n${results.admin.output}\n\`\`\`\n` : ""}${results.admin?.status === "failed" ? `\n### ${ADMIN_SCRIPT} failed\n\n\`\`\`\n${results.admin.error}\n\`\`\`\n` : ""}${results.apiCost?.status === "ran" ? `\n### Output of ${API_COST_SCRIPT}\n\n\`\`\`\n${results.apiCost.output}\n\`\`\`\n` : ""}`;
}
