/**
 * Fixed settings of the benchmark. Everything runs offline on 127.0.0.1 in demo mode (env
 * validation refuses demo mode anywhere else), so these public values protect nothing real.
 */
import { shopifyTwinEnv } from "../../simulators/harness/app-process";

export const BENCH_SHOP = "bench-shop.myshopify.com";
export const BENCH_API_KEY = "bench-api-key";
export const BENCH_API_SECRET = "bench-api-secret";
export const HYPERSKU_CLIENT_ID = "bench-hypersku-client";
export const HYPERSKU_CLIENT_SECRET = "bench-hypersku-secret";
export const TOKEN_ENCRYPTION_KEYS = "bench:" + Buffer.alloc(32, 11).toString("base64");
/** The app URL the shop was "connected" from; the simulator's registered callback derives from it. */
export const CONNECT_APP_URL = "http://127.0.0.1:3000";

/** Load and durations (the issue: 50 connections; a few minutes for the whole run). */
export const INTAKE = { connections: 50, warmupMs: 3_000, durationMs: 15_000 };

/** The open loop (the issue: 200 webhooks/s for 30 s), after a short warm-up at the same rate. */
export const OPEN_LOOP = { ratePerSecond: 200, durationMs: 30_000, warmupMs: 3_000 };

/**
 * Forwarding configuration. HyperSKU publishes no rate limit; 100 requests/s per shop is set so a
 * 5,000-order backlog drains in about a minute. By Little's law, 100/s with a 50 ms answer plus the
 * app's own database work (~30-50 ms per order on SQLite) needs ~8-10 calls in flight, hence 10.
 */
export const FORWARDING = {
  hyperskuLatencyMs: 50,
  rateLimitPerSecond: 100,
  maxConcurrentPerShop: 10,
  workerConcurrency: 10,
  idleOrders: 25,
  idleWarmupOrders: 3,
  /**
   * Random pauses between idle orders at least a whole poll interval wide (WORKER_POLL_MS, up to 1 s),
   * so each order lands at a random point of a polling worker's cycle, as independent real orders do
   * (a narrower range falls into step with the cycle, which restarts when the previous order is done).
   */
  idlePauseMs: [200, 1200] as [number, number],
  backlogOrders: 5_000,
  drainTimeoutMs: 240_000,
};

export type WorkerMode = "inline" | "off";

/**
 * The environment of an offline production process (server.js or worker.js), as
 * simulators/harness/app-process.ts builds it; it serves webhooks only, so no App Bridge.
 */
export function appEnv(input: {
  port?: number;
  databaseUrl: string;
  hyperskuUrl: string;
  workerMode: WorkerMode;
  /** The Shopify Admin twin the process asks before sending an order (routing, variant facts). */
  shopifyUrl?: string;
}): NodeJS.ProcessEnv {
  const port = input.port ?? 3000;
  return {
    ...process.env,
    ...(input.shopifyUrl ? shopifyTwinEnv(input.shopifyUrl) : {}),
    NODE_ENV: "production",
    APP_MODE: "demo",
    HOST: "127.0.0.1",
    PORT: String(port),
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    SHOPIFY_API_KEY: BENCH_API_KEY,
    SHOPIFY_API_SECRET: BENCH_API_SECRET,
    TOKEN_ENCRYPTION_KEYS,
    DATABASE_URL: input.databaseUrl,
    // The production default: what a deployed process would log.
    LOG_LEVEL: "info",
    HYPERSKU_CLIENT_ID,
    HYPERSKU_CLIENT_SECRET,
    HYPERSKU_API_URL: input.hyperskuUrl,
    HYPERSKU_AUTHORIZE_URL: `${input.hyperskuUrl}/application/auth`,
    HYPERSKU_TIMEOUT_MS: "5000",
    HYPERSKU_RATE_LIMIT_PER_SECOND: String(FORWARDING.rateLimitPerSecond),
    HYPERSKU_MAX_CONCURRENT_PER_SHOP: String(FORWARDING.maxConcurrentPerShop),
    WORKER_CONCURRENCY: String(FORWARDING.workerConcurrency),
    WORKER_MODE: input.workerMode,
    // The bench's orders are for generated products no catalogue holds: with the catalogue synced they
    // would wait as "needs sourcing" (docs/decisions/0027). Its own part measures the catalogue.
    CATALOGUE_SYNC_HOURS: "0",
  };
}
