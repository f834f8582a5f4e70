/**
 * The costs export: every order sent to HyperSKU in a period (today, 7 or 30 days, in the shop's time
 * zone) with what HyperSKU charges and what the customer paid, as they stand now (after refunds and
 * cancellations: current-costs.ts), as CSV. An order whose figures changed says what changed, and
 * whether the dashboard's totals count it: no row is dropped. Streamed a page at a time, so 100,000
 * orders never sit in memory. Written by the exports' one CSV writer (app/domain/admin/csv.ts), which
 * defuses cells a spreadsheet would run as a formula.
 */
import { type CsvValue } from "~/domain/admin/csv";
import { openCsvExport } from "~/domain/admin/csv-stream";
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

const amount = (minor: number | null, currency: string | null) =>
  minor === null || !currency ? "" : formatMinorUnits(minor, currencyDecimals(currency));

/** Pure: an order's CSV cells, with its figures as they stand now. */
function costCells(row: OrderCostRow, costs: CurrentCosts): CsvValue[] {
  const charged = costs.hyperskuGoodsMinor !== null && costs.hyperskuFreightMinor !== null;
  const total = charged ? costs.hyperskuGoodsMinor! + costs.hyperskuFreightMinor! : null;
  const margin =
    total !== null && costs.hyperskuCostCurrency
      ? marginOf(costs.customerPaidMinor, costs.customerPaidCurrency, total, costs.hyperskuCostCurrency)
      : null;
  return [
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
}

export function parseCostPeriod(value: string | null): CostPeriodKey | null {
  return COST_PERIODS.find((period) => period.key === value)?.key ?? null;
}

/** The page's orders as they stand now, from their records (one read by primary keys). */
async function currentCostsOfPage(shop: string, rows: readonly OrderCostRow[]): Promise<Map<string, CurrentCosts>> {
  const records = await listOrdersPage({ shop, id: { in: rows.map((row) => row.id) } }, rows.length);
  return new Map(records.map((record) => [record.id, currentCostsOf(record)]));
}

/** The period's orders a page at a time, each with its figures as they stand now. */
async function* costPages(shop: string, from: Date, now: Date) {
  let after: { sentAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listOrderCostsPage(shop, from, now, PAGE, after);
    if (rows.length > 0) {
      const last = rows[rows.length - 1];
      after = { sentAt: last.sentAt!, id: last.id };
      const current = await currentCostsOfPage(shop, rows);
      // A record gone between the two reads (redacted, deleted) keeps its row, with the figures stored.
      yield rows.map((row) => ({ row, costs: current.get(row.id) ?? { ...row, changes: [], counted: true } }));
    }
    if (rows.length < PAGE) return;
  }
}

/** The CSV (the shared writer, csv-stream.ts), or why it cannot be made now (export-slots.ts). */
export async function streamCostsCsv(shop: string, period: CostPeriodKey, now = new Date()) {
  const from = periodStart(period, now, await getShopTimezone(shop));
  return openCsvExport(shop, {
    header: HEADER,
    pages: () => costPages(shop, from, now),
    cells: ({ row, costs }) => costCells(row, costs),
  });
}
