/**
 * When a shop (re)connects, the orders held for it go out on their own: each is planned again
 * against the current rules and queued to run now. Work on orders already at HyperSKU that waited
 * for the connection (address changes, cancellations) runs now too.
 */
import prisma from "~/db.server";
import { forwardOrderKey, JOB_TYPES } from "~/jobs/job-types";
import { enqueueJob, releaseJobs } from "~/jobs/queue.server";
import { notifyWorkAvailable } from "~/jobs/wakeup";
import { logger } from "~/logger.server";
import { readSnapshot } from "~/models/order.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { planAndSchedule } from "./apply-snapshot.server";

/** Jobs that wait (are rescheduled) while a shop is not connected or the app is uninstalled. */
const RELEASED_ON_CONNECT = [JOB_TYPES.forwardOrder, JOB_TYPES.changeAddress, JOB_TYPES.cancelAtHypersku];

export async function releaseHeldOrders(shopDomain: string, now = new Date()): Promise<number> {
  const shop = await prisma.shop.findUnique({ where: { domain: shopDomain } });
  // Still uninstalled: nothing can go out yet; the reinstall calls this again if it is connected.
  if (!shop || shop.uninstalledAt) return 0;
  const held = await prisma.order.findMany({ where: { shop: shopDomain, state: "held" }, select: { id: true, shopifyOrderId: true } });
  for (const { id, shopifyOrderId } of held) {
    await runOrderTransaction(async (tx) => {
      await lockOrder(tx, shopDomain, shopifyOrderId);
      // Re-read under the lock: a delivery may have changed the order since the list was read.
      const order = await tx.order.findUniqueOrThrow({ where: { id } });
      if (order.state !== "held") return;
      if (order.createOutcomeUnknown) {
        // An earlier create may have landed: not planned again here (a plan could skip or cancel an
        // order HyperSKU has). The forward job asks HyperSKU first, then decides.
        await tx.order.update({ where: { id }, data: { state: "scheduled", stateCode: null, stateReason: null } });
        await enqueueJob(tx, { type: JOB_TYPES.forwardOrder, shop: shopDomain, subjectId: id, uniqueKey: forwardOrderKey(id), runAt: now });
      } else {
        await planAndSchedule(tx, shop, id, readSnapshot(order), now);
      }
    });
  }
  for (const type of RELEASED_ON_CONNECT) await releaseJobs({ shop: shopDomain, type });
  notifyWorkAvailable();
  if (held.length > 0) logger.info({ shop: shopDomain, released: held.length }, "released held orders");
  return held.length;
}
