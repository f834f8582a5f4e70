/**
 * Forwarding: from an accepted webhook to the order created at HyperSKU (the simulator, answering
 * every call in 50 ms).
 *
 * - Idle queue: orders sent one at a time with a pause, each waited for at the simulator. The delay
 *   is the simulator's `createTime` of the order (stamped when it creates it, after its 50 ms) minus
 *   the moment the webhook's 200 arrived; both clocks are this process's (the simulator runs here).
 *   Measured with the worker inside the web process (WORKER_MODE=inline, the one-process default,
 *   woken by the webhook) and as a separate `worker.js` (WORKER_MODE=off on the web process, the
 *   several-process deployment), which finds work by polling.
 * - Backlog: HyperSKU "down" (every call answered 500) while 5,000 orders arrive at 50 connections
 *   and a worker process keeps trying (failed attempts are scheduled for retry, as in a real
 *   outage); then HyperSKU recovers and we time the drain until every order exists at the
 *   simulator, then check each exactly once (the simulator is set to create duplicates, so a
 *   double send would show).
 */
import { startShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { getFreePort } from "../../simulators/harness/app-process";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import type { BenchDatabases } from "./databases";
import { type LoadResult, runLoad, sendOne } from "./load";
import { type RssFigures, sampleRss } from "./memory";
import { type RunningProcess, startAppProcess } from "./processes";
import { appEnv, BENCH_API_SECRET, BENCH_SHOP, FORWARDING, INTAKE, type WorkerMode } from "./settings";
import { type LatencySummary, summarize } from "./stats";
import { createDeliveryFactory, type SignedDelivery, WEBHOOK_PATH } from "./webhooks";

const log = (message: string) => console.log(`  - ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Deployment = { server: RunningProcess; worker?: RunningProcess; url: string; shopify: { close: () => Promise<void> } };

async function startDeployment(databaseUrl: string, simulator: HyperskuSimulator, mode: WorkerMode): Promise<Deployment> {
  const port = await getFreePort();
  // Each send asks Shopify where its lines ship from: the Shopify twin answers, for the deployment's life.
  const shopify = await startShopifyAdminServer();
  const env = appEnv({ port, databaseUrl, hyperskuUrl: simulator.url, workerMode: mode, shopifyUrl: shopify.url });
  try {
    const server = await startAppProcess("server", env, "app listening");
    if (mode === "inline") return { server, url: `http://127.0.0.1:${port}`, shopify };
    try {
      const worker = await startAppProcess("worker", env, "worker process started");
      return { server, worker, url: `http://127.0.0.1:${port}`, shopify };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await shopify.close();
    throw error;
  }
}

async function stopDeployment(deployment: Deployment) {
  await Promise.all([deployment.server.stop(), deployment.worker?.stop()]);
  await deployment.shopify.close();
}

/** storeOrderId -> createTime (ms) of every order at the simulator, among `ids` when given. */
function createdAtSimulator(simulator: HyperskuSimulator, ids?: Set<string>): Map<string, number[]> {
  const created = new Map<string, number[]>();
  for (const order of simulator.control.orders()) {
    const id = order.orderBaseInfo.storeOrderId;
    if (ids && !ids.has(id)) continue;
    created.set(id, [...(created.get(id) ?? []), Date.parse(order.orderBaseInfo.createTime)]);
  }
  return created;
}

/** The highest count of events in any window of `windowMs`, per second. */
function peakRate(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let start = 0, end = 0; end < sorted.length; end += 1) {
    while (sorted[end] - sorted[start] >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best / (windowMs / 1000);
}

export type IdleResult = { mode: "inline" | "separate worker"; orders: number; delay: LatencySummary };

export async function measureIdleForwarding(
  databases: BenchDatabases,
  simulator: HyperskuSimulator,
  mode: WorkerMode,
): Promise<IdleResult> {
  const label = mode === "inline" ? "inline" : "separate worker";
  const { idleOrders, idleWarmupOrders, idlePauseMs, hyperskuLatencyMs } = FORWARDING;
  const [minPause, maxPause] = idlePauseMs;
  log(`idle queue, ${label}: ${idleOrders} orders one at a time (+${idleWarmupOrders} warm-up), ${minPause}-${maxPause} ms apart`);
  simulator.control.setFault("*", { latencyMs: hyperskuLatencyMs });
  const deployment = await startDeployment(await databases.fresh(`idle_${mode}`), simulator, mode);
  const next = createDeliveryFactory({ secret: BENCH_API_SECRET, shop: BENCH_SHOP });
  const delays: number[] = [];
  try {
    for (let i = 0; i < idleWarmupOrders + idleOrders; i += 1) {
      const delivery = next();
      const status = await sendOne(deployment.url + WEBHOOK_PATH, delivery);
      const acceptedAt = Date.now();
      if (status !== 200) throw new Error(`webhook answered ${status}:\n${deployment.server.output().slice(-2000)}`);
      const ids = new Set([delivery.shopifyOrderId]);
      const deadline = acceptedAt + 20_000;
      let createdAt: number | undefined;
      while (createdAt === undefined) {
        if (Date.now() > deadline) {
          throw new Error(
            `order ${delivery.shopifyOrderId} did not reach the simulator in 20 s:\n${(deployment.worker ?? deployment.server).output().slice(-3000)}`,
          );
        }
        await sleep(5);
        createdAt = createdAtSimulator(simulator, ids).get(delivery.shopifyOrderId)?.[0];
      }
      if (i >= idleWarmupOrders) delays.push(createdAt - acceptedAt);
      await sleep(minPause + Math.random() * (maxPause - minPause));
    }
  } finally {
    await stopDeployment(deployment);
    simulator.control.setFault("*", null);
  }
  return { mode: label, orders: delays.length, delay: summarize(delays) };
}

export type BacklogResult = {
  orders: number;
  intake: LoadResult;
  /** Calls HyperSKU answered with an error during the outage (the worker kept trying). */
  failedCallsDuringOutage: number;
  drained: number;
  drainSeconds: number;
  ordersPerSecond: number;
  /** The most orders created in any 10 s of the drain, per second: the pace when work was due. */
  peakTenSecondRate: number;
  /** HyperSKU calls during the drain, by operation, and per second (the limit counts calls). */
  callsByOperation: Record<string, number>;
  callsPerSecond: number;
  /** The simulator's request log keeps the last 10,000 calls; true when the drain overflowed it. */
  callLogTruncated: boolean;
  duplicated: number;
  missing: number;
  rejectedWebhooks: number;
  /** Web and worker while the backlog arrives (outage), and while it drains. */
  webRss: RssFigures;
  workerRss: RssFigures;
  workerDrainRss: RssFigures;
};

export async function measureBacklog(
  databases: BenchDatabases,
  simulator: HyperskuSimulator,
  backlogOrders = FORWARDING.backlogOrders,
): Promise<BacklogResult> {
  const { hyperskuLatencyMs, drainTimeoutMs, rateLimitPerSecond } = FORWARDING;
  log(`backlog: ${backlogOrders} orders accepted while HyperSKU is down (every call answered 500), worker running`);
  simulator.control.configure({ duplicateCreate: "create-duplicate" });
  simulator.control.setFault("*", { errorRate: 1 });
  const deployment = await startDeployment(await databases.fresh("backlog"), simulator, "off");
  const webSampler = sampleRss(deployment.server.pid);
  const workerSampler = sampleRss(deployment.worker!.pid);
  let drainSampler: ReturnType<typeof sampleRss> | undefined;
  const accepted = new Set<string>();
  let rejectedWebhooks = 0;
  try {
    const intake = await runLoad<SignedDelivery>({
      url: deployment.url + WEBHOOK_PATH,
      connections: INTAKE.connections,
      totalRequests: backlogOrders,
      next: createDeliveryFactory({ secret: BENCH_API_SECRET, shop: BENCH_SHOP }),
      onResponse: (delivery, status) => (status === 200 ? accepted.add(delivery.shopifyOrderId) : (rejectedWebhooks += 1)),
    });
    const failedCallsDuringOutage = simulator.control.requests().filter((r) => r.fault === "errorRate").length;
    const webRss = webSampler.stop();
    const workerRss = workerSampler.stop();
    drainSampler = sampleRss(deployment.worker!.pid);

    simulator.control.setFault("*", { latencyMs: hyperskuLatencyMs });
    const recoveredAt = Date.now();
    log(`HyperSKU back (${hyperskuLatencyMs} ms answers); draining at up to ${rateLimitPerSecond} calls/s`);
    let created = createdAtSimulator(simulator, accepted);
    while (created.size < accepted.size && Date.now() - recoveredAt < drainTimeoutMs) {
      await sleep(1_000);
      created = createdAtSimulator(simulator, accepted);
    }
    // A duplicate send would show up within moments of the last order: give it the chance.
    const workerDrainRss = drainSampler.stop();
    await sleep(2_000);
    created = createdAtSimulator(simulator, accepted);
    const lastCreatedAt = Math.max(recoveredAt, ...[...created.values()].flat());
    const drainSeconds = (lastCreatedAt - recoveredAt) / 1000;

    const calls = simulator.control.requests();
    const drainCalls = calls.filter((r) => Date.parse(r.at) >= recoveredAt && Date.parse(r.at) <= lastCreatedAt && r.operation);
    const callsByOperation: Record<string, number> = {};
    for (const call of drainCalls) callsByOperation[call.operation!] = (callsByOperation[call.operation!] ?? 0) + 1;
    return {
      orders: backlogOrders,
      intake,
      failedCallsDuringOutage,
      drained: created.size,
      drainSeconds,
      ordersPerSecond: created.size / drainSeconds,
      peakTenSecondRate: peakRate(
        [...created.values()].map((times) => times[0]),
        10_000,
      ),
      callsByOperation,
      callsPerSecond: drainCalls.length / drainSeconds,
      callLogTruncated: calls.length >= 10_000 && Date.parse(calls[0].at) > recoveredAt,
      duplicated: [...created.values()].filter((times) => times.length > 1).length,
      missing: accepted.size - created.size,
      rejectedWebhooks,
      webRss,
      workerRss,
      workerDrainRss,
    };
  } finally {
    webSampler.stop();
    workerSampler.stop();
    drainSampler?.stop();
    await stopDeployment(deployment);
    simulator.control.setFault("*", null);
  }
}
