/**
 * The contract between the queue and the work it runs. A job is a type and a subject (the id its
 * run re-reads state from); `defineJob` declares, in one place per type, what its subject is, how
 * often it may be tried, and what one run does.
 */
import type { Job } from "@prisma/client";
import type { Logger } from "~/logger.server";

/** What a run tells the queue to do next: the one result type of every job. */
export type JobOutcome =
  | { kind: "done" }
  /** `runAt`: the run chose the next attempt itself (e.g. to show it to the merchant). */
  | { kind: "retry"; error: string; retryAfterMs?: number; runAt?: Date }
  /** Waiting, not failing: back to pending at `runAt` without using up an attempt. */
  | { kind: "reschedule"; runAt: Date; note?: string }
  | { kind: "fail"; error: string };

export interface JobContext {
  /** Aborted when this worker lost the job's lease or is stopping past its grace period. */
  signal: AbortSignal;
  /** Renews the lease now (the worker also does so on its own); throws if the lease was lost. */
  extendLease(): Promise<void>;
  logger: Logger;
}

interface RetryPolicy {
  /** Runs in all; the worker fails the job after the last one (the backoff is backoff.ts's). */
  maxAttempts: number;
}

export type JobRun = (job: Job, context: JobContext) => Promise<JobOutcome>;

export interface JobDefinition<Type extends string = string> {
  type: Type;
  /**
   * What `subjectId` names ("order", "shop", ...; "none": one job of this type at a time). The
   * queue holds at most one pending or running job per (type, subject).
   */
  subject: string;
  retry: RetryPolicy;
  run: JobRun;
}

export function defineJob<Type extends string>(definition: JobDefinition<Type>): JobDefinition<Type> {
  if (!Number.isInteger(definition.retry.maxAttempts) || definition.retry.maxAttempts < 1) {
    throw new RangeError(`Job "${definition.type}": retry.maxAttempts must be a positive integer`);
  }
  return definition;
}

/** The unique key of (type, subject): one pending or running job holds it at a time. */
export const jobKey = (type: string, subjectId?: string | null) => (subjectId ? `${type}:${subjectId}` : type);
