/**
 * Stores an order's costs as they become known: what the customer paid when the order is sent, and
 * HyperSKU's charge from each HyperSKU order the app reads (the create's answer, the status sync's
 * look-ups). A failure to store costs never fails the sending or the sync: it is logged and the next
 * read of HyperSKU's order stores them.
 */
import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import { logger } from "~/logger.server";
import { writeHyperskuCharge } from "~/models/order-costs.server";
import type { SentCosts } from "~/models/order.server";
import { chargeOf, customerPaidOf } from "./order-costs";

export async function recordHyperskuCharge(orderId: string, hyperskuOrder: HyperskuOrder | null, now = new Date()): Promise<void> {
  const charge = chargeOf(hyperskuOrder);
  if (!charge) return;
  try {
    await writeHyperskuCharge(orderId, charge, now);
  } catch (error) {
    logger.warn({ orderId, err: error instanceof Error ? error.message : String(error) }, "HyperSKU's charge was not stored");
  }
}

/**
 * Both figures of an order just sent, as columns for the "sent" write itself (one statement, not two
 * more: the forward job is the hot path, docs/decisions/0025). What cannot be worked out is left out.
 */
export function costsWhenSent(orderId: string, request: ExternalOrder | null, hyperskuOrder: HyperskuOrder, now: Date): SentCosts {
  try {
    const charge = chargeOf(hyperskuOrder);
    const paid = request ? customerPaidOf(request) : null;
    return {
      ...(charge
        ? {
            hyperskuGoodsMinor: charge.goodsMinor,
            hyperskuFreightMinor: charge.freightMinor,
            hyperskuCostCurrency: charge.currency,
            costsReadAt: now,
          }
        : {}),
      ...(paid ? { customerPaidMinor: paid.minor, customerPaidCurrency: paid.currency } : {}),
    };
  } catch (error) {
    logger.warn({ orderId, err: error instanceof Error ? error.message : String(error) }, "the order's costs were not stored");
    return {};
  }
}
