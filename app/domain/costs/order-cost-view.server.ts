/**
 * The order page's costs and readiness figures (the shipping and cost card): what HyperSKU charges
 * beside what the customer paid, the margin when both are in one currency, the method HyperSKU chose,
 * and whether the order waits for sourcing (the page then offers Send anyway). One read by primary key.
 */
import { formatMoney } from "~/domain/admin/format";
import { NEEDS_SOURCING_CODE } from "~/domain/orders/catalogue-check.server";
import { findShopOrder } from "~/models/order.server";
import { costFigures } from "./order-costs";

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

export async function getOrderCostsView(shop: string, orderId: string): Promise<OrderCostsView | null> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return null;
  const figures = costFigures(order);
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
      marginNote:
        figures.margin !== null
          ? null
          : figures.paidCurrency
            ? `HyperSKU charges in ${figures.chargeCurrency} and the customer paid in ${figures.paidCurrency}: no margin is worked out across currencies.`
            : "What the customer paid is not known for this order.",
    },
  };
}
