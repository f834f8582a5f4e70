import { cancelShopJobs, JOB_TYPES } from "~/domain/enqueue.server";
import { deleteAuthorizationStatesForShop } from "~/models/hypersku-authorization-state.server";
import { deleteTokenSet } from "~/models/hypersku-connection.server";
import { holdShopOrders, listShopOrderIdsInStates } from "~/models/order.server";
import { recordOrderEvents } from "~/models/order-event.server";
import type { OrderState } from "~/models/order-state";
import { deleteSessionsForShop } from "~/models/session.server";
import { getShop, markShopUninstalled } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import { logger } from "~/logger.server";
import { isAppInstalled } from "~/integrations/shopify/app-installation.server";
import { provesSentAfterInstall } from "./uninstall-evidence";

/** Order.stateCode and reason of an order kept while the app is uninstalled (released on reconnect). */
export const APP_UNINSTALLED_CODE = "app_uninstalled";
export const APP_UNINSTALLED_REASON =
  "The app was uninstalled, so the order was not sent. It is kept and goes to HyperSKU once the app is reinstalled and HyperSKU is connected again.";
/** The note of a job that waits (is rescheduled) while the app is uninstalled; a reconnect releases it. */
export const APP_UNINSTALLED_WAIT = "The app is uninstalled; this waits until it is reinstalled and HyperSKU is connected again.";

/**
 * Jobs dropped at uninstall: the work they would do is found again after the reinstall (held
 * orders are released on reconnect, pending parcels are queued at reinstall, sync and
 * reconciliation are queued by the scheduler). Address changes and cancellations for orders
 * already at HyperSKU cannot be found again, so their jobs stay and wait (their handlers
 * reschedule while the app is uninstalled; a reconnect releases them, shop/redact drops them).
 */
const DROPPED_AT_UNINSTALL = [JOB_TYPES.forwardOrder, JOB_TYPES.fulfillParcels, JOB_TYPES.syncOrders, JOB_TYPES.reconcileOrders];

/**
 * Orders not yet known to be at HyperSKU whose sending was queued, under way (sending, checking) or
 * waiting on the connection. An in-flight one keeps its "outcome unknown" mark, so HyperSKU is
 * asked about it before anything is sent again.
 */
const KEPT_STATES: OrderState[] = ["scheduled", "sending", "checking", "held"];

/**
 * Forget a shop that uninstalled the app: its Shopify sessions and its HyperSKU tokens. Orders that
 * were queued, being sent or held are held with a reason that says why, and go out once the app is
 * reinstalled and HyperSKU connected again (releaseHeldOrders). The shop is marked first, so a job
 * already running finds it uninstalled and holds its order itself. Idempotent.
 *
 * `shopUpdatedAt` is the signed body's `updated_at` (uninstall-evidence.ts); a delivery that may
 * be about an earlier installation uninstalls only once Shopify confirms the app is gone.
 */
export async function handleAppUninstalled(shop: string, { shopUpdatedAt }: { shopUpdatedAt?: Date | null } = {}): Promise<void> {
  if (await belongsToAnEarlierInstall(shop, shopUpdatedAt ?? null)) return;
  const removed = await deleteSessionsForShop(shop);
  await deleteTokenSet(shop);
  // A connection flow started before the uninstall must not complete after it.
  await deleteAuthorizationStatesForShop(shop);
  await markShopUninstalled(shop);
  const { cancelledJobs, heldOrders } = await withTransaction(async (tx) => {
    let cancelled = 0;
    cancelled += await cancelShopJobs(shop, DROPPED_AT_UNINSTALL, tx);
    const orders = await listShopOrderIdsInStates(tx, shop, KEPT_STATES);
    const ids = orders.map((order) => order.id);
    if (ids.length > 0) {
      await holdShopOrders(tx, shop, KEPT_STATES, APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON);
      const at = new Date();
      await recordOrderEvents(
        tx,
        ids.map((orderId) => ({ orderId, at, kind: "held", message: APP_UNINSTALLED_REASON })),
      );
    }
    return { cancelledJobs: cancelled, heldOrders: ids.length };
  });
  logger.info({ shop, removedSessions: removed, cancelledJobs, heldOrders }, "app uninstalled");
}

/**
 * Whether an app/uninstalled delivery is about an installation before the current one: a late
 * retry (Shopify retries for hours) or a captured body replayed with fresh headers (the headers,
 * X-Shopify-Triggered-At included, are not signed). Either must leave the reinstalled shop alone.
 * A body whose shop changed after the install was sent after it; otherwise Shopify is asked
 * whether the app is still installed. A body without `updated_at` (Shopify's real deliveries carry
 * one; its sample payloads send null) is taken at its word, as before this check existed.
 */
async function belongsToAnEarlierInstall(shop: string, shopUpdatedAt: Date | null): Promise<boolean> {
  if (!shopUpdatedAt) return false;
  const record = await getShop(shop);
  if (!record || record.uninstalledAt || provesSentAfterInstall(shopUpdatedAt, record.installedAt)) return false;
  if (!(await isAppInstalled(shop))) return false;
  logger.warn(
    { shop, shopUpdatedAt, installedAt: record.installedAt },
    "app/uninstalled ignored: its body predates the current install and Shopify says the app is installed",
  );
  return true;
}
