/**
 * The order page's costs and readiness figures (the shipping and cost card): what HyperSKU charges
 * beside what the customer paid (after refunds and cancellations: current-costs.ts), the margin when
 * both are in one currency and the customer paid something, the method HyperSKU chose, and whether
 * the order waits for sourcing (the page then offers Send anyway). One read by primary key.
 */
import { formatMoney } from "~/domain/admin/format";
import { NEEDS_SOURCING_CODE } from "~/domain/orders/catalogue-check.server";
import { findShopOrder } from "~/models/order.server";
import { currentCostsOf } from "./current-costs";
import { costFigures, type CostFigures } from "./order-costs";

export type OrderCostsView = {
  waitsForSourcing: boolean;
  costs: {
    goods: string;
    freight: string;
    charge: string;
    paid: string | null;
    margin: string | null;
    marginPercent: string | null;
    /** Why there is no margin, when there is none. */
    marginNote: string | null;
    /** What changed the figures since the order was sent ("Refunded in Shopify"), and whether the totals count it. */
    changesNote: string | null;
  } | null;
  shippingMethod: string | null;
  sent: boolean;
};

/** The shipping method HyperSKU's stored order names, if any. */
function chosenMethod(hyperskuResponse: string | null): string | null {
  try {
    const stored = JSON.parse(hyperskuResponse ?? "null") as { orderBaseInfo?: { logisticsName?: unknown } } | null;
    const name = stored?.orderBaseInfo?.logisticsName;
    return typeof name === "string" && name.trim() ? name.trim() : null;
  } catch {
    return null;
  }
}

const money = (amount: string, currency: string) => formatMoney(amount, currency) ?? `${amount} ${currency}`;

function marginNote(figures: CostFigures): string | null {
  if (figures.margin !== null) return null;
  if (!figures.paid || !figures.paidCurrency) return "What the customer paid is not known for this order.";
  if (figures.paidCurrency !== figures.chargeCurrency) {
    return `HyperSKU charges in ${figures.chargeCurrency} and the customer paid in ${figures.paidCurrency}: no margin is worked out across currencies.`;
  }
  return "The customer paid nothing for this order after refunds, so there is no margin to show.";
}

export async function getOrderCostsView(shop: string, orderId: string): Promise<OrderCostsView | null> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return null;
  const current = currentCostsOf(order);
  const figures = costFigures(current);
  const changes = current.changes.join("; ");
  return {
    waitsForSourcing: order.state === "held" && order.stateCode === NEEDS_SOURCING_CODE,
    sent: order.state === "sent",
    shippingMethod: chosenMethod(order.hyperskuResponse),
    costs: figures && {
      goods: money(figures.goods, figures.chargeCurrency),
      freight: money(figures.freight, figures.chargeCurrency),
      charge: money(figures.charge, figures.chargeCurrency),
      paid: figures.paid && figures.paidCurrency ? money(figures.paid, figures.paidCurrency) : null,
      margin: figures.margin === null ? null : money(figures.margin, figures.chargeCurrency),
      marginPercent: figures.marginPercent,
      marginNote: marginNote(figures),
      changesNote: !changes
        ? null
        : current.counted
          ? `${changes}: the figures are after that.`
          : `${changes}: nothing was sold and HyperSKU charges nothing, so the dashboard's totals leave this order out.`,
    },
  };
}
