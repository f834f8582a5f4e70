/** Reads the store's catalogue and HyperSKU's side of it: the next step of the shop's running sync. */
import { runCatalogueSyncStep } from "~/domain/catalogue/sync.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.catalogueSync,
  subject: "shop",
  retry: { maxAttempts: 12 },
  run: (job) => runCatalogueSyncStep(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),
});
