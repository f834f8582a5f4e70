/** Pure: percentiles and rounding for the benchmark's figures. */

export type LatencySummary = { p50: number; p90: number; p99: number; max: number; mean: number; samples: number };

/** Nearest-rank percentile of an ascending array (the value at or above p% of the samples). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(values: number[]): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    samples: sorted.length,
  };
}

export const round = (value: number, digits = 1) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : Number.NaN);
