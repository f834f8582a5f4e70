/**
 * Injected failures, per operation or for every API operation ("*"). A fault set for a named operation
 * takes precedence over "*". `times` limits a fault to the next N requests of its operation, counted
 * whether or not the error-rate dice fire, so "fail the next 2 calls" is exact with errorRate 1.
 * `answer` and `commitAfterMs` shape what a create does and says, so they are accepted for
 * createOrderFromExternal only (simulator.ts checks that when the fault is set).
 */
import { z } from "zod";
import type { Rng } from "./rng";

const CREATE_ANSWERS = ["empty", "unrecognised", "oversized"] as const;
export type CreateAnswer = (typeof CREATE_ANSWERS)[number];
export type Quirks = NonNullable<Fault["quirks"]>;

const DEFAULT_OVERSIZED_BYTES = 50 * 1024 * 1024;

export const faultSchema = z
  .strictObject({
    errorRate: z.number().min(0).max(1).optional(),
    latencyMs: z.union([z.number().nonnegative(), z.tuple([z.number().nonnegative(), z.number().nonnegative()])]).optional(),
    hang: z.boolean().optional(),
    commitThenTimeout: z.boolean().optional(),
    rateLimit: z.strictObject({ retryAfterSeconds: z.number().int().nonnegative() }).optional(),
    /**
     * A business refusal with HyperSKU's own words: HTTP 200 envelope (or the bare style's 4xx), or the
     * given `httpStatus`, e.g. `{status: 403, httpStatus: 403, message}` for a bare HTTP 403.
     */
    reject: z
      .strictObject({
        status: z.number().int(),
        message: z.string().min(1),
        httpStatus: z.number().int().min(200).max(599).optional(),
      })
      .optional(),
    /** HTTP 404 with an HTML page, as a wrong path in front of the API would answer. */
    notFound: z.boolean().optional(),
    /** Create only: the order is stored, but the answer is `data: {}`, has the id elsewhere, or is huge. */
    answer: z.enum(CREATE_ANSWERS).optional(),
    /** Size of the `answer: "oversized"` body in bytes (streamed, never held in memory); default 50 MB. */
    oversizedBytes: z.number().int().positive().optional(),
    /** Create only: the order becomes visible this many ms after the request came; the request never answers. */
    commitAfterMs: z.number().int().nonnegative().optional(),
    /** Formats HyperSKU might use for fields the app does not need, applied to successful answers. */
    quirks: z
      .strictObject({
        createTime: z.enum(["space", "epoch-seconds", "epoch-ms"]).optional(),
        userIdAsNumber: z.boolean().optional(),
      })
      .optional(),
    times: z.number().int().positive().optional(),
  })
  .refine((fault) => fault.oversizedBytes === undefined || fault.answer === "oversized", {
    message: 'oversizedBytes needs answer: "oversized"',
    path: ["oversizedBytes"],
  });

/** Faults that only make sense for createOrderFromExternal. */
export const CREATE_ONLY_FAULTS = ["answer", "oversizedBytes", "commitAfterMs"] as const;

export type Fault = z.infer<typeof faultSchema>;

/** What a request should suffer, decided once when it arrives. */
export interface FaultPlan {
  delayMs: number;
  hang: boolean;
  rateLimitSeconds?: number;
  serverError: boolean;
  commitThenTimeout: boolean;
  reject?: { status: number; message: string; httpStatus?: number };
  notFound: boolean;
  answer?: CreateAnswer;
  oversizedBytes: number;
  commitAfterMs?: number;
  quirks?: Quirks;
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
    const delayMs = Array.isArray(latency) ? rng.int(Math.min(latency[0], latency[1]), Math.max(latency[0], latency[1])) : latency;
    return {
      delayMs,
      hang: fault.hang ?? false,
      rateLimitSeconds: fault.rateLimit?.retryAfterSeconds,
      serverError: fault.errorRate !== undefined && fault.errorRate > 0 && rng.next() < fault.errorRate,
      commitThenTimeout: fault.commitThenTimeout ?? false,
      reject: fault.reject,
      notFound: fault.notFound ?? false,
      answer: fault.answer,
      oversizedBytes: fault.oversizedBytes ?? DEFAULT_OVERSIZED_BYTES,
      commitAfterMs: fault.commitAfterMs,
      quirks: fault.quirks,
    };
  }
}
