/**
 * Problems that need the merchant although the order is at HyperSKU (Order.flagCode/flagReason).
 * An order shows one flag; a more serious one is not replaced by a lesser one (its evidence stays
 * in the timeline either way). Pure.
 */
export const ORDER_FLAGS = {
  address_changed_after_shipping: 3,
  address_change_refused: 3,
  address_change_unusable: 3,
  cancelled_after_shipping: 3,
  cancel_refused: 3,
  fulfillment_conflict: 2,
  fulfillment_failed: 2,
  hypersku_order_missing: 1,
} as const;

export type OrderFlagCode = keyof typeof ORDER_FLAGS;

export const FULFILLMENT_FLAGS: readonly OrderFlagCode[] = ["fulfillment_conflict", "fulfillment_failed"];
export const ADDRESS_FLAGS: readonly OrderFlagCode[] = ["address_changed_after_shipping", "address_change_refused", "address_change_unusable"];
export const CANCEL_FLAGS: readonly OrderFlagCode[] = ["cancelled_after_shipping", "cancel_refused"];

const priorityOf = (code: string | null | undefined) => (code && code in ORDER_FLAGS ? ORDER_FLAGS[code as OrderFlagCode] : 0);

/** Whether `next` may replace the flag the order shows now. */
export const mayReplaceFlag = (current: string | null | undefined, next: OrderFlagCode) => priorityOf(next) >= priorityOf(current);
