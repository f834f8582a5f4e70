/**
 * Problems that need the merchant although the order is at HyperSKU (Order.flagCode/flagReason).
 * An order shows one flag; a more serious one is not replaced by a lesser one (its evidence stays
 * in the timeline either way). Pure.
 */
const ORDER_FLAGS = {
  address_changed_after_shipping: 3,
  address_change_refused: 3,
  address_change_unusable: 3,
  cancelled_after_shipping: 3,
  cancel_refused: 3,
  items_reduced_after_sending: 3,
  items_added_after_sending: 3,
  duplicate_at_hypersku: 3,
  fulfilled_outside_app: 2,
  fulfillment_conflict: 2,
  fulfillment_failed: 2,
  hypersku_order_missing: 1,
} as const;

export type OrderFlagCode = keyof typeof ORDER_FLAGS;

/** What the merchant can do about each flag. Keyed by every code: a new flag needs its fix to compile. */
export const ORDER_FLAG_FIXES: Record<OrderFlagCode, string> = {
  address_changed_after_shipping:
    "HyperSKU has already shipped with the old address: contact the customer, and HyperSKU support if the parcel must be redirected.",
  address_change_refused: "HyperSKU refused the new address: check it in Shopify, or ask HyperSKU support to change it.",
  address_change_unusable: "The new address is incomplete: correct it in Shopify; the app passes it on while HyperSKU still allows it.",
  cancelled_after_shipping:
    "The order was cancelled in Shopify after HyperSKU shipped it: contact HyperSKU support about a return or refund.",
  cancel_refused: "HyperSKU has already processed this order: contact HyperSKU support to stop or return it.",
  items_reduced_after_sending:
    "Before HyperSKU ships, ask HyperSKU support (or edit the order in your HyperSKU account) to take these items out, or choose Cancel at HyperSKU to stop the whole order; once shipped, arrange a return with HyperSKU.",
  items_added_after_sending:
    "HyperSKU does not have these items: add them to the order in your HyperSKU account (or ask HyperSKU support), or fulfil them yourself and mark them fulfilled in Shopify.",
  duplicate_at_hypersku:
    "Keep the HyperSKU order the app follows, named above. If the app cancelled the extra copy, there is nothing left to do unless you already paid HyperSKU for it: then ask HyperSKU for a refund. Otherwise cancel the extra copy in your HyperSKU account, or ask HyperSKU support to stop or return it.",
  fulfilled_outside_app:
    "If you shipped these items yourself, ask HyperSKU support to take them out of the order (or choose Cancel at HyperSKU) before it ships. If they were marked fulfilled by mistake, cancel that fulfillment in Shopify: the app then adds HyperSKU's tracking when it ships.",
  fulfillment_conflict: "Check this order's fulfillments in Shopify: one was made outside the app for the same items.",
  fulfillment_failed: "Shopify refused the fulfillment: open the order, check its fulfillment orders, then choose Refresh from HyperSKU.",
  hypersku_order_missing: "HyperSKU no longer knows this order: check it in your HyperSKU account and contact HyperSKU support.",
};

export const FULFILLMENT_FLAGS: readonly OrderFlagCode[] = ["fulfillment_conflict", "fulfillment_failed"];
export const ADDRESS_FLAGS: readonly OrderFlagCode[] = [
  "address_changed_after_shipping",
  "address_change_refused",
  "address_change_unusable",
];
export const CANCEL_FLAGS: readonly OrderFlagCode[] = ["cancelled_after_shipping", "cancel_refused"];

const priorityOf = (code: string | null | undefined) => (code && code in ORDER_FLAGS ? ORDER_FLAGS[code as OrderFlagCode] : 0);

/** Whether `next` may replace the flag the order shows now. */
export const mayReplaceFlag = (current: string | null | undefined, next: OrderFlagCode) => priorityOf(next) >= priorityOf(current);
