/** Cancels at HyperSKU an order cancelled in Shopify, or flags the order. */
import { cancelCancelledOrderAtHypersku } from "~/domain/orders/cancel-at-hypersku.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.cancelAtHypersku,
  subject: "order",
  retry: { maxAttempts: 12 },
  run: (job) => cancelCancelledOrderAtHypersku(job.subjectId ?? ""),
});
