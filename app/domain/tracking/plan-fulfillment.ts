/**
 * Which fulfillment order line items, and how many units of each, one HyperSKU parcel fulfills in
 * Shopify; or, when Shopify's state does not allow it, why not, in plain words. Pure.
 *
 * The app never fights the merchant: a parcel whose items were fulfilled by hand, are on hold, on a
 * closed fulfillment order or handled elsewhere is a conflict to show, not something to force. A
 * parcel is fulfilled whole or not at all, from fulfillment orders of one location (Shopify takes
 * one location per fulfillment).
 */
import type { FulfillmentOrderView, LineItemsByFulfillmentOrder } from "~/integrations/shopify/fulfillments.server";
import type { ParcelItem } from "./parse-parcels";

export type { FulfillmentOrderView };

export type FulfillmentPlan =
  { kind: "create"; lineItemsByFulfillmentOrder: LineItemsByFulfillmentOrder } | { kind: "conflict"; reason: string };

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);

const nameOf = (item: Pick<ParcelItem, "title" | "storeOrderLineItemId">) =>
  item.title ? `“${item.title}”` : `line item ${item.storeOrderLineItemId ?? "(unknown)"}`;

function describeHolds(orders: FulfillmentOrderView[]): string {
  const reasons = orders
    .flatMap((order) => order.holds)
    .map((hold) =>
      hold.reasonNotes
        ? `${hold.reason.toLowerCase().replace(/_/g, " ")}: ${hold.reasonNotes}`
        : hold.reason.toLowerCase().replace(/_/g, " "),
    );
  return reasons.length > 0 ? ` (${[...new Set(reasons)].join("; ")})` : "";
}

/** Why `item` cannot be taken from the fulfillable fulfillment orders, looking at all of them. */
function diagnose(item: ParcelItem, orders: FulfillmentOrderView[]): string {
  const name = nameOf(item);
  const holding = orders.filter((order) => order.lineItems.some((line) => line.lineItemId === item.storeOrderLineItemId));
  if (holding.length === 0) {
    return `${name} is not on any fulfillment order this app may fulfill: it was removed from the order in Shopify, or another fulfillment service handles it.`;
  }
  const remainingIn = (order: FulfillmentOrderView) =>
    order.lineItems.filter((line) => line.lineItemId === item.storeOrderLineItemId).reduce((sum, line) => sum + line.remainingQuantity, 0);
  const onHold = holding.filter((order) => order.status === "ON_HOLD" && remainingIn(order) > 0);
  if (onHold.length > 0) {
    return `Shopify has ${name} on hold${describeHolds(onHold)}. Release the hold in Shopify, then choose “Refresh from HyperSKU”.`;
  }
  if (holding.some((order) => order.status === "SCHEDULED" && remainingIn(order) > 0)) {
    return `${name} is scheduled for later fulfillment in Shopify, so it cannot be fulfilled yet.`;
  }
  const open = holding.filter((order) => FULFILLABLE.has(order.status)).reduce((sum, order) => sum + remainingIn(order), 0);
  if (open === 0) {
    return `${name} is already fulfilled or closed in Shopify (by hand or by another app). The app left it as it is.`;
  }
  return `Only ${open} of the ${item.quantity} units of ${name} in this parcel are still unfulfilled in Shopify (the rest were fulfilled by hand or by another app). The app left it as it is.`;
}

/** Takes `item.quantity` units from the lines of `orders`, or returns null when they hold fewer. */
function take(item: ParcelItem, orders: FulfillmentOrderView[], used: Map<string, number>) {
  const picks: { orderId: string; lineId: string; quantity: number }[] = [];
  let needed = item.quantity;
  for (const order of orders) {
    for (const line of order.lineItems) {
      if (needed === 0) break;
      if (line.lineItemId !== item.storeOrderLineItemId) continue;
      const free = line.remainingQuantity - (used.get(line.id) ?? 0);
      if (free <= 0) continue;
      const quantity = Math.min(free, needed);
      picks.push({ orderId: order.id, lineId: line.id, quantity });
      used.set(line.id, (used.get(line.id) ?? 0) + quantity);
      needed -= quantity;
    }
  }
  return needed === 0 ? picks : null;
}

export function planFulfillment(items: readonly ParcelItem[], fulfillmentOrders: readonly FulfillmentOrderView[]): FulfillmentPlan {
  if (items.length === 0) {
    return {
      kind: "conflict",
      reason: "HyperSKU did not list the items in this parcel, so the app cannot tell which items to mark as fulfilled.",
    };
  }
  const unlinked = items.find((item) => !item.storeOrderLineItemId);
  if (unlinked) {
    return {
      kind: "conflict",
      reason: `HyperSKU did not say which Shopify line item ${unlinked.title ? `“${unlinked.title}”` : "an item"} of this parcel is.`,
    };
  }
  const all = [...fulfillmentOrders];
  const fulfillable = all.filter((order) => FULFILLABLE.has(order.status));
  const locations = [...new Set(fulfillable.map((order) => order.locationId ?? order.id))];

  for (const location of locations) {
    const here = fulfillable.filter((order) => (order.locationId ?? order.id) === location);
    const used = new Map<string, number>();
    const picks = [];
    let complete = true;
    for (const item of items) {
      const taken = take(item, here, used);
      if (!taken) {
        complete = false;
        break;
      }
      picks.push(...taken);
    }
    if (!complete) continue;
    const grouped = new Map<string, Map<string, number>>();
    for (const pick of picks) {
      const lines = grouped.get(pick.orderId) ?? new Map<string, number>();
      lines.set(pick.lineId, (lines.get(pick.lineId) ?? 0) + pick.quantity);
      grouped.set(pick.orderId, lines);
    }
    return {
      kind: "create",
      lineItemsByFulfillmentOrder: [...grouped.entries()].map(([fulfillmentOrderId, lines]) => ({
        fulfillmentOrderId,
        fulfillmentOrderLineItems: [...lines.entries()].map(([id, quantity]) => ({ id, quantity })),
      })),
    };
  }

  // No single location can take the whole parcel: name the first item that is short anywhere.
  const used = new Map<string, number>();
  for (const item of items) {
    if (!take(item, fulfillable, used)) return { kind: "conflict", reason: diagnose(item, all) };
  }
  return {
    kind: "conflict",
    reason:
      "The items of this parcel are assigned to different locations in Shopify; the app fulfills a parcel from one location only. Fulfill it in Shopify by hand.",
  };
}
