/**
 * Injected failures, per operation or for every API operation ("*"). A fault set for a named operation
 * takes precedence over "*". `times` limits a fault to the next N requests of its operation, counted
 * whether or not the error-rate dice fire, so "fail the next 2 calls" is exact with errorRate 1.
 */
import { z } from "zod";
import type { Rng } from "./rng";

export const faultSchema = z.strictObject({
  errorRate: z.number().min(0).max(1).optional(),
  latencyMs: z
    .union([z.number().nonnegative(), z.tuple([z.number().nonnegative(), z.number().nonnegative()])])
    .optional(),
  hang: z.boolean().optional(),
  commitThenTimeout: z.boolean().optional(),
  rateLimit: z.strictObject({ retryAfterSeconds: z.number().int().nonnegative() }).optional(),
  /** A business refusal (HTTP 200 envelope, or HTTP 422 when bare) with HyperSKU's own words. */
  reject: z.strictObject({ status: z.number().int(), message: z.string().min(1) }).optional(),
  times: z.number().int().positive().optional(),
});

export type Fault = z.infer<typeof faultSchema>;

/** What a request should suffer, decided once when it arrives. */
export interface FaultPlan {
  delayMs: number;
  hang: boolean;
  rateLimitSeconds?: number;
  serverError: boolean;
  commitThenTimeout: boolean;
  reject?: { status: number; message: string };
}

export class FaultRegistry {
  private faults = new Map<string, Fault>();

  set(operation: string, fault: Fault | null): void {
    if (fault === null) this.faults.delete(operation);
    else this.faults.set(operation, { ...fault });
  }

  clear(): void {
    this.faults.clear();
  }

  list(): Record<string, Fault> {
    return Object.fromEntries(this.faults);
  }

  /** Consumes one use of the matching fault (if any) and rolls its dice. */
  plan(operation: string, rng: Rng): FaultPlan | null {
    const key = this.faults.has(operation) ? operation : this.faults.has("*") ? "*" : null;
    if (key === null) return null;
    const fault = this.faults.get(key)!;
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.faults.delete(key);
      else fault.times -= 1;
    }
    const latency = fault.latencyMs ?? 0;
    const delayMs = Array.isArray(latency)
      ? rng.int(Math.min(latency[0], latency[1]), Math.max(latency[0], latency[1]))
      : latency;
    return {
      delayMs,
      hang: fault.hang ?? false,
      rateLimitSeconds: fault.rateLimit?.retryAfterSeconds,
      serverError: fault.errorRate !== undefined && fault.errorRate > 0 && rng.next() < fault.errorRate,
      commitThenTimeout: fault.commitThenTimeout ?? false,
      reject: fault.reject,
    };
  }
}
