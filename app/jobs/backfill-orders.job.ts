/** "Send past orders": the next step of the shop's running import (one run per shop at a time). */
import { runShopBackfillStep } from "~/domain/backfill/run-backfill.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.backfillOrders,
  subject: "shop",
  retry: { maxAttempts: 12 },
  run: (job) => runShopBackfillStep(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),
});
