/**
 * The orders list's export: every order of the view (tab, HyperSKU status, search, date range, in
 * its order) as CSV, read in keyset pages and streamed as the client takes it (csv-stream.ts), so
 * 100,000 orders never sit in memory, the first bytes leave at once and the rest of the process
 * keeps answering. Times are the shop's, as the list shows them.
 */
import { readOrdersInChunks } from "~/models/admin-orders.server";
import { getShopTimezone } from "~/models/shop.server";
import { openCsvExport } from "./csv-stream";
import { formatDateTime } from "./format";
import { describeListRow, ordersFilterOf } from "./orders-list.server";
import { parseOrdersListParams } from "./orders-list-query";

/** Rows per read: a page costs a few tens of milliseconds, after which webhooks and pages get their turn. */
const PAGE = 250;

const HEADER = [
  "Order",
  "Created",
  "Customer",
  "E-mail",
  "Destination",
  "Items",
  "Total",
  "Stage",
  "HyperSKU status",
  "HyperSKU order",
  "Tracking number",
  "Details",
];

/** `orders-2026-11-24.csv` (the shop's day). */
function exportFileName(now: Date, timeZone: string | null): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: timeZone ?? "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );
  return `orders-${day}.csv`;
}

/**
 * The view's CSV, or why it cannot be made now (this shop's export is already running, or the
 * process is preparing as many as it takes at once: export-slots.ts).
 */
export async function exportOrdersCsv(shop: string, url: URL, now = new Date()) {
  const query = parseOrdersListParams(url.searchParams);
  const timeZone = await getShopTimezone(shop);
  const opened = openCsvExport(shop, {
    header: HEADER,
    pages: () => readOrdersInChunks(shop, ordersFilterOf(query, timeZone), PAGE),
    cells: (order) => {
      const row = describeListRow(order, now);
      return [
        row.name,
        formatDateTime(row.createdAt, timeZone),
        row.customer,
        row.email,
        row.destination,
        row.items.count,
        row.total,
        row.pipeline.label,
        row.hyperskuStatus?.name ?? null,
        row.hyperskuOrderId,
        row.trackingNumber,
        row.reason ?? row.pipeline.meaning,
      ];
    },
  });
  if (!opened.ok) return opened;
  return { ok: true as const, body: opened.body, fileName: exportFileName(now, timeZone) };
}
