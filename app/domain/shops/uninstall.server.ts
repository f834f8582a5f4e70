import { deleteTokenSet } from "~/models/hypersku-connection.server";
import { deleteSessionsForShop } from "~/models/session.server";
import { markShopUninstalled } from "~/models/shop.server";
import { logger } from "~/logger.server";

/**
 * Forget a shop that uninstalled the app: its Shopify sessions and its HyperSKU tokens.
 * Idempotent: running it twice, or with nothing stored, is fine.
 */
export async function handleAppUninstalled(shop: string): Promise<void> {
  const removed = await deleteSessionsForShop(shop);
  await deleteTokenSet(shop);
  await markShopUninstalled(shop);
  logger.info({ shop, removedSessions: removed }, "app uninstalled");
}
