/**
 * An order's money, taken apart in integer minor units of the presentment currency (what the buyer
 * paid in), and the rule that puts it back together (docs/hypersku-contract.md, "Money"):
 *
 *   Σ discounted line totals (every line of the order as placed)
 *     + shipping after shipping discounts
 *     + tax, when the shop's prices do not include it
 *     + duties + tips
 *   = Shopify's total price
 *
 * and, for the lines of the request, unit price × units = discounted line total + rounding remainder,
 * with |remainder| ≤ units / 2 minor units.
 *
 * Pure and exact: no floats until the caller turns a result into a JSON number. When Shopify's own
 * total does not meet its parts (a payload we do not understand, or an order edited after it was
 * placed) the breakdown says so in `mismatch`; it never invents a number to make them meet.
 */
import { currencyDecimals, formatMinorUnits, toMinorUnits } from "./money";
import type { ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type LineMoney = {
  lineItemId: string;
  /** Units ordered: what Shopify's prices and discount allocations cover. */
  quantity: number;
  /** Price of one unit before discounts; null when the payload lacks it. */
  unitPrice: number | null;
  /** unitPrice × quantity. */
  subtotal: number | null;
  /** The discounts Shopify allocated to this line (line and order level). */
  allocatedDiscount: number;
  /** This line's share of an order discount the payload gives only as a total (largest remainder). */
  orderDiscountShare: number;
  /** subtotal − allocatedDiscount − orderDiscountShare, never below 0. */
  discountedTotal: number | null;
  /** One unit after every discount: discountedTotal ÷ quantity, rounded half up to the minor unit. */
  discountedUnitPrice: number | null;
  /** discountedUnitPrice × quantity − discountedTotal; |r| ≤ quantity / 2. */
  roundingRemainder: number | null;
};

export type OrderMoney = {
  currency: string;
  decimals: number;
  /** Whether line prices and shipping include tax (then tax is not added again). */
  taxesIncluded: boolean;
  lines: LineMoney[];
  /** Σ discounted line totals; null when a line has no price. */
  linesTotal: number | null;
  /** Shipping after shipping discounts (a free-shipping code makes it 0); null when unknown. */
  shipping: number | null;
  tax: number | null;
  /** Duties and tips; null when the payload has some in a form we cannot read (REST tips in another currency). */
  duties: number | null;
  tips: number | null;
  /** The order discount given only as a total, and how much of it no line could take (over their subtotals). */
  orderDiscountToAllocate: number;
  orderDiscountUnallocated: number;
  /** The sum of the parts by the rule; null when a part is unknown. */
  partsTotal: number | null;
  /** Shopify's total price; null when the payload lacks it. */
  totalPrice: number | null;
  /** totalPrice − partsTotal: 0 when the parts add up, null when either side is unknown. */
  mismatch: number | null;
};

/** Half-up division of a non-negative amount into `parts` whole minor units. */
function divideHalfUp(amount: number, parts: number): number {
  const whole = BigInt(amount);
  const count = BigInt(parts);
  return Number((2n * whole + count) / (2n * count));
}

/**
 * Splits `whole` (≥ 0) into parts proportional to `weights` (each ≥ 0) by the largest-remainder
 * method: every part is floor(whole × weight / Σ weights), and the minor units still missing go one
 * each to the largest remainders (ties: the larger weight, then the earlier position). The parts always
 * sum to `whole` exactly; with no weight at all (Σ = 0) nothing can be split and every part is 0.
 * When whole ≤ Σ weights, no part exceeds its weight.
 */
export function allocateLargestRemainder(whole: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`whole must be a non-negative integer (got ${whole})`);
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError("weights must be non-negative integers");
  }
  const sum = weights.reduce((total, weight) => total + BigInt(weight), 0n);
  if (sum === 0n) return weights.map(() => 0);
  const target = BigInt(whole);
  const shares = weights.map((weight, index) => {
    const product = target * BigInt(weight);
    return { index, weight, floor: product / sum, remainder: product % sum };
  });
  let missing = target - shares.reduce((total, share) => total + share.floor, 0n);
  const order = [...shares].sort((a, b) => {
    if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
    if (a.weight !== b.weight) return b.weight - a.weight;
    return a.index - b.index;
  });
  for (const share of order) {
    if (missing === 0n) break;
    share.floor += 1n;
    missing -= 1n;
  }
  return shares.map((share) => Number(share.floor));
}

function minor(value: string | null | undefined, decimals: number): number | null {
  if (value === null || value === undefined) return null;
  return toMinorUnits(value, decimals);
}

function lineBase(item: ShopifyLineItemSnapshot, decimals: number) {
  const unitPrice = minor(item.unitPrice, decimals);
  const subtotal = unitPrice === null ? null : unitPrice * item.quantity;
  const allocatedDiscount = Math.max(0, minor(item.discountTotal, decimals) ?? 0);
  return { unitPrice, subtotal, allocatedDiscount };
}

function finishLine(item: ShopifyLineItemSnapshot, base: ReturnType<typeof lineBase>, orderDiscountShare: number): LineMoney {
  const { unitPrice, subtotal, allocatedDiscount } = base;
  const discountedTotal = subtotal === null ? null : Math.max(0, subtotal - allocatedDiscount - orderDiscountShare);
  const discountedUnitPrice =
    discountedTotal === null ? null : item.quantity > 0 ? divideHalfUp(discountedTotal, item.quantity) : (unitPrice ?? 0);
  const roundingRemainder =
    discountedTotal === null || discountedUnitPrice === null ? null : discountedUnitPrice * item.quantity - discountedTotal;
  return {
    lineItemId: item.id,
    quantity: item.quantity,
    unitPrice,
    subtotal,
    allocatedDiscount,
    orderDiscountShare,
    discountedTotal,
    discountedUnitPrice,
    roundingRemainder,
  };
}

/** One line alone (no order discount to share): what `discountedUnitPrice` the line gets. */
export function lineMoney(item: ShopifyLineItemSnapshot, currency: string): LineMoney {
  return finishLine(item, lineBase(item, currencyDecimals(currency)), 0);
}

/** The order's money by the rule above, in minor units of `currency` (the order's presentment currency). */
export function orderMoney(order: ShopifyOrderSnapshot, currency: string): OrderMoney {
  const decimals = currencyDecimals(currency);
  const bases = order.lineItems.map((item) => lineBase(item, decimals));

  // Weights: what each line still costs after its own allocations, so no line is pushed below zero.
  const weights = bases.map((base) => (base.subtotal === null ? 0 : Math.max(0, base.subtotal - base.allocatedDiscount)));
  const capacity = weights.reduce((total, weight) => total + weight, 0);
  const orderDiscountToAllocate = Math.max(0, minor(order.unallocatedDiscount, decimals) ?? 0);
  const allocatable = Math.min(orderDiscountToAllocate, capacity);
  const shares = allocateLargestRemainder(allocatable, weights);
  const lines = order.lineItems.map((item, index) => finishLine(item, bases[index], shares[index]));

  const linesTotal = lines.every((line) => line.discountedTotal !== null)
    ? lines.reduce((total, line) => total + (line.discountedTotal ?? 0), 0)
    : null;
  const taxesIncluded = order.taxesIncluded ?? false;
  const shipping = minor(order.totalShipping, decimals);
  const tax = minor(order.totalTax, decimals);
  // Absent (a snapshot stored before the app read them): none. Null: the payload has some we cannot read.
  const duties = order.totalDuties === undefined ? 0 : minor(order.totalDuties, decimals);
  const tips = order.totalTip === undefined ? 0 : minor(order.totalTip, decimals);
  const taxAdded = taxesIncluded ? 0 : tax;
  const known = [linesTotal, shipping, taxAdded, duties, tips];
  const partsTotal = known.every((part) => part !== null) ? (known as number[]).reduce((total, part) => total + part, 0) : null;
  const totalPrice = minor(order.totalPrice, decimals);
  const mismatch = partsTotal === null || totalPrice === null ? null : totalPrice - partsTotal;

  return {
    currency,
    decimals,
    taxesIncluded,
    lines,
    linesTotal,
    shipping,
    tax,
    duties,
    tips,
    orderDiscountToAllocate,
    orderDiscountUnallocated: orderDiscountToAllocate - allocatable,
    partsTotal,
    totalPrice,
    mismatch,
  };
}

/**
 * What a merchant should know about the money of an order we send anyway: the request carries
 * Shopify's totals as they are (or, with `partial`, the sent lines' shares of its parts:
 * line-shares.ts), and these say where they do not meet their parts.
 */
export function moneyWarnings(money: OrderMoney, { partial = false }: { partial?: boolean } = {}): string[] {
  const format = (value: number) => `${formatMinorUnits(value, money.decimals)} ${money.currency}`;
  const warnings: string[] = [];
  if (money.orderDiscountUnallocated > 0) {
    warnings.push(
      `${format(money.orderDiscountUnallocated)} of the order discount is more than the items cost, so no item price carries it.`,
    );
  }
  if (money.mismatch !== null && money.mismatch !== 0 && money.partsTotal !== null && money.totalPrice !== null) {
    const parts = [
      `items ${format(money.linesTotal ?? 0)}`,
      `shipping ${format(money.shipping ?? 0)}`,
      money.taxesIncluded ? `tax included in prices` : `tax ${format(money.tax ?? 0)}`,
      money.duties ? `duties ${format(money.duties)}` : null,
      money.tips ? `tips ${format(money.tips)}` : null,
    ].filter((part): part is string => part !== null);
    warnings.push(
      `Shopify's total ${format(money.totalPrice)} differs by ${format(money.mismatch)} from its parts (${parts.join(", ")}: ` +
        `${format(money.partsTotal)}); ` +
        (partial
          ? "HyperSKU gets the share of those parts that belongs to the items it ships."
          : "HyperSKU gets Shopify's totals unchanged."),
    );
  }
  return warnings;
}
