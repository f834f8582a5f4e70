/**
 * The job worker: polls the queue, claims what it has room for, runs each job's definition and
 * records the outcome. Runs take the job (ids only), re-read their state and say what happened;
 * the worker owns claiming, leases, heartbeats, retries (by each definition's policy) and the
 * evidence left on the row.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Logger } from "~/logger.server";
import type { JobContext, JobDefinition, JobOutcome } from "./job";
import { createKeyedConcurrencyLimiter } from "./limits";
import { claimJobs, completeJob, extendLease, failJob, type Job, listDueShops, rescheduleJob, retryJob } from "./queue.server";

export interface WorkerOptions {
  /** One definition per type; a claimed job of another type fails, named. */
  jobs: readonly JobDefinition[];
  workerId?: string;
  concurrency: number;
  leaseMs: number;
  /** How often an idle worker looks for due jobs (default 1 s); `notify()` wakes it sooner. */
  pollIntervalMs?: number;
  perShopConcurrency: number;
  logger: Logger;
  now?: () => Date;
  /** Claim only these types (default: any; a job without a definition then fails, named). */
  types?: string[];
  /** Default: a third of the lease, so two heartbeats can fail before the lease runs out. */
  heartbeatIntervalMs?: number;
  /** How long `stop()` waits for running jobs by default. */
  stopTimeoutMs?: number;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for running jobs (up to the timeout) and leaves the rest to their lease. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Work was just queued: look now instead of at the next poll. */
  notify(): void;
  /** Claims one batch, runs it to the end and returns how many jobs it claimed (for tests and scripts). */
  runOnce(): Promise<number>;
}

class JobLeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} is no longer leased to this worker`);
    this.name = "JobLeaseLostError";
  }
}

interface Running {
  job: Job;
  controller: AbortController;
  started: boolean;
  /** The handler has returned: a heartbeat that finds the claim gone met the recorded result, not a lost lease. */
  finished?: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createWorker(options: WorkerOptions): Worker {
  const { concurrency, leaseMs, perShopConcurrency, logger } = options;
  const definitions = new Map<string, JobDefinition>();
  for (const definition of options.jobs) {
    if (definitions.has(definition.type)) throw new Error(`Two definitions of job type "${definition.type}"`);
    definitions.set(definition.type, definition);
  }
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const id = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const now = options.now ?? (() => new Date());
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? Math.max(100, Math.floor(leaseMs / 3));
  const log = logger.child({ workerId: id });
  const perShop = createKeyedConcurrencyLimiter(perShopConcurrency);
  const inFlight = new Map<string, Running>();
  const tasks = new Set<Promise<void>>();

  let started = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let beating = false;
  // After a stop that timed out, leftover jobs are left to their lease: no more heartbeats.
  let heartbeatsOff = false;

  function notify() {
    wakeRequested = true;
    wakeUp?.();
  }

  function waitForWork(ms: number) {
    if (wakeRequested) {
      wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        wakeRequested = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function beat() {
    if (beating) return;
    beating = true;
    try {
      for (const running of [...inFlight.values()]) {
        const { job, controller } = running;
        const kept = await extendLease(job.id, id, leaseMs, { attempts: job.attempts, now: now() }).catch((error) => {
          log.warn({ jobId: job.id, err: messageOf(error) }, "lease heartbeat failed; will try again");
          return true;
        });
        if (!kept && !controller.signal.aborted && !running.finished) {
          log.warn({ jobId: job.id, type: job.type, shop: job.shop, attempt: job.attempts }, "job lease lost");
          controller.abort(new JobLeaseLostError(job.id));
        }
      }
    } finally {
      beating = false;
    }
  }

  function updateHeartbeat() {
    if (inFlight.size > 0 && !heartbeat && !heartbeatsOff) {
      heartbeat = setInterval(() => void beat(), heartbeatIntervalMs);
      heartbeat.unref();
    } else if (inFlight.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  /** Records the handler's verdict, guarded by this claim; false when the claim was lost meanwhile. */
  async function record(job: Job, result: JobOutcome): Promise<boolean> {
    switch (result.kind) {
      case "done":
        return completeJob(job, now());
      case "retry":
        return (await retryJob(job, { error: result.error, retryAfterMs: result.retryAfterMs, runAt: result.runAt, now: now() })).applied;
      case "reschedule":
        return rescheduleJob(job, result.runAt, result.note);
      case "fail":
        return failJob(job, result.error, now());
    }
  }

  async function execute(running: Running) {
    const { controller } = running;
    const definition = definitions.get(running.job.type);
    // The definition's retry policy wins over the row's column (written at enqueue, kept in step).
    const job = definition ? { ...running.job, maxAttempts: definition.retry.maxAttempts } : running.job;
    const fields = { jobId: job.id, type: job.type, shop: job.shop, attempt: job.attempts };
    if (stopping) {
      // Claimed but not started before the stop: hand it back without counting the attempt.
      await rescheduleJob(job, now()).catch((error) => log.warn({ ...fields, err: messageOf(error) }, "could not hand back job"));
      return;
    }
    running.started = true;
    const startedAt = Date.now();
    let result: JobOutcome;
    if (job.attempts > job.maxAttempts) {
      // Its last allowed run never reported back (the worker crashed or was stopped mid-job).
      result = { kind: "fail", error: `Gave up after ${job.maxAttempts} attempts; the last one did not finish.` };
    } else if (!definition) {
      result = { kind: "fail", error: `No handler for job type "${job.type}" in this worker.` };
    } else {
      const context: JobContext = {
        signal: controller.signal,
        logger: log.child(fields),
        async extendLease() {
          if (!(await extendLease(job.id, id, leaseMs, { attempts: job.attempts, now: now() }))) {
            controller.abort(new JobLeaseLostError(job.id));
            throw new JobLeaseLostError(job.id);
          }
        },
      };
      try {
        result = await definition.run(job, context);
      } catch (error) {
        // Only the message: it becomes lastError, which merchants see; stacks stay out of it.
        result = { kind: "retry", error: messageOf(error) };
      }
    }
    running.finished = true;
    const durationMs = Date.now() - startedAt;
    try {
      const kept = await record(job, result);
      const outcome = { ...fields, durationMs, result: result.kind };
      if (!kept) log.warn(outcome, "job result discarded: its lease was lost to another claim");
      else if (result.kind === "done") log.info(outcome, "job done");
      else if (result.kind === "reschedule") log.info({ ...outcome, runAt: result.runAt }, "job rescheduled");
      else log.warn({ ...outcome, error: result.error }, `job ${result.kind === "retry" ? "will retry" : "failed"}`);
    } catch (error) {
      // The row stays running; once its lease runs out, another claim runs the job again.
      log.error({ ...fields, durationMs, result: result.kind, err: messageOf(error) }, "could not record job result");
    }
  }

  function dispatch(job: Job): Promise<void> {
    const previous = inFlight.get(job.id);
    // Only if this process stalled past its own lease and claimed the job again: the older run lost.
    if (previous) previous.controller.abort(new JobLeaseLostError(job.id));
    const running: Running = { job, controller: new AbortController(), started: false };
    inFlight.set(job.id, running);
    updateHeartbeat();
    const run = job.shop ? perShop.run(job.shop, () => execute(running)) : execute(running);
    const task = run
      .catch((error) => log.error({ jobId: job.id, err: messageOf(error) }, "job task crashed"))
      .finally(() => {
        if (inFlight.get(job.id) === running) inFlight.delete(job.id);
        tasks.delete(task);
        updateHeartbeat();
        notify();
      });
    tasks.add(task);
    return task;
  }

  /** Claims as much as there is room for, shop by shop so no shop exceeds its share here. */
  async function claimAndDispatch(): Promise<Promise<void>[]> {
    const dispatched: Promise<void>[] = [];
    let free = concurrency - inFlight.size;
    if (free <= 0) return dispatched;
    const busyShops = [...new Set([...inFlight.values()].map((r) => r.job.shop))].filter(
      (shop): shop is string => shop !== null && perShop.load(shop) >= perShopConcurrency,
    );
    const at = now();
    const shops = await listDueShops({ limit: free, types: options.types, excludeShops: busyShops, now: at });
    for (const shop of shops) {
      if (free <= 0 || stopping) break;
      const room = shop === null ? free : Math.min(free, perShopConcurrency - perShop.load(shop));
      if (room <= 0) continue;
      const jobs = await claimJobs({ workerId: id, limit: room, leaseMs, types: options.types, shop, now: now() });
      for (const job of jobs) dispatched.push(dispatch(job));
      free -= jobs.length;
    }
    return dispatched;
  }

  async function pollLoop() {
    let failures = 0;
    while (!stopping) {
      let claimed = 0;
      try {
        claimed = (await claimAndDispatch()).length;
        failures = 0;
      } catch (error) {
        failures += 1;
        log.error({ err: messageOf(error), failures }, "claiming jobs failed");
      }
      if (stopping) break;
      if (claimed > 0 && inFlight.size < concurrency) continue;
      await waitForWork(failures ? Math.min(30_000, pollIntervalMs * 2 ** failures) : pollIntervalMs);
    }
  }

  return {
    id,
    notify,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      heartbeatsOff = false;
      log.info({ concurrency, perShopConcurrency, leaseMs }, "worker started");
      loop = pollLoop();
    },
    async stop({ timeoutMs = options.stopTimeoutMs ?? 20_000 } = {}) {
      stopping = true;
      notify();
      await loop;
      const pending = [...tasks];
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        Promise.allSettled(pending).then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        const left = [...inFlight.values()];
        log.warn({ jobs: left.map((r) => r.job.id) }, "stopped with jobs still running; their leases will expire");
        for (const running of left) running.controller.abort(new Error("Worker stopping"));
      }
      heartbeatsOff = timedOut;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      started = false;
      log.info("worker stopped");
    },
    async runOnce() {
      const dispatched = await claimAndDispatch();
      await Promise.all(dispatched);
      return dispatched.length;
    },
  };
}
