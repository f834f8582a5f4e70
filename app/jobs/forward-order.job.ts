/** Sends one order to HyperSKU; forward-failures.server.ts turns failures into merchant-facing state. */
import { forwardOrder } from "~/domain/orders/forward-order.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.forwardOrder,
  subject: "order",
  retry: { maxAttempts: 12 },
  run: (job) => forwardOrder(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),
});
