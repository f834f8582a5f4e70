/**
 * What HyperSKU charges for an order beside what the customer paid for it, and the margin between
 * them (docs/decisions/0027). Pure, in integer minor units.
 *
 * - HyperSKU's charge: its order's `goodsAmount` and `freight` in its `currencyCode`.
 * - What the customer paid: the lines sent to HyperSKU at their discounted prices (the request's
 *   `price` × `quantity`) plus the order's shipping (`totalShippingPrice`): HyperSKU ships the parcel
 *   the customer paid shipping for. Tax and lines HyperSKU does not ship are left out.
 * - The margin is only computed when both are in one currency. Converting at some rate would show a
 *   number neither side's invoice has; in two currencies both amounts are shown, and no margin.
 */
import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import { currencyDecimals, formatMinorUnits, toMinorUnits } from "~/domain/orders/money";
import type { CustomerPaid, HyperskuCharge } from "~/models/order-costs.server";

/** HyperSKU's charge as its order says; null when the answer lacks an amount or the currency. */
export function chargeOf(order: HyperskuOrder | null | undefined): HyperskuCharge | null {
  const base = order?.orderBaseInfo;
  const currency = base?.currencyCode?.trim().toUpperCase();
  if (!base || !currency || base.goodsAmount == null || base.freight == null) return null;
  const decimals = currencyDecimals(currency);
  const goodsMinor = toMinorUnits(base.goodsAmount, decimals);
  const freightMinor = toMinorUnits(base.freight, decimals);
  return goodsMinor === null || freightMinor === null ? null : { goodsMinor, freightMinor, currency };
}

/** What the customer paid for the lines HyperSKU ships, and the shipping; null without a currency. */
export function customerPaidOf(request: Pick<ExternalOrder, "currency" | "lineItems" | "totalShippingPrice">): CustomerPaid | null {
  const currency = request.currency?.trim().toUpperCase();
  if (!currency) return null;
  const decimals = currencyDecimals(currency);
  let minor = toMinorUnits(request.totalShippingPrice ?? 0, decimals) ?? 0;
  for (const line of request.lineItems) minor += (toMinorUnits(line.price, decimals) ?? 0) * line.quantity;
  return { minor, currency };
}

export type CostFigures = {
  goods: string;
  freight: string;
  charge: string;
  chargeCurrency: string;
  paid: string | null;
  paidCurrency: string | null;
  /** paid − charge, when both are in one currency; null otherwise. */
  margin: string | null;
  /** margin ÷ paid, one decimal ("23.5"); null when there is no margin or nothing was paid. */
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

/** The figures of one order (or of a total), as decimal strings; null when HyperSKU has not said. */
export function costFigures(costs: StoredCosts): CostFigures | null {
  const { hyperskuGoodsMinor: goods, hyperskuFreightMinor: freight, hyperskuCostCurrency: currency } = costs;
  if (goods === null || freight === null || !currency) return null;
  const decimals = currencyDecimals(currency);
  const paidCurrency = costs.customerPaidMinor !== null ? costs.customerPaidCurrency : null;
  const paid = paidCurrency ? formatMinorUnits(costs.customerPaidMinor!, currencyDecimals(paidCurrency)) : null;
  const sameCurrency = paidCurrency === currency;
  const marginMinor = sameCurrency ? costs.customerPaidMinor! - goods - freight : null;
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
