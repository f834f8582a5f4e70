/** Asks HyperSKU about a shop's due orders (status, parcels). */
import { runShopSync } from "~/domain/tracking/sync-orders.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.syncOrders,
  subject: "shop",
  retry: { maxAttempts: 12 },
  run: (job) => runShopSync(job.subjectId ?? ""),
});
