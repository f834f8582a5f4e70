/**
 * What a sourcing agent needs to buy and ship an order right, beyond what the request's schema
 * requires (the spec leaves these fields optional). With `agentChecks: "enforce"` the twin refuses a
 * create that lacks them, as an agent would send it back, so tests prove the app sends orders an
 * agent can fulfil, not only orders that parse.
 */
import type { ExternalOrder } from "./validation";

const ZERO_DECIMALS = new Set(["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF", "PYG"]);
const THREE_DECIMALS = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

const decimalsOf = (currency: string | undefined) =>
  currency && ZERO_DECIMALS.has(currency) ? 0 : currency && THREE_DECIMALS.has(currency) ? 3 : 2;

const isHttpsUrl = (value: string | undefined) => {
  if (!value) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

/** Every problem, each naming its field; empty when an agent could fulfil the order as sent. */
export function agentProblems(order: ExternalOrder): string[] {
  const problems: string[] = [];
  const decimals = decimalsOf(order.currency);
  const scale = 10 ** decimals;
  const minor = (amount: number) => Math.round(amount * scale);
  let goods = 0;
  let units = 0;
  order.lineItems.forEach((line, index) => {
    const at = `lineItems[${index}]`;
    if (!line.storeProductId || !line.storeVariantId)
      problems.push(`${at} names no product and variant: the agent cannot tell what to buy`);
    if (!line.title?.trim()) problems.push(`${at}.title is missing`);
    // A product with no media in Shopify has no picture to send; one that is sent must open.
    if (line.variantImg !== undefined && !isHttpsUrl(line.variantImg))
      problems.push(`${at}.variantImg must be an https image URL the agent can open`);
    if (!isHttpsUrl(line.productUrl)) problems.push(`${at}.productUrl must be an https link to the product page`);
    if (Math.abs(line.price * scale - minor(line.price)) > 1e-6)
      problems.push(`${at}.price has more decimals than ${order.currency} allows`);
    goods += minor(line.price) * line.quantity;
    units += line.quantity;
  });
  if (!order.currency) problems.push("currency is missing: the agent cannot read the prices");
  if (order.totalPrice !== undefined) {
    const total = minor(order.totalPrice);
    // A unit's price is rounded half up to the minor unit (docs/hypersku-contract.md, "Money": |r| ≤ units ÷ 2),
    // so with nothing else in the total the items may pass it by that much, and no more.
    if (2 * (goods - total) > units)
      problems.push(
        `the items (${goods / scale}) cost more than totalPrice (${order.totalPrice}), ` +
          `beyond rounding each unit's price (at most half a minor unit for each of the ${units} units)`,
      );
    if (order.totalShippingPrice !== undefined && minor(order.totalShippingPrice) > total)
      problems.push("totalShippingPrice is more than totalPrice");
    if (order.taxAmount !== undefined && minor(order.taxAmount) > total) problems.push("taxAmount is more than totalPrice");
  }
  return problems;
}
