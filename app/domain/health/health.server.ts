/**
 * What a load balancer or monitor needs to know, across all shops and without naming any: can the
 * database be read AND written (a full disk or a read-only database still answers SELECT 1), is
 * the queue being worked, how long has the oldest order waited to be sent. Bounded in time: a
 * database that does not answer is reported as such, never waited for (docs/decisions/0006).
 */
import { pingDatabase } from "~/models/database.server";
import { findOldestWaitingOrder } from "~/models/order.server";
import { getQueueStats, getQueueWarnings, probeQueueWrite } from "~/queue";
import { getStorageFault, StorageUnavailableError, type StorageFaultKind } from "~/models/storage-fault";

/** Past this, due jobs are waiting for a worker that is not claiming them ("degraded", still 200). */
const QUEUE_LAG_DEGRADED_MS = 5 * 60_000;
/** A job that failed for good within this window makes the answer "degraded". */
const RECENT_FAILURES_WINDOW_MS = 60 * 60_000;
/** The whole database part of the check must answer within this. */
const HEALTH_TIMEOUT_MS = 2_000;

type QueueHealth = { pending: number; running: number; failed: number; failedRecently: number; lagMs: number };

export type Health =
  | {
      status: "ok" | "degraded";
      database: "ok";
      /** Why "degraded", in plain words; empty when ok. */
      reasons: string[];
      queue: QueueHealth;
      oldestWaitingOrderAgeMs: number | null;
      checkedAt: string;
    }
  | { status: "down"; database: StorageFaultKind; reason: string; checkedAt: string };

async function readFacts(now: Date) {
  const [queue, warnings, oldest] = await Promise.all([
    getQueueStats(now),
    getQueueWarnings({ failedSince: new Date(now.getTime() - RECENT_FAILURES_WINDOW_MS), now }),
    findOldestWaitingOrder(now),
  ]);
  return { queue, warnings, oldest };
}

/** Rejects with a storage fault if `work` has not settled in `ms` (the work itself is left to finish). */
function withinTime<T>(work: Promise<T>, ms: number, describe: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageUnavailableError(describe())), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const minutes = (ms: number) => Math.round(ms / 60_000);

type Attempt = { facts: Awaited<ReturnType<typeof readFacts>> } | { error: unknown; step: string; timedOut: boolean };

async function attemptChecks(now: Date, timeoutMs: number): Promise<Attempt> {
  let step = "a read";
  const checks = (async () => {
    await pingDatabase();
    step = "a write";
    await probeQueueWrite(now);
    step = "the queue statistics";
    return readFacts(now);
  })();
  let timedOut = false;
  try {
    const facts = await withinTime(checks, timeoutMs, () => {
      timedOut = true;
      return `the database did not answer ${step} within ${timeoutMs} ms`;
    });
    return { facts };
  } catch (error) {
    return { error, step, timedOut };
  }
}

/** node-postgres's default pool size: at most this many pooled connections can be dead at once. */
const DEAD_CONNECTION_RETRIES = 10;

export async function checkHealth(now = new Date(), { timeoutMs = HEALTH_TIMEOUT_MS } = {}): Promise<Health> {
  const checkedAt = now.toISOString();
  const deadline = Date.now() + timeoutMs;
  let attempt = await attemptChecks(now, timeoutMs);
  // A pooled connection the server has just closed fails once, and is then replaced; the checks
  // run in parallel, so several such connections may be met: look again, up to the pool's size,
  // before calling the database unreachable (never after a timeout, so the answer stays bounded).
  for (
    let retries = 0;
    retries < DEAD_CONNECTION_RETRIES &&
    "error" in attempt &&
    !attempt.timedOut &&
    getStorageFault(attempt.error)?.kind === "unreachable" &&
    Date.now() < deadline;
    retries++
  ) {
    attempt = await attemptChecks(now, deadline - Date.now());
  }
  if ("error" in attempt) {
    const fault = getStorageFault(attempt.error) ?? { kind: "unreachable" as const, reason: `the database failed ${attempt.step}` };
    return { status: "down", database: fault.kind, reason: fault.reason, checkedAt };
  }

  const { queue, warnings, oldest } = attempt.facts;
  // A running job whose lease ran out is due again: nobody has picked it up since then.
  const expiredLeaseLagMs = warnings.oldestExpiredLeaseAt ? now.getTime() - warnings.oldestExpiredLeaseAt.getTime() : 0;
  const lagMs = Math.max(queue.lagMs, expiredLeaseLagMs);
  const reasons: string[] = [];
  if (lagMs > QUEUE_LAG_DEGRADED_MS) reasons.push(`due jobs have waited ${minutes(lagMs)} min: no worker is claiming them`);
  if (warnings.failedSince > 0) {
    reasons.push(
      `${warnings.failedSince} job${warnings.failedSince === 1 ? "" : "s"} failed for good in the last ${minutes(RECENT_FAILURES_WINDOW_MS)} min`,
    );
  }
  return {
    status: reasons.length ? "degraded" : "ok",
    database: "ok",
    reasons,
    queue: { pending: queue.pending, running: queue.running, failed: queue.failed, failedRecently: warnings.failedSince, lagMs },
    oldestWaitingOrderAgeMs: oldest ? now.getTime() - oldest.createdAt.getTime() : null,
    checkedAt,
  };
}

let inFlight: Promise<Health> | null = null;

/**
 * For the endpoint, which anyone may call as often as they like: callers arriving while a check
 * runs share its answer, so the write probe runs at most once at a time.
 */
export function getHealth(): Promise<Health> {
  inFlight ??= checkHealth().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
