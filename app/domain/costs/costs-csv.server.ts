/**
 * The costs export: every order sent to HyperSKU in a period (today, 7 or 30 days, in the shop's time
 * zone) with what HyperSKU charges and what the customer paid, as they stand now (after refunds and
 * cancellations: current-costs.ts), as CSV. An order whose figures changed says what changed, and
 * whether the dashboard's totals count it: no row is dropped. Streamed a page at a time, so 100,000
 * orders never sit in memory. Cells a spreadsheet would run as a formula are defused.
 */
import { currencyDecimals, formatMinorUnits } from "~/domain/orders/money";
import { listOrderCostsPage, type OrderCostRow } from "~/models/order-costs.server";
import { listOrdersPage } from "~/models/order.server";
import { getShopTimezone } from "~/models/shop.server";
import { currentCostsOf, type CurrentCosts } from "./current-costs";
import { marginOf } from "./order-costs";
import { COST_PERIODS, periodStart, type CostPeriodKey } from "./periods";

const PAGE = 500;

const HEADER = [
  "Order",
  "Shopify order ID",
  "Sent at (UTC)",
  "HyperSKU order",
  "HyperSKU status",
  "HyperSKU currency",
  "Goods",
  "Freight",
  "HyperSKU total",
  "Customer currency",
  "Customer paid",
  "Margin",
  "Refunds and cancellations",
  "In totals",
];

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Pure: one CSV cell. Text a spreadsheet would evaluate (starting with = + - @, a tab or a carriage
 * return; OWASP "CSV Injection") gets a leading apostrophe; plain numbers, negative ones included,
 * stay numbers. Every cell is quoted.
 */
function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (!PLAIN_NUMBER.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const amount = (minor: number | null, currency: string | null) =>
  minor === null || !currency ? "" : formatMinorUnits(minor, currencyDecimals(currency));

/** Pure: an order's CSV line (CRLF-terminated, RFC 4180), with its figures as they stand now. */
function costCsvLine(row: OrderCostRow, costs: CurrentCosts): string {
  const charged = costs.hyperskuGoodsMinor !== null && costs.hyperskuFreightMinor !== null;
  const total = charged ? costs.hyperskuGoodsMinor! + costs.hyperskuFreightMinor! : null;
  const margin =
    total !== null && costs.hyperskuCostCurrency
      ? marginOf(costs.customerPaidMinor, costs.customerPaidCurrency, total, costs.hyperskuCostCurrency)
      : null;
  const cells = [
    row.name,
    row.shopifyOrderId,
    row.sentAt?.toISOString() ?? "",
    row.hyperskuOrderId,
    row.hyperskuStatusDesc,
    costs.hyperskuCostCurrency,
    amount(costs.hyperskuGoodsMinor, costs.hyperskuCostCurrency),
    amount(costs.hyperskuFreightMinor, costs.hyperskuCostCurrency),
    amount(total, costs.hyperskuCostCurrency),
    costs.customerPaidCurrency,
    amount(costs.customerPaidMinor, costs.customerPaidCurrency),
    amount(margin, costs.hyperskuCostCurrency),
    costs.changes.join("; "),
    costs.counted ? "Yes" : "No: nothing sold, nothing charged",
  ];
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function parseCostPeriod(value: string | null): CostPeriodKey | null {
  return COST_PERIODS.find((period) => period.key === value)?.key ?? null;
}

/** The page's orders as they stand now, from their records (one read by primary keys). */
async function currentCostsOfPage(shop: string, rows: readonly OrderCostRow[]): Promise<Map<string, CurrentCosts>> {
  const records = await listOrdersPage({ shop, id: { in: rows.map((row) => row.id) } }, rows.length);
  return new Map(records.map((record) => [record.id, currentCostsOf(record)]));
}

export async function streamCostsCsv(shop: string, period: CostPeriodKey, now = new Date()): Promise<ReadableStream<Uint8Array>> {
  const from = periodStart(period, now, await getShopTimezone(shop));
  const encoder = new TextEncoder();
  let after: { sentAt: Date; id: string } | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\ufeff${HEADER.map(csvCell).join(",")}\r\n`));
        return;
      }
      const rows = await listOrderCostsPage(shop, from, now, PAGE, after);
      if (rows.length > 0) {
        const last = rows[rows.length - 1];
        after = { sentAt: last.sentAt!, id: last.id };
        const current = await currentCostsOfPage(shop, rows);
        // A record gone between the two reads (redacted, deleted) keeps its row, with the figures stored.
        const lines = rows.map((row) => costCsvLine(row, current.get(row.id) ?? { ...row, changes: [], counted: true }));
        controller.enqueue(encoder.encode(lines.join("")));
      }
      if (rows.length < PAGE) controller.close();
    },
  });
}
