/**
 * What the merchant can do about a problem the order block shows, keyed by the code stored with it
 * (Order.stateCode or Order.flagCode). Pure. Why an order is held has its fix beside its meaning
 * (HELD_REASONS), the reasons an order is not sent theirs in the orders catalogue; this adds the
 * codes set while sending and after HyperSKU has the order.
 */
import { ORDER_PROBLEMS, type OrderProblemCode } from "~/domain/orders/describe-problems";
import { ORDER_FLAG_FIXES, type OrderFlagCode } from "~/domain/tracking/order-flags";
import { HELD_REASONS, type HeldCode } from "~/models/order-state";

const SENDING_FIXES: Record<string, string> = {
  hypersku_unavailable:
    "Check the HyperSKU connection in the app, then choose Retry. If it keeps failing, contact support with the order number.",
  hypersku_rejected: "Correct the order in Shopify as HyperSKU's message says, then choose Retry.",
  create_unconfirmed:
    "Nothing to do: the app checks with HyperSKU on its own before sending again, and cancels a copy that arrives there late.",
  hypersku_unconfirmed: "Choose Retry: the app first asks HyperSKU whether it has the order, and sends it again only if not.",
  send_error: "Choose Retry. If it happens again, contact support with the order number and the error shown.",
};

const isOrderProblemCode = (code: string): code is OrderProblemCode => Object.hasOwn(ORDER_PROBLEMS, code);
const isHeldCode = (code: string): code is HeldCode => Object.hasOwn(HELD_REASONS, code);

/** The fix for a state code, or null when the code has none (or is unknown). */
export function getStateFix(code: string | null): string | null {
  if (!code) return null;
  if (isHeldCode(code)) return HELD_REASONS[code].fix;
  if (isOrderProblemCode(code)) return ORDER_PROBLEMS[code].fix;
  return SENDING_FIXES[code] ?? null;
}

/** The fix for a flag raised after sending (one catalogue, beside the flags), or null when unknown. */
export function getFlagFix(code: string | null): string | null {
  return code && Object.hasOwn(ORDER_FLAG_FIXES, code) ? ORDER_FLAG_FIXES[code as OrderFlagCode] : null;
}
