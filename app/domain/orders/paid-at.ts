/**
 * When the customer paid, as the app keeps it in the order's snapshot (`paidAt`), so that the
 * request's `paidAt` and the hold window both count from the payment, never from when the order was
 * placed. Pure.
 *
 * - Shopify's own payment time wins when the payload has one (Admin GraphQL transactions).
 * - Once known, it is kept: later versions (an address edit, a refund) do not move it.
 * - A REST webhook carries no transactions. For the version that first shows the order paid after
 *   an unpaid one, the moment Shopify reported the payment is that version's `updatedAt`; an order
 *   the app first sees already paid was paid at checkout (`processedAt`, else `createdAt`).
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { isOrderPaid } from "./payment-status";

/** `readPrevious`: the version stored before this one; read only when this version needs it. */
export function settlePaidAt(snapshot: ShopifyOrderSnapshot, readPrevious: () => ShopifyOrderSnapshot | null): ShopifyOrderSnapshot {
  if (!isOrderPaid(snapshot.financialStatus) || snapshot.paidAt) return snapshot;
  const previous = readPrevious();
  const atCheckout = snapshot.processedAt ?? snapshot.createdAt;
  if (!previous) return { ...snapshot, paidAt: atCheckout };
  if (isOrderPaid(previous.financialStatus)) {
    // Versions stored before the app kept paidAt fall back to the checkout time, as they were sent.
    return { ...snapshot, paidAt: previous.paidAt ?? previous.processedAt ?? previous.createdAt ?? atCheckout };
  }
  return { ...snapshot, paidAt: snapshot.updatedAt ?? atCheckout };
}
