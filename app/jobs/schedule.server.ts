/**
 * Recurring work, queued as ordinary jobs (one per type and subject) so that however many processes run the
 * scheduler, each piece of work is queued once: token refresh every minute, reconciliation of each
 * connected shop every fifteen minutes, and each connected shop's HyperSKU sync when its first
 * order is due (orders just sent are due at once; sync-schedule.ts says when the others are), and
 * each shop's notification digest check when due (digest-timing.ts), and each connected shop's catalogue
 * sync when due (app/domain/catalogue/sync.server.ts).
 */
import { queueDueCatalogueSyncs } from "~/domain/catalogue/sync.server";
import { queueDueDigests } from "~/domain/notifications/send-digest.server";
import { getNextShopSyncAt, queueShopSync } from "~/domain/tracking/sync-orders.server";
import { listConnectedShops } from "~/models/shop.server";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";

export const TOKEN_REFRESH_EVERY_MS = 60_000;
const RECONCILE_EVERY_MS = 15 * 60_000;

export async function scheduleRecurringJobs(now = new Date()) {
  await enqueue(JOB_TYPES.refreshHyperskuTokens, { runAt: now });
  const shops = await listConnectedShops();
  for (const shop of shops) {
    const due = shop.lastReconciledAt ? new Date(shop.lastReconciledAt.getTime() + RECONCILE_EVERY_MS) : now;
    await enqueue(JOB_TYPES.reconcileOrders, { shop: shop.domain, subjectId: shop.domain, runAt: due < now ? now : due });
    // Queued only once due (this runs every minute), so an idle shop has no sync job waiting.
    const syncAt = await getNextShopSyncAt(shop.domain, now);
    if (syncAt && syncAt.getTime() <= now.getTime() + TOKEN_REFRESH_EVERY_MS) await queueShopSync(shop.domain, syncAt < now ? now : syncAt);
  }
  // A connected shop's catalogue: first within a minute of connecting, then every 6 hours.
  await queueDueCatalogueSyncs(
    shops.map((shop) => shop.domain),
    now,
  );
  // Every installed shop with notification addresses, connected or not: a lost connection is news.
  await queueDueDigests(now);
}
