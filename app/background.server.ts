/**
 * Background work beside (or instead of) the web server: the job worker with the app's jobs,
 * and the scheduler of recurring jobs. The production server and `worker.js` call
 * `startBackgroundWork` through the build's entry module, so both run the same bundle.
 * Returns a function that stops the work gracefully.
 */
import { env } from "./env.server";
import { jobDefinitions } from "./jobs/index.server";
import { scheduleRecurringJobs, TOKEN_REFRESH_EVERY_MS } from "./jobs/schedule.server";
import { logger } from "./logger.server";
import { createWorker, onWorkAvailable } from "./queue";

type StopBackgroundWork = () => Promise<void>;

export function createAppWorker(options: { workerId?: string } = {}) {
  return createWorker({
    jobs: jobDefinitions,
    workerId: options.workerId,
    concurrency: env.WORKER_CONCURRENCY,
    leaseMs: env.JOB_LEASE_SECONDS * 1000,
    pollIntervalMs: env.WORKER_POLL_MS,
    perShopConcurrency: env.HYPERSKU_MAX_CONCURRENT_PER_SHOP,
    logger,
  });
}

/** `role: "web"` (server.js) honours WORKER_MODE; `role: "worker"` (worker.js) always works. */
export function startBackgroundWork({ role = "web" }: { role?: "web" | "worker" } = {}): StopBackgroundWork {
  if (role === "web" && env.WORKER_MODE === "off") {
    logger.info("job worker not started in the web process (WORKER_MODE=off); run `npm run worker`");
    return async () => {};
  }
  const worker = createAppWorker();
  const unsubscribe = onWorkAvailable(() => worker.notify());
  const schedule = () => scheduleRecurringJobs().catch((error) => logger.error({ err: error }, "scheduling recurring jobs failed"));
  void schedule();
  const timer = setInterval(schedule, TOKEN_REFRESH_EVERY_MS);
  timer.unref();
  worker.start();
  logger.info({ role }, "job worker started");
  return async () => {
    clearInterval(timer);
    unsubscribe();
    await worker.stop();
  };
}
