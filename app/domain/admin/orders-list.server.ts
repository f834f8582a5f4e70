/** The orders list's view model: one keyset page of the shop's orders for the URL's view, and the tabs' counts. */
import { describeHyperskuStatus } from "~/domain/orders/hypersku-status";
import { countOrdersByPipelineColumns, listOrdersPage } from "~/models/admin-orders.server";
import { getShopTimezone } from "~/models/shop.server";
import { encodeCursor, ordersListHref, parseOrdersListParams, searchKeys } from "./orders-list-query";
import { countByStage, describePipeline, STAGE_CLAUSES, TRACKED_ORDERS } from "./pipeline";

export async function getOrdersList(shop: string, url: URL) {
  const query = parseOrdersListParams(url.searchParams);
  const [page, groups, timeZone] = await Promise.all([
    listOrdersPage(shop, {
      clauses: query.tab.stage ? STAGE_CLAUSES[query.tab.stage] : null,
      hyperskuStatus: query.hyperskuStatus,
      search: searchKeys(query.search),
      cursor: query.cursor,
      pageSize: query.pageSize,
    }),
    countOrdersByPipelineColumns(shop, TRACKED_ORDERS),
    getShopTimezone(shop),
  ]);
  const stageCounts = countByStage(groups);
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  return {
    /** The shop's IANA zone (null: not read yet), for the loader's time texts (app/domain/admin/format.ts). */
    timeZone,
    view: { tab: query.tab.id, status: query.hyperskuStatus, search: query.search, paged: query.cursor !== null },
    /** Orders per tab, over the whole shop (not narrowed by the search or the status filter). */
    counts: { all: groups.reduce((sum, group) => sum + group.count, 0), ...stageCounts },
    rows: page.rows.map((row) => {
      const pipeline = describePipeline({
        state: row.state,
        hyperskuStatus: row.hyperskuStatus,
        flagCode: row.flagCode,
        hasTracking: row.parcels.length > 0,
        shopifyCancelled: row.shopifyCancelled,
      });
      return {
        id: row.id,
        name: row.name,
        createdAt: row.shopifyCreatedAt.toISOString(),
        pipeline,
        reason: row.flagReason ?? row.stateReason,
        hyperskuOrderId: row.hyperskuOrderId,
        hyperskuStatus: describeHyperskuStatus(row.hyperskuStatus, row.hyperskuStatusDesc),
        trackingNumber: row.parcels[0]?.trackingNumber ?? null,
        attemptCount: row.attemptCount,
        nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      };
    }),
    nextHref: page.hasNext && last ? ordersListHref(url.searchParams, { after: encodeCursor(last) }) : null,
    previousHref: page.hasPrevious && first ? ordersListHref(url.searchParams, { before: encodeCursor(first) }) : null,
  };
}
