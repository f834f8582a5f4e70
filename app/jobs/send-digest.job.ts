/** Mails a shop's notification digest when something new needs the merchant (at most one per interval). */
import { sendShopDigest } from "~/domain/notifications/send-digest.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.sendDigest,
  subject: "shop",
  retry: { maxAttempts: 12 },
  run: (job) => sendShopDigest(job.subjectId ?? ""),
});
