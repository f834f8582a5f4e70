/**
 * When to ask HyperSKU about an order next. Pure.
 *
 * HyperSKU publishes no events, so the app polls: each status's cadence is in the status table
 * (hypersku-status.ts, `pollEveryMs`), final states are never asked about again, and a code the
 * table does not know is asked about hourly.
 * Old orders are asked rarely whatever their status (after 3 weeks at most every 6 hours, after
 * 2 months daily) and not at all after 4 months: the merchant can still refresh one by hand.
 * A ±10% jitter keeps orders sent together from being asked together forever.
 */
import { getHyperskuStatusRow, isFinalStatus } from "~/domain/orders/hypersku-status";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNKNOWN_STATUS_MS = HOUR;

const SLOW_AFTER_MS = 21 * DAY;
const RARE_AFTER_MS = 60 * DAY;
const STOP_AFTER_MS = 120 * DAY;

/** The wait before the next look, or null when the order needs no more looks. */
export function syncIntervalMs(status: number | null, ageMs: number): number | null {
  if (isFinalStatus(status)) return null;
  if (ageMs >= STOP_AFTER_MS) return null;
  const base = getHyperskuStatusRow(status)?.pollEveryMs ?? UNKNOWN_STATUS_MS;
  if (ageMs >= RARE_AFTER_MS) return Math.max(base, DAY);
  if (ageMs >= SLOW_AFTER_MS) return Math.max(base, 6 * HOUR);
  return base;
}

export type NextSyncInput = {
  status: number | null;
  /** When the order reached HyperSKU (its age counts from then). */
  sentAt: Date | null;
  now: Date;
  /** Uniform in [0, 1); injectable for tests. */
  random?: () => number;
};

export function computeNextSyncAt({ status, sentAt, now, random = Math.random }: NextSyncInput): Date | null {
  const ageMs = sentAt ? Math.max(0, now.getTime() - sentAt.getTime()) : 0;
  const interval = syncIntervalMs(status, ageMs);
  if (interval === null) return null;
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return new Date(now.getTime() + Math.round(interval * jitter));
}

/** Why polling ended, for the order's timeline; null while it goes on. */
export function describeSyncStop(status: number | null, ageMs: number): string | null {
  if (isFinalStatus(status)) return null;
  if (ageMs >= STOP_AFTER_MS) {
    return "Stopped asking HyperSKU about this order: it was sent more than 4 months ago. Use “Refresh from HyperSKU” to check it once more.";
  }
  return null;
}
