/** Runs the app's worker in the test process until the queue has nothing left that is due. */
import prisma from "~/models/db/client.server";
import { createAppWorker } from "~/background.server";

/**
 * Drains the queue. With `fastForward`, jobs waiting for a backoff or hold are made due at once,
 * as if time had passed; jobs rescheduled beyond `horizonMs` (held work) are left alone.
 */
export async function drainQueue({ fastForward = true, maxRounds = 50, horizonMs = 3_600_000 } = {}) {
  const worker = createAppWorker({ workerId: "test-worker" });
  let ran = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    if (fastForward) {
      await prisma.job.updateMany({
        where: { status: "pending", runAt: { lte: new Date(Date.now() + horizonMs) } },
        data: { runAt: new Date(Date.now() - 1) },
      });
    }
    const count = await worker.runOnce();
    ran += count;
    if (count === 0) break;
  }
  return ran;
}
