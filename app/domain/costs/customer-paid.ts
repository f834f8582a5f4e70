/**
 * What the customer paid for what HyperSKU ships, after refunds and cancellations in Shopify. Pure, in
 * integer minor units of the order's currency.
 *
 * As sent: the lines HyperSKU was sent at their discounted prices, plus the order's shipping (tax and
 * lines HyperSKU does not ship are left out). Then, from the order as Shopify has it now:
 * - a refunded order (and a cancelled one, which Shopify refunds or voids) paid nothing: 0;
 * - units refunded or removed since the order was sent come off at their price (a line's
 *   `currentQuantity`, "units still on the order after edits and refunds");
 * - never more than the whole order comes to after refunds (`currentTotalPrice`), which also takes
 *   off a refund of an amount rather than of items (a goodwill refund, the shipping).
 */
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import { currencyDecimals, toMinorUnits } from "~/domain/orders/money";
import type { CustomerPaid } from "~/models/order-costs.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

/** What of Shopify's order changes what the customer paid (older snapshots may lack a line's fields). */
export type RefundFacts = Pick<ShopifyOrderSnapshot, "financialStatus" | "cancelledAt" | "currency" | "currentTotalPrice"> & {
  lineItems: readonly Pick<ShopifyOrderSnapshot["lineItems"][number], "id" | "quantity" | "currentQuantity" | "refundedQuantity">[];
};

type SentRequest = Pick<ExternalOrder, "currency" | "lineItems" | "totalShippingPrice">;

/** Financial statuses under which the customer has paid nothing (Shopify's `financial_status`). */
const NOTHING_PAID = new Set(["refunded", "voided", "expired"]);
/** Nothing was taken yet: a cancelled order in one of these is voided, not paid. */
const NOT_TAKEN = new Set(["pending", "authorized"]);

function paidNothing(order: RefundFacts): boolean {
  const status = order.financialStatus ?? "";
  return NOTHING_PAID.has(status) || (order.cancelledAt !== null && NOT_TAKEN.has(status));
}

/** Units of a sent line still on the order: what was sent, less what was refunded or removed since. */
function keptUnits(line: SentRequest["lineItems"][number], order: RefundFacts | null): number {
  const now = order?.lineItems.find((item) => item.id === line.storeOrderLineItemId);
  if (!now) return line.quantity;
  const left = now.currentQuantity ?? Math.max(0, now.quantity - (now.refundedQuantity ?? 0));
  return Math.min(line.quantity, left);
}

/** `minor`, at most what the whole order comes to now (when known, in the same currency). */
function capped(minor: number, currency: string, order: RefundFacts | null): number {
  const current = order?.currentTotalPrice;
  if (current === null || current === undefined || order?.currency?.toUpperCase() !== currency) return minor;
  const currentMinor = toMinorUnits(current, currencyDecimals(currency));
  return currentMinor === null ? minor : Math.max(0, Math.min(minor, currentMinor));
}

/**
 * What the customer paid for the lines HyperSKU ships and the shipping: as sent, or, given the order
 * as Shopify has it now, after its refunds and cancellation. Null without a currency.
 */
export function customerPaidOf(request: SentRequest, order: RefundFacts | null = null): CustomerPaid | null {
  const currency = request.currency?.trim().toUpperCase();
  if (!currency) return null;
  if (order && paidNothing(order)) return { minor: 0, currency };
  const decimals = currencyDecimals(currency);
  let minor = toMinorUnits(request.totalShippingPrice ?? 0, decimals) ?? 0;
  for (const line of request.lineItems) minor += (toMinorUnits(line.price, decimals) ?? 0) * keptUnits(line, order);
  return { minor: capped(minor, currency, order), currency };
}

/**
 * A stored amount when the request it came from is not kept: what refunds of the whole order take
 * off still applies (refunded or cancelled: 0; at most the order's total now).
 */
export function storedPaidAfterRefunds(paid: CustomerPaid, order: RefundFacts | null): CustomerPaid {
  if (!order) return paid;
  return { minor: paidNothing(order) ? 0 : capped(paid.minor, paid.currency, order), currency: paid.currency };
}

/** What happened to the order in Shopify that changes what the customer paid, in words; none when nothing did. */
export function shopifyChanges(order: RefundFacts): string[] {
  const changes: string[] = [];
  if (order.cancelledAt) changes.push("Cancelled in Shopify");
  const status = order.financialStatus;
  if (status === "refunded") changes.push("Refunded in Shopify");
  else if (status === "partially_refunded") changes.push("Partly refunded in Shopify");
  else if (status === "voided") changes.push("Payment voided in Shopify");
  else if (status === "expired") changes.push("Payment expired in Shopify");
  return changes;
}
