/**
 * The costs export: every order sent to HyperSKU in a period (today, 7 or 30 days, in the shop's time
 * zone) with what HyperSKU charges and what the customer paid, as CSV. Streamed a page at a time, so
 * 100,000 orders never sit in memory. Cells a spreadsheet would run as a formula are defused.
 */
import { currencyDecimals, formatMinorUnits } from "~/domain/orders/money";
import { listOrderCostsPage, type OrderCostRow } from "~/models/order-costs.server";
import { getShopTimezone } from "~/models/shop.server";
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

/** Pure: an order's CSV line (CRLF-terminated, RFC 4180). */
function costCsvLine(row: OrderCostRow): string {
  const charged = row.hyperskuGoodsMinor !== null && row.hyperskuFreightMinor !== null;
  const total = charged ? row.hyperskuGoodsMinor! + row.hyperskuFreightMinor! : null;
  const margin =
    total !== null && row.customerPaidMinor !== null && row.customerPaidCurrency === row.hyperskuCostCurrency
      ? row.customerPaidMinor - total
      : null;
  const cells = [
    row.name,
    row.shopifyOrderId,
    row.sentAt?.toISOString() ?? "",
    row.hyperskuOrderId,
    row.hyperskuStatusDesc,
    row.hyperskuCostCurrency,
    amount(row.hyperskuGoodsMinor, row.hyperskuCostCurrency),
    amount(row.hyperskuFreightMinor, row.hyperskuCostCurrency),
    amount(total, row.hyperskuCostCurrency),
    row.customerPaidCurrency,
    amount(row.customerPaidMinor, row.customerPaidCurrency),
    amount(margin, row.hyperskuCostCurrency),
  ];
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function parseCostPeriod(value: string | null): CostPeriodKey | null {
  return COST_PERIODS.find((period) => period.key === value)?.key ?? null;
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
        controller.enqueue(encoder.encode(rows.map(costCsvLine).join("")));
      }
      if (rows.length < PAGE) controller.close();
    },
  });
}
