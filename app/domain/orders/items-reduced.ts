/**
 * What changed in Shopify about the items of an order HyperSKU already has. Pure: compares the
 * request HyperSKU received (Order.sentRequest) with the order as Shopify has it now.
 *
 * Two different things lower a line's `fulfillable_quantity` in Shopify, and only one of them means
 * the customer no longer wants the units:
 * - a refund or an order edit takes units off the order (`refunds[]`, `current_quantity`): HyperSKU
 *   still buys and ships them, and nothing the app can send takes them out (findReducedItems);
 * - a fulfillment marks units as shipped. The app's own fulfillments (HyperSKU's parcels) do this
 *   after every shipment, and Shopify then sends `orders/updated` with the units fulfilled; that is
 *   the normal course of an order and never a problem. Units fulfilled by someone else (the
 *   merchant's "Mark as fulfilled", another app) after sending are their own case
 *   (findFulfilledOutsideApp): HyperSKU still ships them, and Shopify will refuse its tracking.
 * Units added by an order edit after sending (a new line, or more of a sent one) are not at HyperSKU
 * either: findAddedItems names them, counting as known every line the order had when it was sent
 * (sent, or left out for another fulfiller: Order.leftOutLines).
 * Shopify: "fulfillable_quantity = quantity - max(refunded_quantity, fulfilled_quantity) - pending"
 * (REST Order resource, line_items), and docs/hypersku-contract.md "After sending".
 */
import type { ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type ReducedItem = { lineItemId: string; title: string; sent: number; now: number };

/** Units of a sent line that Shopify counts as fulfilled although the app made no fulfillment for them. */
export type FulfilledOutsideItem = { lineItemId: string; title: string; sent: number; fulfilledOutside: number };

type SentLine = { storeOrderLineItemId?: unknown; title?: unknown; quantity?: unknown };

function sentLines(sentRequest: string | null): { id: string; title: string | null; sent: number }[] {
  if (!sentRequest) return [];
  let lines: unknown;
  try {
    lines = (JSON.parse(sentRequest) as { lineItems?: unknown }).lineItems;
  } catch {
    return [];
  }
  if (!Array.isArray(lines)) return [];
  return (lines.filter((line) => line && typeof line === "object") as SentLine[])
    .map((line) => ({
      id: String(line.storeOrderLineItemId ?? ""),
      title: typeof line.title === "string" ? line.title : null,
      sent: typeof line.quantity === "number" ? line.quantity : 0,
    }))
    .filter((line) => line.id !== "" && line.sent > 0);
}

/** Units the customer still wants: ordered, less refunded and removed. Fulfilled units are still wanted. */
function wantedQuantity(item: ShopifyLineItemSnapshot): number {
  const bounds = [item.quantity - item.refundedQuantity];
  if (item.currentQuantity !== null) bounds.push(item.currentQuantity);
  return Math.max(0, Math.min(...bounds));
}

/** The sent lines of which the customer now wants fewer units (none when the order was cancelled: that has its own path). */
export function findReducedItems(sentRequest: string | null, snapshot: ShopifyOrderSnapshot): ReducedItem[] {
  if (snapshot.cancelledAt) return [];
  const current = new Map(snapshot.lineItems.map((item) => [item.id, item]));
  const reduced: ReducedItem[] = [];
  for (const line of sentLines(sentRequest)) {
    const item = current.get(line.id);
    const now = item ? Math.min(line.sent, wantedQuantity(item)) : 0;
    if (now < line.sent) reduced.push({ lineItemId: line.id, title: line.title ?? item?.title ?? line.id, sent: line.sent, now });
  }
  return reduced;
}

/**
 * The sent lines with units fulfilled in Shopify beyond what the app's own fulfillments cover.
 * `appUnits`: per Shopify line item id, the units of the app's parcels that are fulfilled in Shopify
 * or being fulfilled now (a parcel is claimed before Shopify is asked, so the `orders/updated` that
 * follows the app's own fulfillment always finds it counted here).
 */
export function findFulfilledOutsideApp(
  sentRequest: string | null,
  snapshot: ShopifyOrderSnapshot,
  appUnits: ReadonlyMap<string, number>,
): FulfilledOutsideItem[] {
  if (snapshot.cancelledAt) return [];
  const current = new Map(snapshot.lineItems.map((item) => [item.id, item]));
  const outside: FulfilledOutsideItem[] = [];
  for (const line of sentLines(sentRequest)) {
    const item = current.get(line.id);
    if (!item || item.fulfillableQuantity === null) continue;
    // Units Shopify no longer offers to fulfil beyond those refunded or removed: fulfilled ones.
    const fulfilled = Math.max(0, wantedQuantity(item) - item.fulfillableQuantity);
    const fulfilledOutside = Math.min(line.sent, fulfilled) - (appUnits.get(line.id) ?? 0);
    if (fulfilledOutside > 0) outside.push({ lineItemId: line.id, title: line.title ?? item.title, sent: line.sent, fulfilledOutside });
  }
  return outside;
}

export type AddedItem = { lineItemId: string; title: string; added: number; sent: number };

function leftOutIds(leftOutLines: string | null): Set<string> {
  if (!leftOutLines) return new Set();
  try {
    const lines = JSON.parse(leftOutLines) as unknown;
    return new Set(Array.isArray(lines) ? lines.map((line) => String((line as { lineItemId?: unknown })?.lineItemId ?? "")) : []);
  } catch {
    return new Set();
  }
}

/** Units the customer wants now that HyperSKU was never sent: lines added by an edit, or more units of a sent line. */
export function findAddedItems(sentRequest: string | null, leftOutLines: string | null, snapshot: ShopifyOrderSnapshot): AddedItem[] {
  if (snapshot.cancelledAt || !sentRequest) return [];
  const sent = new Map(sentLines(sentRequest).map((line) => [line.id, line.sent]));
  if (sent.size === 0) return [];
  const leftOut = leftOutIds(leftOutLines);
  const added: AddedItem[] = [];
  for (const item of snapshot.lineItems) {
    if (leftOut.has(item.id) || item.isGiftCard || !item.requiresShipping) continue;
    const wanted = wantedQuantity(item);
    const had = sent.get(item.id) ?? 0;
    if (wanted > had) added.push({ lineItemId: item.id, title: item.title, added: wanted - had, sent: had });
  }
  return added;
}

/** "2 × Beanie, 1 more × Mug": what the customer wants that HyperSKU does not have. */
export function describeAddedItems(items: readonly AddedItem[]): string {
  const listed = items.map((item) => `${item.added}${item.sent > 0 ? " more" : ""} × ${item.title}`).join(", ");
  return `Added in Shopify after the order was sent, and not at HyperSKU: ${listed}.`;
}

/** "2 × Mug (none wanted now), 3 × Towel (1 wanted now)": what HyperSKU holds beyond what Shopify still wants. */
export function describeReducedItems(items: readonly ReducedItem[]): string {
  const listed = items
    .map((item) => `${item.sent} × ${item.title} (${item.now === 0 ? "none wanted now" : `${item.now} wanted now`})`)
    .join(", ");
  return `Refunded or removed in Shopify after the order was sent, but HyperSKU still has: ${listed}.`;
}

/** "Marked as fulfilled in Shopify outside the app …: 1 of 2 × Mug.": units HyperSKU will still ship. */
export function describeFulfilledOutsideApp(items: readonly FulfilledOutsideItem[]): string {
  const listed = items
    .map((item) =>
      item.fulfilledOutside >= item.sent ? `${item.sent} × ${item.title}` : `${item.fulfilledOutside} of ${item.sent} × ${item.title}`,
    )
    .join(", ");
  return `Marked as fulfilled in Shopify outside the app after the order was sent: ${listed}. HyperSKU still buys and ships these items.`;
}

/** One change Shopify made to a sent order's items that the merchant must hear about: its flag, timeline kind and words. */
export type ItemChange = {
  flag: "items_reduced_after_sending" | "items_added_after_sending" | "fulfilled_outside_app";
  kind: "items_reduced" | "items_added" | "fulfilled_outside_app";
  reason: string;
  lineItemIds: string[];
};

/** Whether Shopify counts any unit of the order as no longer to fulfil (only then are the app's parcels worth reading). */
export const hasUnitsDone = (snapshot: ShopifyOrderSnapshot) =>
  snapshot.lineItems.some((item) => item.fulfillableQuantity !== null && item.fulfillableQuantity < item.quantity);

/**
 * Every change to report, most serious first: units taken off, units added, units fulfilled by someone
 * else (`appUnits`: the app's own fulfilled units per line, null when unknown or not read).
 */
export function findItemChanges(
  order: { sentRequest: string | null; leftOutLines: string | null },
  snapshot: ShopifyOrderSnapshot,
  appUnits: ReadonlyMap<string, number> | null,
): ItemChange[] {
  const ids = (items: readonly { lineItemId: string }[]) => items.map((item) => item.lineItemId);
  const reduced = findReducedItems(order.sentRequest, snapshot);
  const added = findAddedItems(order.sentRequest, order.leftOutLines, snapshot);
  const outside = appUnits ? findFulfilledOutsideApp(order.sentRequest, snapshot, appUnits) : [];
  return [
    ...(reduced.length
      ? [
          {
            flag: "items_reduced_after_sending",
            kind: "items_reduced",
            reason: describeReducedItems(reduced),
            lineItemIds: ids(reduced),
          } as const,
        ]
      : []),
    ...(added.length
      ? [{ flag: "items_added_after_sending", kind: "items_added", reason: describeAddedItems(added), lineItemIds: ids(added) } as const]
      : []),
    ...(outside.length
      ? [
          {
            flag: "fulfilled_outside_app",
            kind: "fulfilled_outside_app",
            reason: describeFulfilledOutsideApp(outside),
            lineItemIds: ids(outside),
          } as const,
        ]
      : []),
  ];
}
