/** The orders list's view model: one keyset page of the shop's orders for the URL's view, and the tabs' counts. */
import { describeHyperskuStatus } from "~/domain/orders/hypersku-status";
import { countOrdersByPipelineColumns, getVariantImages, listOrdersPage, type OrdersPageFilter } from "~/models/admin-orders.server";
import { getCallHealthRecord } from "~/models/hypersku-connection.server";
import { getShopTimezone } from "~/models/shop.server";
import { describeWaitDuringOutage, getCallHealth } from "~/domain/connection/health";
import { formatDateTime, resolveTimeZone } from "./format";
import { formatAge, safeImage, summarizeOrderSnapshot } from "./order-list-row";
import { rowActions } from "./order-list-actions";
import { encodeCursor, ordersListHref, parseOrdersListParams, searchKeys, type OrdersListQuery } from "./orders-list-query";
import { countByStage, describePipeline, pipelineOrderOf, STAGE_CLAUSES, TRACKED_ORDERS } from "./pipeline";
import { describeDayRange, nextDay, startOfDay } from "./zoned-day";

/** The model's filter for a view: its stage's clauses, search keys and date range as instants in the shop's zone. */
export function ordersFilterOf(query: OrdersListQuery, timeZone: string | null): Omit<OrdersPageFilter, "cursor" | "pageSize"> {
  const zone = resolveTimeZone(timeZone);
  return {
    clauses: query.tab.stage ? STAGE_CLAUSES[query.tab.stage] : null,
    hyperskuStatus: query.hyperskuStatus,
    search: searchKeys(query.search),
    created: {
      from: query.from ? startOfDay(query.from, zone) : null,
      before: query.to ? startOfDay(nextDay(query.to), zone) : null,
    },
    sort: query.sort,
  };
}

/**
 * `stateCode` says what a held order waits for (its badge's explanation). Optional until the list's
 * select (ORDER_LIST_SELECT, app/models/admin-orders.server.ts) reads it; without it a held row
 * reads as "held" without its cause.
 */
type ListRow = Awaited<ReturnType<typeof listOrdersPage>>["rows"][number];

/** A row as the list and the export show it: its stage as the order page and the order block say it. */
export function describeListRow(row: ListRow, now: Date) {
  const pipeline = describePipeline(pipelineOrderOf({ ...row, stateCode: row.stateCode ?? null }, row.parcels));
  return {
    id: row.id,
    name: row.name,
    shopifyOrderId: row.shopifyOrderId,
    createdAt: row.shopifyCreatedAt.toISOString(),
    age: formatAge(row.shopifyCreatedAt, now),
    ...summarizeOrderSnapshot(row.snapshot),
    pipeline,
    reason: row.flagReason ?? row.stateReason,
    hyperskuOrderId: row.hyperskuOrderId,
    hyperskuStatus: describeHyperskuStatus(row.hyperskuStatus, row.hyperskuStatusDesc),
    trackingNumber: row.parcels[0]?.trackingNumber ?? null,
    actions: rowActions(row.state),
  };
}

export async function getOrdersList(shop: string, url: URL, now = new Date()) {
  const query = parseOrdersListParams(url.searchParams);
  const timeZone = await getShopTimezone(shop);
  const [page, groups, healthRecord] = await Promise.all([
    listOrdersPage(shop, { ...ordersFilterOf(query, timeZone), cursor: query.cursor, pageSize: query.pageSize }),
    countOrdersByPipelineColumns(shop, TRACKED_ORDERS),
    getCallHealthRecord(shop),
  ]);
  const stageCounts = countByStage(groups);
  const health = getCallHealth(healthRecord, now, timeZone);
  const rows = page.rows.map((row) => {
    const described = describeListRow(row, now);
    // While HyperSKU does not answer, an order still to send says so, and when it is tried next.
    const waiting = described.pipeline.stage === "to_send" && describeWaitDuringOutage(health, formatDateTime(row.nextAttemptAt, timeZone));
    return waiting ? { ...described, reason: waiting } : described;
  });
  const images = await getVariantImages(
    shop,
    rows.flatMap((row) => (!row.items.imageUrl && row.items.variantId ? [row.items.variantId] : [])),
  );
  for (const row of rows) {
    if (!row.items.imageUrl && row.items.variantId) row.items.imageUrl = safeImage(images.get(row.items.variantId));
  }
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  return {
    /** The shop's IANA zone (null: not read yet), for the loader's time texts (app/domain/admin/format.ts). */
    timeZone,
    view: {
      tab: query.tab.id,
      status: query.hyperskuStatus,
      search: query.search,
      from: query.from,
      to: query.to,
      dateLabel: describeDayRange(query.from, query.to),
      sort: query.sort,
      paged: query.cursor !== null,
    },
    /** HyperSKU not answering, in a sentence; "" when it answers. */
    outage: health.message,
    /** Orders per tab, over the whole shop (not narrowed by the search, the status filter or the dates). */
    counts: { all: groups.reduce((sum, group) => sum + group.count, 0), ...stageCounts },
    rows,
    nextHref: page.hasNext && last ? ordersListHref(url.searchParams, { after: encodeCursor(last) }) : null,
    previousHref: page.hasPrevious && first ? ordersListHref(url.searchParams, { before: encodeCursor(first) }) : null,
    /** The export of this view (every page of it). */
    exportHref: ordersListHref(url.searchParams, {}).replace("/app/orders", "/app/orders/export"),
  };
}
