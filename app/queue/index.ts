/**
 * The durable job queue as a package (docs/decisions/0014): the app's code reaches it only through
 * this file. It knows nothing of the app's job types; app/jobs/ declares them with `defineJob`.
 */
export { computeRetryDelayMs } from "./backoff";
export { defineJob, jobKey, type JobOutcome, type JobRun } from "./job";
/** @public the type of a declared job, part of the API docs/decisions/0014 lists; the app's jobs infer it. */
export type { JobDefinition } from "./job";
export { createKeyedConcurrencyLimiter, createKeyedRateLimiter } from "./limits";
export {
  cancelJobs,
  type Db,
  enqueue,
  findJob,
  getQueueStats,
  getQueueWarnings,
  prepareEnqueueOfNewSubject,
  probeQueueWrite,
  releaseJobs,
} from "./queue.server";
export { onWorkAvailable, wakeWorkers } from "./wakeup";
export { createWorker } from "./worker.server";
