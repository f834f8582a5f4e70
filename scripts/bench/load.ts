/**
 * A small HTTP load generator: N connections kept alive, each sending its next request as soon as
 * the previous answer ends (closed loop, no pipelining), like autocannon without pipelining. Either
 * time-bounded (a warm-up whose requests are discarded, then a measured window) or count-bounded.
 * The app and its baseline are measured with this same loop, so its own cost cancels in the ratio.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { type LatencySummary, summarize } from "./stats";

export type PreparedRequest = { body: string; headers: Record<string, string> };

export interface LoadOptions<R extends PreparedRequest = PreparedRequest> {
  url: string;
  connections: number;
  next: () => R;
  /** Told every answer (status null: no answer), counted or not. */
  onResponse?: (request: R, status: number | null) => void;
  /** Time-bounded: requests started in the warm-up are not counted. */
  warmupMs?: number;
  durationMs?: number;
  /** Count-bounded: exactly this many requests, all counted. */
  totalRequests?: number;
  timeoutMs?: number;
}

export interface LoadResult {
  /** Requests answered 2xx within the measured window. */
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  perSecond: number;
  /** Milliseconds, of the 2xx answers in the window. */
  latency: LatencySummary;
  firstError?: string;
}

type Outcome = { status: number | null; error?: string };

function send(agent: http.Agent, url: URL, request: PreparedRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(
      { agent, method: "POST", hostname: url.hostname, port: url.port, path: url.pathname, headers: request.headers, timeout: timeoutMs },
      (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.once("error", (error) => resolve({ status: null, error: error.message }));
      },
    );
    req.once("timeout", () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.once("error", (error) => resolve({ status: null, error: error.message }));
    req.end(request.body);
  });
}

/** One request, for the paced sends of the forwarding benchmark. */
export async function sendOne(url: string, request: PreparedRequest, timeoutMs = 10_000): Promise<number> {
  const agent = new http.Agent({ keepAlive: false });
  const outcome = await send(agent, new URL(url), request, timeoutMs);
  agent.destroy();
  if (outcome.status === null) throw new Error(`request to ${url} failed: ${outcome.error}`);
  return outcome.status;
}

/** What both loops count of their answers: statuses, errors (the first one kept), 2xx latencies. */
function createTally() {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | undefined;
  return {
    record(outcome: Awaited<ReturnType<typeof send>>, latencyMs: number) {
      const key = outcome.status === null ? "network error" : String(outcome.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) latencies.push(latencyMs);
      else {
        errors += 1;
        firstError ??= outcome.error ?? `HTTP ${outcome.status}`;
      }
    },
    result(seconds: number): LoadResult {
      return {
        ok: latencies.length,
        errors,
        statuses,
        seconds,
        perSecond: latencies.length / seconds,
        latency: summarize(latencies),
        firstError,
      };
    },
  };
}

export async function runLoad<R extends PreparedRequest>(options: LoadOptions<R>): Promise<LoadResult> {
  const url = new URL(options.url);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  const countBounded = options.totalRequests !== undefined;
  const started = performance.now();
  const measureFrom = countBounded ? started : started + (options.warmupMs ?? 0);
  const measureUntil = countBounded ? Number.POSITIVE_INFINITY : measureFrom + (options.durationMs ?? 10_000);
  let issued = 0;
  const tally = createTally();
  let lastEnd = started;

  async function lane() {
    for (;;) {
      if (countBounded ? issued >= options.totalRequests! : performance.now() >= measureUntil) return;
      issued += 1;
      const request = options.next();
      const begin = performance.now();
      const outcome = await send(agent, url, request, timeoutMs);
      const end = performance.now();
      options.onResponse?.(request, outcome.status);
      if (begin < measureFrom || end > measureUntil) continue;
      lastEnd = Math.max(lastEnd, end);
      tally.record(outcome, end - begin);
    }
  }

  await Promise.all(Array.from({ length: options.connections }, lane));
  agent.destroy();
  return tally.result(((countBounded ? lastEnd : measureUntil) - measureFrom) / 1000);
}

export interface OpenLoopOptions {
  url: string;
  /** Requests started per second, whatever the answers do (Shopify sends at its own pace). */
  ratePerSecond: number;
  durationMs: number;
  next: () => PreparedRequest;
  timeoutMs?: number;
}

/**
 * Open loop: request i is due at start + i / rate and is sent then on a free keep-alive connection
 * (a new one when all are busy), however long earlier answers take. Latency runs from when the
 * request was due, so a server that falls behind shows it (no coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const total = Math.round((options.ratePerSecond * options.durationMs) / 1000);
  const interval = 1000 / options.ratePerSecond;
  const tally = createTally();
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = options.next();
    pending.push(send(agent, url, request, timeoutMs).then((outcome) => tally.record(outcome, performance.now() - due)));
  }
  await Promise.all(pending);
  agent.destroy();
  return tally.result((performance.now() - started) / 1000);
}
