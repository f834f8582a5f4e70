/**
 * Shopify does not guarantee webhook delivery. Periodically read the orders Shopify changed since
 * the last run and fold any we missed (or hold an older version of) into their forwarding records,
 * through the same path as a webhook. Each run also refreshes the shop's name (HyperSKU's storeName).
 */
import { fetchRecentOrdersPage } from "~/integrations/shopify/orders.server";
import { wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { findOrderByShopifyId } from "~/models/order.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { getShop, markShopReconciled, readShopForPlanning } from "~/models/shop.server";
import { refreshShopName } from "~/domain/shops/refresh-shop-name.server";
import { applyOrderSnapshot } from "./apply-snapshot.server";
import { parseGraphqlOrder } from "./parse-graphql-order";

/** First run looks back two days; later runs overlap the previous one by ten minutes. */
const FIRST_LOOKBACK_MS = 48 * 3600_000;
const OVERLAP_MS = 10 * 60_000;
const MAX_PAGES = 40;

export async function reconcileOrders(shopDomain: string, now = new Date()) {
  const shop = await getShop(shopDomain);
  const outcome = { seen: 0, applied: 0, unreadable: 0 };
  // lastReconciledAt stays put: after a reinstall and reconnect the scheduler queues this again and
  // it catches up from where it stopped.
  if (!shop || shop.uninstalledAt) return outcome;

  const since = shop.lastReconciledAt
    ? new Date(shop.lastReconciledAt.getTime() - OVERLAP_MS)
    : new Date(now.getTime() - FIRST_LOOKBACK_MS);
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const orders = await fetchRecentOrdersPage(shopDomain, since, after);
    for (const node of orders.nodes) {
      outcome.seen += 1;
      const parsed = parseGraphqlOrder(node);
      if (!parsed.ok) {
        outcome.unreadable += 1;
        continue;
      }
      const snapshot = parsed.value;
      const known = await findOrderByShopifyId(shopDomain, snapshot.shopifyOrderId);
      const knownUpdatedAt = known?.shopifyUpdatedAt?.getTime() ?? -1;
      if (known && snapshot.updatedAt && Date.parse(snapshot.updatedAt) <= knownUpdatedAt) continue;
      await runOrderTransaction(async (tx) => {
        await lockOrder(tx, shopDomain, snapshot.shopifyOrderId);
        await applyOrderSnapshot(tx, await readShopForPlanning(tx, shopDomain), snapshot, "reconciliation", now);
      });
      outcome.applied += 1;
    }
    if (!orders.pageInfo.hasNextPage) break;
    after = orders.pageInfo.endCursor;
  }
  // After the orders, so a throttled order read still reschedules the run; this read never fails it.
  await refreshShopName(shopDomain);
  await markShopReconciled(shopDomain, now);
  if (outcome.applied > 0) {
    logger.info({ shop: shopDomain, ...outcome }, "reconciliation found orders the webhooks missed");
    wakeWorkers();
  }
  return outcome;
}
