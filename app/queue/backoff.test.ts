import { describe, expect, it } from "vitest";
import { computeRetryDelayMs, DEFAULT_RETRY_MAX_MS } from "./backoff";

const low = () => 0;
// Math.random stays below 1; the upper end is used here to read the ceiling exactly.
const high = () => 1;

describe("computeRetryDelayMs", () => {
  it("grows exponentially: attempt n waits between base and base * 2^n", () => {
    expect(computeRetryDelayMs({ attempt: 1, random: low })).toBe(5_000);
    expect(computeRetryDelayMs({ attempt: 1, random: high })).toBe(10_000);
    expect(computeRetryDelayMs({ attempt: 3, random: high })).toBe(40_000);
    expect(computeRetryDelayMs({ attempt: 6, random: () => 0.5 })).toBe(5_000 + 0.5 * (320_000 - 5_000));
  });

  it("spreads retries of the same attempt (jitter)", () => {
    const delays = new Set(Array.from({ length: 50 }, () => computeRetryDelayMs({ attempt: 4 })));
    expect(delays.size).toBeGreaterThan(40);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(5_000);
      expect(delay).toBeLessThanOrEqual(80_000);
    }
  });

  it("is capped at maxMs, even for absurd attempt counts", () => {
    expect(computeRetryDelayMs({ attempt: 20, random: high })).toBe(DEFAULT_RETRY_MAX_MS);
    expect(computeRetryDelayMs({ attempt: 10_000, random: high })).toBe(DEFAULT_RETRY_MAX_MS);
    expect(computeRetryDelayMs({ attempt: 5, maxMs: 30_000, random: high })).toBe(30_000);
  });

  it("never waits less than Retry-After, up to the cap", () => {
    expect(computeRetryDelayMs({ attempt: 1, random: low, retryAfterMs: 120_000 })).toBe(120_000);
    expect(computeRetryDelayMs({ attempt: 1, random: high, retryAfterMs: 1_000 })).toBe(10_000);
    expect(computeRetryDelayMs({ attempt: 1, maxMs: 60_000, retryAfterMs: 3_600_000 })).toBe(60_000);
  });

  it("treats attempt 0 or below like the first attempt and honours a custom base", () => {
    expect(computeRetryDelayMs({ attempt: 0, random: high })).toBe(10_000);
    expect(computeRetryDelayMs({ attempt: 2, baseMs: 100, random: low })).toBe(100);
    expect(computeRetryDelayMs({ attempt: 2, baseMs: 100, random: high })).toBe(400);
  });
});
