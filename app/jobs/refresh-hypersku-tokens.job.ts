/** Refreshes the HyperSKU tokens about to expire, of every shop (queued every minute). */
import { refreshExpiringConnections } from "~/domain/connection/refresh.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.refreshHyperskuTokens,
  subject: "none",
  retry: { maxAttempts: 12 },
  run: async () => {
    await refreshExpiringConnections();
    return { kind: "done" };
  },
});
