/**
 * When a shop (re)connects, the orders held for it go out on their own: each is planned again
 * against the current rules and queued to run now.
 */
import prisma from "~/db.server";
import { JOB_TYPES } from "~/jobs/job-types";
import { releaseJobs } from "~/jobs/queue.server";
import { notifyWorkAvailable } from "~/jobs/wakeup";
import { logger } from "~/logger.server";
import { readSnapshot } from "~/models/order.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { planAndSchedule } from "./apply-snapshot.server";

export async function releaseHeldOrders(shopDomain: string, now = new Date()): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { domain: shopDomain } });
  if (!shop) return 0;
  const held = await prisma.order.findMany({ where: { shop: shopDomain, state: "held" }, select: { id: true, shopifyOrderId: true } });
  for (const { id, shopifyOrderId } of held) {
    await runOrderTransaction(async (tx) => {
      await lockOrder(tx, shopDomain, shopifyOrderId);
      // Re-read under the lock: a delivery may have changed the order since the list was read.
      const order = await tx.order.findUniqueOrThrow({ where: { id } });
      if (order.state === "held") await planAndSchedule(tx, shop, id, readSnapshot(order), now);
    });
  }
  await releaseJobs({ shop: shopDomain, type: JOB_TYPES.forwardOrder });
  notifyWorkAvailable();
  if (held.length > 0) logger.info({ shop: shopDomain, released: held.length }, "released held orders");
  return held.length;
}
