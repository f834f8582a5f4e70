/**
 * The open order's id from the block's `data.selected` (`[{ id: "gid://shopify/Order/123" }]`),
 * as the numeric id the app stores (Order.shopifyOrderId). Null when nothing usable is selected.
 */
const ORDER_GID = /^gid:\/\/shopify\/Order\/(\d+)(?:\?.*)?$/;
const NUMERIC = /^\d+$/;

export function getSelectedOrderId(selected: readonly { id: string }[] | null | undefined): string | null {
  const id = selected?.[0]?.id?.trim();
  if (!id) return null;
  if (NUMERIC.test(id)) return id;
  return ORDER_GID.exec(id)?.[1] ?? null;
}
