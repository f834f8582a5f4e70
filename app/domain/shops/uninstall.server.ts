import { cancelJobs } from "~/jobs/queue.server";
import { deleteTokenSet } from "~/models/hypersku-connection.server";
import { deleteSessionsForShop } from "~/models/session.server";
import { markShopUninstalled } from "~/models/shop.server";
import { logger } from "~/logger.server";

/**
 * Forget a shop that uninstalled the app: its Shopify sessions and its HyperSKU tokens, and its
 * pending jobs (a running one finishes and finds the shop gone). The scheduler queues no new work
 * for an uninstalled shop. Idempotent: running it twice, or with nothing stored, is fine.
 */
export async function handleAppUninstalled(shop: string): Promise<void> {
  const removed = await deleteSessionsForShop(shop);
  await deleteTokenSet(shop);
  await markShopUninstalled(shop);
  const cancelledJobs = await cancelJobs({ shop });
  logger.info({ shop, removedSessions: removed, cancelledJobs }, "app uninstalled");
}
