/**
 * What HyperSKU charges for an order beside what the customer paid for it, and the margin between
 * them (docs/decisions/0027). Pure, in integer minor units.
 *
 * - HyperSKU's charge: its order's `goodsAmount` and `freight` in its `currencyCode`; nothing for an
 *   order HyperSKU cancelled before it was paid (hypersku-charge.ts).
 * - What the customer paid: the lines sent to HyperSKU at their discounted prices (the request's
 *   `price` × `quantity`) plus the order's shipping (`totalShippingPrice`): HyperSKU ships the parcel
 *   the customer paid shipping for. Tax and lines HyperSKU does not ship are left out. Refunds and
 *   cancellations in Shopify come off it (customer-paid.ts).
 * - The margin is only computed when both are in one currency and the customer paid something.
 *   Converting at some rate would show a number neither side's invoice has; in two currencies both
 *   amounts are shown, and no margin.
 */
import { currencyDecimals, formatMinorUnits } from "~/domain/orders/money";

export type CostFigures = {
  goods: string;
  freight: string;
  charge: string;
  chargeCurrency: string;
  paid: string | null;
  paidCurrency: string | null;
  /** paid − charge, when both are in one currency and the customer paid something; null otherwise. */
  margin: string | null;
  /** margin ÷ paid, one decimal ("23.5"); null when there is no margin. */
  marginPercent: string | null;
};

export type StoredCosts = {
  hyperskuGoodsMinor: number | null;
  hyperskuFreightMinor: number | null;
  hyperskuCostCurrency: string | null;
  customerPaidMinor: number | null;
  customerPaidCurrency: string | null;
};

export function percentOf(part: number, whole: number): string | null {
  return whole > 0 ? ((part / whole) * 100).toFixed(1) : null;
}

/** paid − charge in minor units, when there is a margin to show: one currency, and something paid. */
export function marginOf(
  paidMinor: number | null,
  paidCurrency: string | null,
  chargeMinor: number,
  chargeCurrency: string,
): number | null {
  return paidMinor !== null && paidMinor > 0 && paidCurrency === chargeCurrency ? paidMinor - chargeMinor : null;
}

/** The figures of one order (or of a total), as decimal strings; null when HyperSKU has not said. */
export function costFigures(costs: StoredCosts): CostFigures | null {
  const { hyperskuGoodsMinor: goods, hyperskuFreightMinor: freight, hyperskuCostCurrency: currency } = costs;
  if (goods === null || freight === null || !currency) return null;
  const decimals = currencyDecimals(currency);
  const paidCurrency = costs.customerPaidMinor !== null ? costs.customerPaidCurrency : null;
  const paid = paidCurrency ? formatMinorUnits(costs.customerPaidMinor!, currencyDecimals(paidCurrency)) : null;
  const marginMinor = marginOf(costs.customerPaidMinor, paidCurrency, goods + freight, currency);
  return {
    goods: formatMinorUnits(goods, decimals),
    freight: formatMinorUnits(freight, decimals),
    charge: formatMinorUnits(goods + freight, decimals),
    chargeCurrency: currency,
    paid,
    paidCurrency,
    margin: marginMinor === null ? null : formatMinorUnits(marginMinor, decimals),
    marginPercent: marginMinor === null ? null : percentOf(marginMinor, costs.customerPaidMinor!),
  };
}
