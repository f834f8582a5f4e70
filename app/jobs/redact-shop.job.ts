/** shop/redact: anonymises everything stored for a shop. */
import { redactShop } from "~/domain/privacy/redact.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.redactShop,
  subject: "shop",
  retry: { maxAttempts: 12 },
  run: async (job) => {
    await redactShop(job.subjectId ?? "");
    return { kind: "done" };
  },
});
