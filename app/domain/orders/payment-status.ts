/**
 * What counts as "paid" for forwarding, in one place (the mapper's `isPaid` and the forwarding
 * decision must agree).
 *
 * - `paid`: yes.
 * - `partially_refunded`: yes. The buyer paid in full and part of it went back; the units still on
 *   the order are paid for (refunded units are left out of the request anyway).
 * - `partially_paid`: no. A balance is still owed (deposits, pay later); the merchant has not been
 *   paid for what HyperSKU would buy.
 * - `authorized`: no. Money is reserved, not captured; the capture can still fail or expire.
 * - `pending`, `refunded`, `voided`, `expired`, unknown: no.
 */
const PAID = new Set(["paid", "partially_refunded"]);

export function isOrderPaid(financialStatus: string | null): boolean {
  return financialStatus !== null && PAID.has(financialStatus);
}
