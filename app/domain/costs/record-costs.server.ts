/**
 * Stores an order's costs as they become known: what the customer paid when the order is sent, and
 * HyperSKU's charge from each HyperSKU order the app reads (the create's answer, the status sync's
 * look-ups). A failure to store costs never fails the sending or the sync: it is logged and the next
 * read of HyperSKU's order stores them.
 */
import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import { logger } from "~/logger.server";
import { writeCustomerPaid, writeHyperskuCharge } from "~/models/order-costs.server";
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

export async function recordCustomerPaid(orderId: string, request: ExternalOrder | null): Promise<void> {
  const paid = request ? customerPaidOf(request) : null;
  if (!paid) return;
  try {
    await writeCustomerPaid(orderId, paid);
  } catch (error) {
    logger.warn({ orderId, err: error instanceof Error ? error.message : String(error) }, "the customer's payment was not stored");
  }
}
