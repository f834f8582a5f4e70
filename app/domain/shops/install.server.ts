/**
 * Runs each time Shopify hands the app a new offline token (`hooks.afterAuth` in shopify.server.ts,
 * called after token exchange has stored the session): the first install, a reinstall, and a token
 * renewed by token exchange. Each reads the shop's name from Shopify; a reinstall also brings the
 * shop fully back.
 */
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import { releaseHeldOrders } from "~/domain/orders/release-held-orders.server";
import { queueParcelFulfillment } from "~/domain/tracking/fulfill-parcels.server";
import { parcelWork } from "~/domain/tracking/parcel-work";
import { wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { getConnectionSummary } from "~/models/hypersku-connection.server";
import { listParcelsWithShopifyWork } from "~/models/parcel.server";
import { deleteSessionsForShop } from "~/models/session.server";
import { ensureShop, getShop, markShopReinstalled, setHyperskuStatus } from "~/models/shop.server";
import { refreshShopName } from "./refresh-shop-name.server";

export async function handleAppInstalled(shop: string, now = new Date()): Promise<void> {
  try {
    const record = await ensureShop(shop);
    if (record.uninstalledAt) await resumeAfterReinstall(shop, now);
  } catch (error) {
    // The library stored the new session before this ran. Without it, the next admin load
    // exchanges a token again and this runs again, so a failure here never leaves the shop
    // marked uninstalled behind a working admin.
    await deleteSessionsForShop(shop).catch(() => undefined);
    throw error;
  }
  // After the install is complete, and never failing it: the session it reads with is stored.
  await refreshShopName(shop);
}

async function resumeAfterReinstall(shop: string, now: Date) {
  // The uninstall deleted the HyperSKU tokens: without tokens the shop is not connected, whatever
  // the stored status says, until the merchant connects again (which releases the held orders).
  const before = await getShop(shop);
  if (!(await getConnectionSummary(shop)) && parseHyperskuStatus(before?.hyperskuStatus) !== "not_connected") {
    await setHyperskuStatus(shop, "not_connected");
  }
  // Fulfillments need Shopify only: parcels left waiting while uninstalled are recorded now.
  const fulfillments = await queueUnfinishedFulfillments(shop, now);
  // Last: until this runs the shop stays uninstalled, so a failure above is retried (see above).
  await markShopReinstalled(shop, now);
  // A connection completed while the app was uninstalled (a flow started before the uninstall).
  const after = await getShop(shop);
  const released = canForward(parseHyperskuStatus(after?.hyperskuStatus)) ? await releaseHeldOrders(shop, now) : 0;
  if (fulfillments > 0) wakeWorkers();
  logger.info({ shop, fulfillments, released }, "app reinstalled");
}

/** Queues the fulfillment job of every order with parcels still to record in Shopify. */
async function queueUnfinishedFulfillments(shop: string, now: Date): Promise<number> {
  const parcels = await listParcelsWithShopifyWork(shop);
  const orderIds = new Set(parcels.filter((parcel) => parcelWork(parcel, now) !== null).map((parcel) => parcel.orderId));
  for (const id of orderIds) await queueParcelFulfillment({ id, shop }, now);
  return orderIds.size;
}
