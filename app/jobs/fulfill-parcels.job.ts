/** Makes the Shopify fulfillments and tracking updates of an order's parcels. */
import { fulfillOrderParcels } from "~/domain/tracking/fulfill-parcels.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.fulfillParcels,
  subject: "order",
  retry: { maxAttempts: 12 },
  run: (job) => fulfillOrderParcels(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),
});
