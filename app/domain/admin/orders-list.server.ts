/** The orders list's view model: one keyset page of the shop's orders for the URL's view. */
import { describeHyperskuStatus } from "~/domain/orders/hypersku-status";
import { listOrdersPage } from "~/models/admin-orders.server";
import { getShopTimezone } from "~/models/shop.server";
import { encodeCursor, ordersListHref, parseOrdersListParams, prefixUpperBound, searchPrefixes } from "./orders-list-query";

export async function getOrdersList(shop: string, url: URL) {
  const query = parseOrdersListParams(url.searchParams);
  const [page, timeZone] = await Promise.all([
    listOrdersPage(shop, {
      states: query.tab.states,
      hyperskuStatus: query.hyperskuStatus,
      nameRanges: searchPrefixes(query.search).map((prefix) => ({ from: prefix, below: prefixUpperBound(prefix) })),
      cursor: query.cursor,
      pageSize: query.pageSize,
    }),
    getShopTimezone(shop),
  ]);
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  return {
    /** The shop's IANA zone (null: not read yet), for the loader's time texts (app/domain/admin/format.ts). */
    timeZone,
    view: { tab: query.tab.id, status: query.hyperskuStatus, search: query.search, paged: query.cursor !== null },
    rows: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.shopifyCreatedAt.toISOString(),
      state: row.state,
      reason: row.flagReason ?? row.stateReason,
      hyperskuOrderId: row.hyperskuOrderId,
      hyperskuStatus: describeHyperskuStatus(row.hyperskuStatus, row.hyperskuStatusDesc),
      attemptCount: row.attemptCount,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    })),
    nextHref: page.hasNext && last ? ordersListHref(url.searchParams, { after: encodeCursor(last) }) : null,
    previousHref: page.hasPrevious && first ? ordersListHref(url.searchParams, { before: encodeCursor(first) }) : null,
  };
}
