/**
 * Reads and redaction of Job rows outside the queue's own work (app/jobs owns enqueueing, claiming
 * and finishing them): whether an order's or a run's job exists, and erasing personal data from jobs.
 */
import type { Tx } from "./db-types";

/** The subject's jobs that recorded an error (which may quote personal data). */
export async function listJobsWithErrorFor(tx: Tx, subjectId: string) {
  return tx.job.findMany({ where: { subjectId, lastError: { not: null } } });
}

export async function scrubJobError(tx: Tx, id: string, lastError: string | null) {
  await tx.job.update({ where: { id }, data: { lastError } });
}

/** Cancels the subject's pending jobs (of one type, when given) and frees their unique keys. */
export async function cancelPendingJobsFor(tx: Tx, subjectId: string, type?: string) {
  await tx.job.updateMany({
    where: { subjectId, status: "pending", ...(type ? { type } : {}) },
    data: { status: "cancelled", uniqueKey: null, finishedAt: new Date() },
  });
}
