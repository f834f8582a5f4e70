/**
 * Records whether HyperSKU answers the shop's calls (health.ts reads it), in the database so every
 * process and a restart see the same outage. Every call goes through `withHyperskuAccess`, so the
 * hot path stays cheap: a process remembers what it last saw for `MEMO_MS` and writes only when the
 * state changes (failing starts, counted up to the outage threshold, ends), plus the "last
 * successful call" time at most once a minute.
 *
 * After an outage (OUTAGE_AFTER_FAILURES failures in a row) the call that ends it releases the
 * shop's backed-off forward jobs, so orders do not sit out long backoffs once HyperSKU is back; the
 * per-shop rate limit still paces them. Occasional failures of a flaky HyperSKU keep their backoff.
 */
import { JOB_TYPES, releaseShopJobs, wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { clearCallFailure, getCallHealthRecord, recordCallFailure, recordSuccessfulCall } from "~/models/hypersku-connection.server";
import { describeCallFailure, OUTAGE_AFTER_FAILURES } from "./health";

/** How long a process trusts what it last saw (another process may have changed it meanwhile). */
const MEMO_MS = 30_000;
const LAST_CALL_WRITE_MS = 60_000;

type Seen = { failing: boolean; countedOut: boolean; at: number };
const seen = new Map<string, Seen>();
const fresh = (memo: Seen | undefined, now: Date): memo is Seen => !!memo && now.getTime() - memo.at < MEMO_MS;

/** A HyperSKU call failed: when HyperSKU did not answer, the shop is (still) failing. */
export async function noteCallFailed(shop: string, error: unknown, now = new Date()) {
  const failure = describeCallFailure(error);
  if (!failure) return;
  const memo = seen.get(shop);
  if (fresh(memo, now) && memo.failing && memo.countedOut) return;
  const result = await recordCallFailure(shop, now, failure, OUTAGE_AFTER_FAILURES);
  seen.set(shop, { failing: true, countedOut: result === "unchanged", at: now.getTime() });
}

/** A HyperSKU call was answered: ends a failing period this process knows of or has not ruled out lately. */
export async function noteCallSucceeded(shop: string, now = new Date()) {
  const memo = seen.get(shop);
  if (fresh(memo, now) && !memo.failing) return;
  await endFailing(shop, now);
}

/**
 * HyperSKU certainly answers now (a create was accepted): end any failing period, whatever this
 * process remembers, and release the shop's backed-off sends if it was an outage.
 */
export async function endFailing(shop: string, now = new Date()) {
  const record = await getCallHealthRecord(shop);
  seen.set(shop, { failing: false, countedOut: false, at: now.getTime() });
  if (!record) return;
  if (!record.failingSince) {
    const last = record.lastSuccessfulCallAt?.getTime() ?? 0;
    if (now.getTime() - last >= LAST_CALL_WRITE_MS) await recordSuccessfulCall(shop, now);
    return;
  }
  const ended = await clearCallFailure(shop, record.failingSince, now);
  if (!ended) return;
  logger.info({ shop, failingSince: record.failingSince, failures: record.failedCallsInARow }, "HyperSKU answers again");
  if (record.failedCallsInARow < OUTAGE_AFTER_FAILURES) return;
  const released = await releaseShopJobs(shop, [JOB_TYPES.forwardOrder]);
  if (released > 0) wakeWorkers();
}

/** Tests: what a new process knows (nothing). */
export function forgetCallHealthMemo() {
  seen.clear();
}
