/**
 * What the merchant can do about a problem the order block shows, keyed by the code stored with it
 * (Order.stateCode or Order.flagCode). Pure. The reasons an order is not sent already have their fix
 * in the orders catalogue; this adds the codes set while sending and after HyperSKU has the order.
 */
import { ORDER_PROBLEMS, type OrderProblemCode } from "~/domain/orders/describe-problems";

const RECONNECT = "Open the app and connect HyperSKU; held orders are then sent automatically.";

const SENDING_FIXES: Record<string, string> = {
  not_connected: RECONNECT,
  reconnect_needed: RECONNECT,
  operator_configuration: "Nothing to do in the order: the app's operator has been told. The order is sent once the settings are fixed.",
  hypersku_unavailable: "Check the HyperSKU connection in the app, then choose Retry. If it keeps failing, contact support with the order number.",
  hypersku_rejected: "Correct the order in Shopify as HyperSKU's message says, then choose Retry.",
};

const FLAG_FIXES: Record<string, string> = {
  address_changed_after_shipping: "HyperSKU has already shipped with the old address: contact the customer, and HyperSKU support if the parcel must be redirected.",
  cancel_refused: "HyperSKU has already processed this order: contact HyperSKU support to stop or return it.",
  fulfillment_conflict: "Check this order's fulfillments in Shopify: one was made outside the app for the same items.",
};

const isOrderProblemCode = (code: string): code is OrderProblemCode => Object.hasOwn(ORDER_PROBLEMS, code);

/** The fix for a state code, or null when the code has none (or is unknown). */
export function getStateFix(code: string | null): string | null {
  if (!code) return null;
  if (isOrderProblemCode(code)) return ORDER_PROBLEMS[code].fix;
  return SENDING_FIXES[code] ?? null;
}

/** The fix for a flag raised after sending, or null when the flag is unknown. */
export function getFlagFix(code: string | null): string | null {
  return (code && FLAG_FIXES[code]) || null;
}
