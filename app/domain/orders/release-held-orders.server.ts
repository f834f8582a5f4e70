/**
 * When a shop (re)connects, the orders held for it go out on their own: each is planned again
 * against the current rules and queued to run now. Work on orders already at HyperSKU that waited
 * for the connection (address changes, cancellations) runs now too.
 */
import { enqueue, JOB_TYPES, releaseShopJobs, wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { getOrderOrThrow, listHeldOrders, readSnapshot, setOrderPlan } from "~/models/order.server";
import { getShop } from "~/models/shop.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { planAndSchedule } from "./apply-snapshot.server";

/** Jobs that wait (are rescheduled) while a shop is not connected or the app is uninstalled. */
const RELEASED_ON_CONNECT = [JOB_TYPES.forwardOrder, JOB_TYPES.changeAddress, JOB_TYPES.cancelAtHypersku];

export async function releaseHeldOrders(shopDomain: string, now = new Date()): Promise<number> {
  const shop = await getShop(shopDomain);
  // Still uninstalled: nothing can go out yet; the reinstall calls this again if it is connected.
  if (!shop || shop.uninstalledAt) return 0;
  const held = await listHeldOrders(shopDomain);
  for (const { id, shopifyOrderId } of held) {
    await runOrderTransaction(async (tx) => {
      await lockOrder(tx, shopDomain, shopifyOrderId);
      // Re-read under the lock: a delivery may have changed the order since the list was read.
      const order = await getOrderOrThrow(id, tx);
      if (order.state !== "held") return;
      if (order.createOutcomeUnknown) {
        // An earlier create may have landed: not planned again here (a plan could skip or cancel an
        // order HyperSKU has). The forward job asks HyperSKU first, then decides.
        await setOrderPlan(id, { state: "scheduled", stateCode: null, stateReason: null }, tx);
        await enqueue(JOB_TYPES.forwardOrder, { shop: shopDomain, subjectId: id, runAt: now }, tx);
      } else {
        await planAndSchedule(tx, shop, id, readSnapshot(order), now);
      }
    });
  }
  await releaseShopJobs(shopDomain, RELEASED_ON_CONNECT);
  wakeWorkers();
  if (held.length > 0) logger.info({ shop: shopDomain, released: held.length }, "released held orders");
  return held.length;
}
