/**
 * An order's costs as they stand now, from its stored record: HyperSKU's charge and what the customer
 * paid as stored, with what has happened since applied (a cancellation at HyperSKU, refunds and
 * cancellation in Shopify), and in words what that was. The order page and the costs export show
 * these; record-costs.server.ts stores them, which the dashboard's totals add up. Pure.
 */
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { isCancelledUnpaid, readStoredAnswer } from "./hypersku-charge";
import { customerPaidOf, shopifyChanges, storedPaidAfterRefunds, type RefundFacts } from "./customer-paid";
import type { StoredCosts } from "./order-costs";

/** What of an order's record its costs come from. */
export type CostRecord = StoredCosts & {
  /** The Shopify order as last received (JSON ShopifyOrderSnapshot). */
  snapshot: string | null;
  /** The request HyperSKU was sent (JSON). */
  sentRequest: string | null;
  /** HyperSKU's answer as stored (JSON), and its latest status. */
  hyperskuResponse: string | null;
  hyperskuStatus: number | null;
};

export type CurrentCosts = StoredCosts & {
  /** What happened that changes the figures ("Refunded in Shopify", "Cancelled at HyperSKU"); empty when nothing did. */
  changes: string[];
  /** False for an order with nothing sold and nothing charged: it is left out of the totals. */
  counted: boolean;
};

function parse<T>(json: string | null): T | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" ? (value as T) : null;
  } catch {
    return null;
  }
}

function refundFactsOf(snapshotJson: string | null): RefundFacts | null {
  const snapshot = parse<Partial<ShopifyOrderSnapshot>>(snapshotJson);
  if (!snapshot || !Array.isArray(snapshot.lineItems)) return null;
  return {
    financialStatus: snapshot.financialStatus ?? null,
    cancelledAt: snapshot.cancelledAt ?? null,
    currency: snapshot.currency ?? null,
    currentTotalPrice: snapshot.currentTotalPrice,
    lineItems: snapshot.lineItems,
  };
}

function sentRequestOf(json: string | null): Pick<ExternalOrder, "currency" | "lineItems" | "totalShippingPrice"> | null {
  const request = parse<Partial<ExternalOrder>>(json);
  return request && Array.isArray(request.lineItems) ? { ...request, lineItems: request.lineItems } : null;
}

export function currentCostsOf(order: CostRecord): CurrentCosts {
  const changes: string[] = [];
  const shopify = refundFactsOf(order.snapshot);
  if (shopify) changes.push(...shopifyChanges(shopify));

  let { hyperskuGoodsMinor: goods, hyperskuFreightMinor: freight } = order;
  const answer = readStoredAnswer(order.hyperskuResponse);
  if (isCancelledUnpaid(answer, order.hyperskuStatus)) {
    changes.push("Cancelled at HyperSKU");
    if (order.hyperskuCostCurrency) [goods, freight] = [0, 0];
  }

  const request = sentRequestOf(order.sentRequest);
  const stored =
    order.customerPaidMinor !== null && order.customerPaidCurrency
      ? { minor: order.customerPaidMinor, currency: order.customerPaidCurrency }
      : null;
  const paid = (request && customerPaidOf(request, shopify)) ?? (stored && storedPaidAfterRefunds(stored, shopify));

  const charged = goods !== null && freight !== null && order.hyperskuCostCurrency ? goods + freight : null;
  return {
    hyperskuGoodsMinor: goods,
    hyperskuFreightMinor: freight,
    hyperskuCostCurrency: order.hyperskuCostCurrency,
    customerPaidMinor: paid?.minor ?? null,
    customerPaidCurrency: paid?.currency ?? null,
    changes,
    counted: !(charged === 0 && paid?.minor === 0),
  };
}
