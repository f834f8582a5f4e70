/**
 * Which of the orders HyperSKU lists is this Shopify order. Pure. A lookup by store order id may
 * answer with other orders (its filtering is not published, and an answer can be wrong), so only an
 * exact match counts, never "the first result": adopting another order would mark this one sent
 * and give it someone else's status and tracking.
 */
import type { HyperskuOrder } from "~/integrations/hypersku/schemas";

export type HyperskuOrderReference = {
  /** The Shopify order id the app sent as `storeOrderId`. */
  storeOrderId: string;
  /** The shop's myshopify domain the app sent as `storeCode`; compared only when HyperSKU returns one. */
  storeCode: string;
  /** HyperSKU's id when the app already knows it: then that order and no other. */
  hyperskuOrderId?: string | null;
};

/** HyperSKU's order id as the app stores it, or null when the answer carries none. */
export function getHyperskuOrderId(order: HyperskuOrder | null | undefined): string | null {
  const id = order?.orderBaseInfo?.orderId;
  return typeof id === "number" && Number.isFinite(id) ? String(id) : null;
}

function storeCodeOf(order: HyperskuOrder): string | null {
  const base = order.orderBaseInfo as Record<string, unknown> | null | undefined;
  const code = base?.storeCode ?? (order as Record<string, unknown>).storeCode;
  return typeof code === "string" && code.trim() !== "" ? code.trim() : null;
}

export function isSameOrder(candidate: HyperskuOrder, reference: HyperskuOrderReference): boolean {
  const storeOrderId: unknown = candidate.orderBaseInfo?.storeOrderId;
  const listedAs = typeof storeOrderId === "string" ? storeOrderId.trim() : typeof storeOrderId === "number" ? String(storeOrderId) : null;
  if (listedAs !== reference.storeOrderId) return false;
  const storeCode = storeCodeOf(candidate);
  if (storeCode !== null && storeCode.toLowerCase() !== reference.storeCode.toLowerCase()) return false;
  if (reference.hyperskuOrderId && getHyperskuOrderId(candidate) !== reference.hyperskuOrderId) return false;
  return true;
}

/**
 * The listed order that is exactly this one and carries HyperSKU's id (without an id the app could
 * not follow it, so it proves nothing); null when there is none.
 */
export function findExactMatch(found: readonly HyperskuOrder[], reference: HyperskuOrderReference): HyperskuOrder | null {
  return found.find((candidate) => isSameOrder(candidate, reference) && getHyperskuOrderId(candidate) !== null) ?? null;
}

/**
 * Every listed copy of this order (exact, with HyperSKU's id), the earliest first: HyperSKU numbers
 * its orders in sequence (as the twin does; not published), so the lower id is the earlier create.
 * More than one means a create landed twice (duplicate-copies.ts).
 */
export function findExactMatches(found: readonly HyperskuOrder[], reference: HyperskuOrderReference): HyperskuOrder[] {
  const byId = new Map<string, HyperskuOrder>();
  for (const candidate of found) {
    const id = getHyperskuOrderId(candidate);
    if (id !== null && !byId.has(id) && isSameOrder(candidate, reference)) byId.set(id, candidate);
  }
  return [...byId.values()].sort((a, b) => Number(getHyperskuOrderId(a)) - Number(getHyperskuOrderId(b)));
}
