/**
 * How stored orders are found by a person's contact details. Pure: the same rule writes the search
 * column (order.server.ts) and compares what a privacy request names (domain/privacy/customer-match.ts).
 */

/**
 * A phone as digits only ("+1 206-555-0100" -> "12065550100"): phones compare whole, so
 * "+1 206-555-01009" is someone else. Fewer than six digits is not a phone anyone could be found by.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 6 ? digits : null;
}
