/** Passes a shipping address changed in Shopify on to HyperSKU, or flags the order. */
import { changeAddressAtHypersku } from "~/domain/orders/address-change.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.changeAddress,
  subject: "order",
  retry: { maxAttempts: 12 },
  run: (job) => changeAddressAtHypersku(job.subjectId ?? ""),
});
