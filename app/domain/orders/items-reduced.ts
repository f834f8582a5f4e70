/**
 * Items refunded or removed in Shopify after the order reached HyperSKU: HyperSKU still holds what
 * it was sent, and nothing the app can send takes items out of an order there. Pure: compares the
 * request HyperSKU received (Order.sentRequest) with the order as Shopify has it now, so the
 * merchant hears at once, in plain words, what is still bought and shipped and how to correct it.
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { shippableQuantity } from "./map-line-items";

export type ReducedItem = { lineItemId: string; title: string; sent: number; now: number };

type SentLine = { storeOrderLineItemId?: unknown; title?: unknown; quantity?: unknown };

function sentLines(sentRequest: string | null): SentLine[] {
  if (!sentRequest) return [];
  try {
    const lines = (JSON.parse(sentRequest) as { lineItems?: unknown }).lineItems;
    return Array.isArray(lines) ? (lines.filter((line) => line && typeof line === "object") as SentLine[]) : [];
  } catch {
    return [];
  }
}

/** The sent lines of which Shopify now wants fewer units shipped (none when the order was cancelled: that has its own path). */
export function findReducedItems(sentRequest: string | null, snapshot: ShopifyOrderSnapshot): ReducedItem[] {
  if (snapshot.cancelledAt) return [];
  const current = new Map(snapshot.lineItems.map((item) => [item.id, item]));
  const reduced: ReducedItem[] = [];
  for (const line of sentLines(sentRequest)) {
    const id = String(line.storeOrderLineItemId ?? "");
    const sent = typeof line.quantity === "number" ? line.quantity : 0;
    if (!id || sent <= 0) continue;
    const item = current.get(id);
    const now = item ? Math.min(sent, shippableQuantity(item)) : 0;
    if (now < sent) reduced.push({ lineItemId: id, title: typeof line.title === "string" ? line.title : (item?.title ?? id), sent, now });
  }
  return reduced;
}

/** "2 × Mug (none wanted now), 3 × Towel (1 wanted now)": what HyperSKU holds beyond what Shopify still wants. */
export function describeReducedItems(items: readonly ReducedItem[]): string {
  const listed = items
    .map((item) => `${item.sent} × ${item.title} (${item.now === 0 ? "none wanted now" : `${item.now} wanted now`})`)
    .join(", ");
  return `Refunded or removed in Shopify after the order was sent, but HyperSKU still has: ${listed}.`;
}
