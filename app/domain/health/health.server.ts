/**
 * What a load balancer or monitor needs to know, across all shops and without naming any: is the
 * database reachable, how far behind is the queue, how long has the oldest order waited to be sent.
 */
import prisma from "~/db.server";
import { getQueueStats } from "~/jobs/queue.server";

/** Past this, the queue is considered behind (and the answer says "degraded", still 200). */
export const QUEUE_LAG_DEGRADED_MS = 5 * 60_000;

export type Health =
  | { status: "ok" | "degraded"; database: "ok"; queue: { pending: number; running: number; failed: number; lagMs: number }; oldestWaitingOrderAgeMs: number | null; checkedAt: string }
  | { status: "down"; database: "unreachable"; checkedAt: string };

export async function checkHealth(now = new Date()): Promise<Health> {
  try {
    await prisma.$queryRawUnsafe("SELECT 1");
  } catch {
    return { status: "down", database: "unreachable", checkedAt: now.toISOString() };
  }
  const [queue, oldest] = await Promise.all([
    getQueueStats(now),
    prisma.order.findFirst({
      where: { state: { in: ["scheduled", "sending"] }, OR: [{ forwardNotBefore: null }, { forwardNotBefore: { lte: now } }] },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
  ]);
  return {
    status: queue.lagMs > QUEUE_LAG_DEGRADED_MS ? "degraded" : "ok",
    database: "ok",
    queue: { pending: queue.pending, running: queue.running, failed: queue.failed, lagMs: queue.lagMs },
    oldestWaitingOrderAgeMs: oldest ? now.getTime() - oldest.createdAt.getTime() : null,
    checkedAt: now.toISOString(),
  };
}
