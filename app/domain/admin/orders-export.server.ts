/**
 * The orders list's export: every order of the view (tab, HyperSKU status, search, date range, in
 * its order) as CSV, read in keyset chunks and streamed, so 100,000 orders never sit in memory and
 * the first bytes leave at once. Times are the shop's, as the list shows them.
 */
import { readOrdersInChunks } from "~/models/admin-orders.server";
import { getShopTimezone } from "~/models/shop.server";
import { csvLine } from "./csv";
import { formatDateTime } from "./format";
import { describeListRow, ordersFilterOf } from "./orders-list.server";
import { parseOrdersListParams } from "./orders-list-query";

const CHUNK = 500;

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

export async function exportOrdersCsv(shop: string, url: URL, now = new Date()) {
  const query = parseOrdersListParams(url.searchParams);
  const timeZone = await getShopTimezone(shop);
  const chunks = readOrdersInChunks(shop, ordersFilterOf(query, timeZone), CHUNK);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte order mark: Excel then reads the file as UTF-8 (names with accents).
      controller.enqueue(encoder.encode(`\ufeff${csvLine(HEADER)}`));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) return controller.close();
      const text = next.value
        .map((order) => {
          const row = describeListRow(order, now);
          return csvLine([
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
          ]);
        })
        .join("");
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return { body, fileName: exportFileName(now, timeZone) };
}
