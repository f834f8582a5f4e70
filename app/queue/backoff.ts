/**
 * Pure: how long a failed job waits before its next attempt.
 *
 * Exponential growth with full jitter above a floor: attempt n waits a random time between `baseMs`
 * and `baseMs * 2^n` (capped at `maxMs`). Jitter spreads the retries of many orders that failed in
 * the same HyperSKU outage, so they do not come back as one burst
 * (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/); the floor keeps a
 * retry from landing right on the heels of the failure. A server's Retry-After is a minimum.
 */
const DEFAULT_RETRY_BASE_MS = 5_000;
export const DEFAULT_RETRY_MAX_MS = 6 * 60 * 60 * 1000;

export interface RetryDelayInput {
  /** The attempt that just failed, counted from 1. */
  attempt: number;
  baseMs?: number;
  maxMs?: number;
  /** The upstream's own Retry-After, in milliseconds: the delay is never shorter (up to `maxMs`). */
  retryAfterMs?: number;
  /** Uniform in [0, 1); injectable for tests. */
  random?: () => number;
}

export function computeRetryDelayMs({
  attempt,
  baseMs = DEFAULT_RETRY_BASE_MS,
  maxMs = DEFAULT_RETRY_MAX_MS,
  retryAfterMs,
  random = Math.random,
}: RetryDelayInput): number {
  // Past 2^30 the cap has long been reached; bounding the exponent keeps the arithmetic finite.
  const exponent = Math.min(Math.max(1, Math.floor(attempt)), 30);
  const ceiling = Math.min(maxMs, baseMs * 2 ** exponent);
  const floor = Math.min(baseMs, ceiling);
  const jittered = floor + random() * (ceiling - floor);
  // A Retry-After longer than the cap is treated as the cap: one more early try costs one more 429.
  const delay = Math.max(jittered, retryAfterMs ?? 0);
  return Math.round(Math.min(maxMs, delay));
}
