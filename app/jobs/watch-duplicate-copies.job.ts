/** Looks for a late second copy at HyperSKU of an order sent again, cancels it, or flags the order. */
import { watchForDuplicateCopies } from "~/domain/orders/duplicate-copies.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.watchDuplicateCopies,
  subject: "order",
  retry: { maxAttempts: 12 },
  run: (job) => watchForDuplicateCopies(job.subjectId ?? ""),
});
