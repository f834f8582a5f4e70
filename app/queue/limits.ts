/**
 * In-process limits per key (a shop): how many tasks run at once, and how many start per second.
 * They bound what one process does to one shop's HyperSKU account; across processes, the number
 * of worker processes multiplies them (the env settings say "per worker process").
 */

export interface KeyedConcurrencyLimiter {
  /** Runs `fn` once fewer than `maxPerKey` tasks of `key` are running; waiting tasks start in order. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Tasks of `key` running or waiting for a slot. */
  load(key: string): number;
  readonly maxPerKey: number;
}

export function createKeyedConcurrencyLimiter(maxPerKey: number): KeyedConcurrencyLimiter {
  if (!Number.isInteger(maxPerKey) || maxPerKey < 1) throw new RangeError("maxPerKey must be a positive integer");
  const slots = new Map<string, { active: number; waiting: (() => void)[] }>();

  async function run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const slot = slots.get(key) ?? { active: 0, waiting: [] };
    slots.set(key, slot);
    if (slot.active < maxPerKey) slot.active += 1;
    // A finishing task hands its slot straight to the next in line, so no newcomer can overtake.
    else await new Promise<void>((resolve) => slot.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = slot.waiting.shift();
      if (next) next();
      else if (--slot.active === 0) slots.delete(key);
    }
  }

  function load(key: string) {
    const slot = slots.get(key);
    return slot ? slot.active + slot.waiting.length : 0;
  }

  return { run, load, maxPerKey };
}

export interface KeyedRateLimiterOptions {
  ratePerSecond: number;
  /** Requests that may start at once after a quiet spell; defaults to one second's worth. */
  burst?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface KeyedRateLimiter {
  /** Resolves when `key` may make one more request. Callers are served in the order they asked. */
  acquire(key: string): Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket per key. A caller that finds the bucket empty reserves the next token (the balance
 * goes negative) and sleeps until it is due, so waiting callers are served first come, first served.
 */
export function createKeyedRateLimiter({
  ratePerSecond,
  burst = Math.max(1, ratePerSecond),
  now = Date.now,
  sleep = realSleep,
}: KeyedRateLimiterOptions): KeyedRateLimiter {
  if (!(ratePerSecond > 0)) throw new RangeError("ratePerSecond must be positive");
  if (!(burst >= 1)) throw new RangeError("burst must be at least 1");
  const buckets = new Map<string, { tokens: number; at: number }>();

  function refill(bucket: { tokens: number; at: number }, at: number) {
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) * ratePerSecond) / 1000);
    bucket.at = at;
  }

  async function acquire(key: string) {
    const at = now();
    let bucket = buckets.get(key);
    if (!bucket) {
      // Keys come and go (shops); forget the ones that are idle with a full bucket.
      if (buckets.size >= 1_000) {
        for (const [other, state] of buckets) {
          refill(state, at);
          if (state.tokens >= burst) buckets.delete(other);
        }
      }
      buckets.set(key, (bucket = { tokens: burst, at }));
    }
    refill(bucket, at);
    bucket.tokens -= 1;
    if (bucket.tokens < 0) await sleep(Math.ceil((-bucket.tokens * 1000) / ratePerSecond));
  }

  return { acquire };
}
