/**
 * The dashboard's costs card: for today, the last 7 and the last 30 days (in the shop's time zone),
 * the orders sent to HyperSKU, what HyperSKU charges for them (goods and freight), what their
 * customers paid for those items and shipping after refunds, and the margin (docs/decisions/0027).
 * The figures are the ones stored per order, kept as they stand now by record-costs.server.ts (an
 * order cancelled at HyperSKU before it was paid costs nothing; a refunded one was paid nothing). An
 * order with nothing sold and nothing charged is left out, its count too. One grouped, index-only
 * query per period, and one over the same index for the orders left out. Amounts in different
 * currencies are never added up: each currency has its own line, and a margin is given only where
 * HyperSKU's currency is the one the customers paid in, and they paid something.
 */
import { formatCount, formatMoney } from "~/domain/admin/format";
import { currencyDecimals, formatMinorUnits } from "~/domain/orders/money";
import { sumOrderCosts, type CostTotalsRow } from "~/models/order-costs.server";
import { listOrderIdsMatching } from "~/models/order.server";
import { getShopTimezone } from "~/models/shop.server";
import { COST_PERIODS, periodStart, type CostPeriodKey } from "./periods";
import { marginOf, percentOf } from "./order-costs";

type CurrencyTotals = {
  currency: string;
  goods: string;
  freight: string;
  charge: string;
  /** What the customers paid, in this currency, for the orders HyperSKU charges in it. */
  paid: string | null;
  margin: string | null;
  marginPercent: string | null;
};

export type PeriodTotals = {
  key: CostPeriodKey;
  label: string;
  orders: string;
  /** Orders sent whose charge HyperSKU has not said yet. */
  awaitingCharge: number;
  totals: CurrencyTotals[];
  /** Charges in a currency other than the customers': shown without a margin. */
  otherCurrencies: { charge: string; paid: string | null }[];
};

const money = (minor: number, currency: string) => {
  const amount = formatMinorUnits(minor, currencyDecimals(currency));
  return formatMoney(amount, currency) ?? `${amount} ${currency}`;
};

/**
 * Pure: a period's rows (grouped by the two currencies) as the card shows them, less `leftOut` orders
 * with nothing sold and nothing charged (they add nothing to the sums, only to the count).
 */
function summarize(rows: readonly CostTotalsRow[], leftOut: number): Omit<PeriodTotals, "key" | "label"> {
  const orders = rows.reduce((sum, row) => sum + row.orders, 0) - leftOut;
  const awaitingCharge = rows.filter((row) => !row.hyperskuCostCurrency).reduce((sum, row) => sum + row.orders, 0);
  const same = new Map<string, { goods: number; freight: number; paid: number }>();
  const otherCurrencies: PeriodTotals["otherCurrencies"] = [];
  for (const row of rows) {
    const currency = row.hyperskuCostCurrency;
    // Nothing charged and nothing paid adds nothing: no line for it.
    if (!currency || row.goodsMinor + row.freightMinor + row.paidMinor === 0) continue;
    if (row.customerPaidCurrency === currency) {
      const totals = same.get(currency) ?? { goods: 0, freight: 0, paid: 0 };
      totals.goods += row.goodsMinor;
      totals.freight += row.freightMinor;
      totals.paid += row.paidMinor;
      same.set(currency, totals);
    } else {
      otherCurrencies.push({
        charge: money(row.goodsMinor + row.freightMinor, currency),
        paid: row.customerPaidCurrency ? money(row.paidMinor, row.customerPaidCurrency) : null,
      });
    }
  }
  const totals = [...same].map(([currency, sum]) => {
    const margin = marginOf(sum.paid, currency, sum.goods + sum.freight, currency);
    return {
      currency,
      goods: money(sum.goods, currency),
      freight: money(sum.freight, currency),
      charge: money(sum.goods + sum.freight, currency),
      paid: money(sum.paid, currency),
      margin: margin === null ? null : money(margin, currency),
      marginPercent: margin === null ? null : percentOf(margin, sum.paid),
    };
  });
  return { orders: formatCount(orders), awaitingCharge, totals, otherCurrencies };
}

/** The orders sent in [from, to) with nothing sold and nothing charged (read off the costs index). */
async function countLeftOut(shop: string, from: Date, to: Date): Promise<number> {
  const none = { hyperskuGoodsMinor: 0, hyperskuFreightMinor: 0, customerPaidMinor: 0 };
  return (await listOrderIdsMatching({ shop, sentAt: { gte: from, lt: to }, ...none })).length;
}

export async function getCostsSummary(shop: string, now = new Date()): Promise<PeriodTotals[]> {
  const timeZone = await getShopTimezone(shop);
  return Promise.all(
    COST_PERIODS.map(async (period) => {
      const from = periodStart(period.key, now, timeZone);
      const [rows, leftOut] = await Promise.all([sumOrderCosts(shop, from, now), countLeftOut(shop, from, now)]);
      return { key: period.key, label: period.label, ...summarize(rows, leftOut) };
    }),
  );
}
