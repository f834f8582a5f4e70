/**
 * HyperSKU's charge for an order, from its order as HyperSKU answers it (the create's answer, a status
 * sync's look-up, or the copy stored of it). Pure, in integer minor units.
 *
 * Closed (6) ends an order at HyperSKU either way (docs: hypersku-notes.md §4, "finished or
 * cancelled"). An order closed before it was paid for is cancelled and costs the merchant nothing;
 * its goods and freight were a quote. It is a charge only when HyperSKU's answer shows a payment:
 * HyperSKU buys the goods only for a paid order (Processing, "paid; HyperSKU is purchasing", sets
 * `purchaseTime`), packs them (`shelfTime`) and ships them (a parcel with tracking). The answer's
 * `isPaid` and `payTime` echo the customer's Shopify payment, not the merchant's (order-detail.ts).
 */
import type { HyperskuOrder } from "~/integrations/hypersku/schemas";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { currencyDecimals, toMinorUnits } from "~/domain/orders/money";
import type { HyperskuCharge } from "~/models/order-costs.server";

type Plain = Record<string, unknown>;
const isObject = (value: unknown): value is Plain => value !== null && typeof value === "object" && !Array.isArray(value);
const filled = (value: unknown) => (typeof value === "string" ? value.trim() !== "" : value !== null && value !== undefined);

/** Whether HyperSKU's answer (parsed, or the stored JSON's object) shows the order was paid for. */
function showsPayment(answer: unknown): boolean {
  if (!isObject(answer)) return false;
  const base = isObject(answer.orderBaseInfo) ? answer.orderBaseInfo : {};
  const parcels = Array.isArray(answer.logisticsItems) ? answer.logisticsItems : [];
  return filled(base.purchaseTime) || filled(base.shelfTime) || parcels.some((parcel) => isObject(parcel) && filled(parcel.trackingNumber));
}

/**
 * Whether the order is cancelled at HyperSKU with nothing paid: closed (`status`, the latest the app
 * knows; the answer's own when not given) and its answer shows no payment. Without an answer to look
 * at nothing tells a cancelled order from a finished one: its charge stands.
 */
export function isCancelledUnpaid(answer: unknown, status?: number | null): boolean {
  if (!isObject(answer)) return false;
  const base = isObject(answer.orderBaseInfo) ? answer.orderBaseInfo : null;
  const known = status ?? (typeof base?.status === "number" ? base.status : null);
  return known === HYPERSKU_STATUS.closed && !showsPayment(answer);
}

/** The stored copy of HyperSKU's answer (Order.hyperskuResponse) as an object; null when there is none. */
export function readStoredAnswer(stored: string | null): Plain | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * HyperSKU's charge as its order says: nothing (0 goods, 0 freight) for an order it cancelled before
 * it was paid. Null when the answer lacks an amount or the currency.
 */
export function chargeOf(order: HyperskuOrder | null | undefined): HyperskuCharge | null {
  const base = order?.orderBaseInfo;
  const currency = base?.currencyCode?.trim().toUpperCase();
  if (!base || !currency) return null;
  if (isCancelledUnpaid(order)) return { goodsMinor: 0, freightMinor: 0, currency };
  if (base.goodsAmount == null || base.freight == null) return null;
  const decimals = currencyDecimals(currency);
  const goodsMinor = toMinorUnits(base.goodsAmount, decimals);
  const freightMinor = toMinorUnits(base.freight, decimals);
  return goodsMinor === null || freightMinor === null ? null : { goodsMinor, freightMinor, currency };
}
