/** After a redaction: rebuilds the SQLite file so erased values leave its free space too. */
import { compactDatabase } from "~/domain/privacy/redact.server";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.compactDatabase,
  subject: "none",
  retry: { maxAttempts: 12 },
  run: async () => {
    await compactDatabase();
    return { kind: "done" };
  },
});
