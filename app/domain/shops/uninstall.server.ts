import { deleteSessionsForShop } from "~/models/session.server";
import { logger } from "~/logger.server";

/** Forget a shop that uninstalled the app. Idempotent: running it twice, or with nothing stored, is fine. */
export async function handleAppUninstalled(shop: string): Promise<void> {
  const removed = await deleteSessionsForShop(shop);
  logger.info({ shop, removedSessions: removed }, "app uninstalled");
}
