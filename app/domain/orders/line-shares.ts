/**
 * Each line's share of its order's money, so an order HyperSKU ships only part of (a mixed cart: some
 * lines go to another fulfillment service, the merchant's own location, or are gift cards, refunded,
 * excluded by rules) is described by its own lines (docs/hypersku-contract.md, "Money", "A mixed cart").
 *
 * A line's share = its discounted line total (order-money.ts: its own discounts and its share of an
 * order discount given only as a total) + its share of shipping, tax, duties and tips, each shared
 * by the same largest-remainder rule (`allocateLargestRemainder`), so that part by part the shares of
 * all lines add up to the order's amount exactly, in every currency:
 *
 * - shipping and duties: over the lines that travel (need shipping, not gift cards), in proportion
 *   to their discounted totals. Shopify charges both for goods that travel; a digital item adds none.
 * - tax: over the lines that are not gift cards (Shopify does not tax them), in proportion to their
 *   discounted total plus their shipping share, as tax is charged on both.
 * - tips: over every line, in proportion to its discounted total.
 *
 * Where no line has any weight (every item free), the units ordered stand in, then the lines equally,
 * so an amount is never left unshared. Shares are of the order as placed (what Shopify's amounts
 * describe): a line sent in part keeps its whole share, as its `price` is per unit.
 */
import { allocateLargestRemainder, type OrderMoney } from "./order-money";
import type { ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

/** One line's part of each of the order's amounts, in minor units; null where the amount is unknown. */
export type LineShare = {
  lineItemId: string;
  /** Its discounted line total; null when the line has no price. */
  goods: number | null;
  shipping: number | null;
  tax: number | null;
  duties: number | null;
  tips: number | null;
  /** goods + shipping + (tax unless prices include it) + duties + tips: what the line adds to the order's total. */
  total: number | null;
};

/** Σ of some lines' shares, part by part; null where a part is unknown for any of them. */
export type SharesTotal = { totalPrice: number | null; tax: number | null; shipping: number | null };

/**
 * Shares `whole` by the first weights that weigh anything; null shares when the whole is unknown.
 * A negative whole (not one Shopify sends) is shared as its size, then negated.
 */
function shareOut(whole: number | null, candidates: readonly (readonly number[])[]): (number | null)[] {
  const count = candidates[0]?.length ?? 0;
  if (whole === null) return Array<null>(count).fill(null);
  const found = candidates.find((weights) => weights.some((weight) => weight > 0)) ?? Array<number>(count).fill(1);
  // Past 2^53 minor units a weight is no real amount; capped, it still weighs the most.
  const weights = found.map((weight) => Math.min(weight, Number.MAX_SAFE_INTEGER));
  const parts = allocateLargestRemainder(Math.abs(whole), weights);
  return whole < 0 ? parts.map((part) => (part === 0 ? 0 : -part)) : parts;
}

const travels = (item: ShopifyLineItemSnapshot) => item.requiresShipping && !item.isGiftCard;

/** Every line's share, in the order's line order. `money` is `orderMoney(order, currency)` of the same order. */
export function lineShares(order: Pick<ShopifyOrderSnapshot, "lineItems">, money: OrderMoney): LineShare[] {
  const items = order.lineItems;
  const goods = money.lines.map((line) => line.discountedTotal);
  const value = goods.map((amount) => Math.max(0, amount ?? 0));
  const units = items.map((item) => Math.max(0, item.quantity));
  const only = (weights: number[], keep: (item: ShopifyLineItemSnapshot) => boolean) =>
    weights.map((weight, index) => (keep(items[index]) ? weight : 0));

  const travelling = [only(value, travels), only(units, travels), value, units];
  const shipping = shareOut(money.shipping, travelling);
  const duties = shareOut(money.duties, travelling);
  const taxBase = value.map((amount, index) => amount + Math.max(0, shipping[index] ?? 0));
  const taxed = (item: ShopifyLineItemSnapshot) => !item.isGiftCard;
  const tax = shareOut(money.tax, [only(taxBase, taxed), only(units, taxed), taxBase, units]);
  const tips = shareOut(money.tips, [value, units]);

  return items.map((item, index) => {
    const taxAdded = money.taxesIncluded ? 0 : tax[index];
    const parts = [goods[index], shipping[index], taxAdded, duties[index], tips[index]];
    const total = parts.every((part) => part !== null) ? (parts as number[]).reduce((sum, part) => sum + part, 0) : null;
    return {
      lineItemId: item.id,
      goods: goods[index],
      shipping: shipping[index],
      tax: tax[index],
      duties: duties[index],
      tips: tips[index],
      total,
    };
  });
}

function sum(values: readonly (number | null)[]): number | null {
  return values.every((value) => value !== null) ? (values as number[]).reduce((total, value) => total + value, 0) : null;
}

/** What the lines named by `lineItemIds` add up to: their shares summed, part by part. */
export function sharesTotal(shares: readonly LineShare[], lineItemIds: ReadonlySet<string>): SharesTotal {
  const chosen = shares.filter((share) => lineItemIds.has(share.lineItemId));
  return {
    totalPrice: sum(chosen.map((share) => share.total)),
    tax: sum(chosen.map((share) => share.tax)),
    shipping: sum(chosen.map((share) => share.shipping)),
  };
}
