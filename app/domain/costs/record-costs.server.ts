/**
 * Stores an order's costs as they become known: what the customer paid when the order is sent, and
 * HyperSKU's charge from each HyperSKU order the app reads (the create's answer, the status sync's
 * look-ups), and both again when Shopify changes the order after it was sent (a refund, a
 * cancellation). The dashboard's totals add up these stored figures (one index-only query), so they
 * are kept as current-costs.ts works them out. A failure to store costs never fails the sending or
 * the sync: it is logged and the next read of HyperSKU's order stores them.
 */
import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import { logger } from "~/logger.server";
import type { Db } from "~/models/db-types";
import { writeHyperskuCharge } from "~/models/order-costs.server";
import { changeOrderForwarding, type Order, type SentCosts } from "~/models/order.server";
import { customerPaidOf } from "./customer-paid";
import { currentCostsOf, type CostRecord } from "./current-costs";
import { chargeOf } from "./hypersku-charge";

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

/**
 * Stores the order's costs as they stand now (current-costs.ts) where they differ from the stored
 * ones: after Shopify changed an order that was sent (pass the record with the new snapshot), in the
 * caller's transaction. An order not sent yet has no costs to change.
 */
export async function recordCurrentCosts(db: Db, order: CostRecord & Pick<Order, "id" | "sentAt">): Promise<void> {
  if (order.sentAt === null) return;
  const now = currentCostsOf(order);
  const changed = (["hyperskuGoodsMinor", "hyperskuFreightMinor", "customerPaidMinor", "customerPaidCurrency"] as const).filter(
    (column) => now[column] !== order[column],
  );
  if (changed.length === 0) return;
  await changeOrderForwarding(db, order.id, Object.fromEntries(changed.map((column) => [column, now[column]])));
}
