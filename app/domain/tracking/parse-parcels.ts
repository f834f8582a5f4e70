/**
 * HyperSKU's `logisticsItems` (one per parcel) -> the app's parcels. Pure.
 *
 * HyperSKU gives a parcel no id of its own, so the key is built from what identifies it best and
 * changes least: the items it carries ("items:<line>x<units>,..."), numbered when two parcels carry
 * the same items. A carrier hand-over replaces the tracking number, not the contents, so keying by
 * the number would turn a tracking change into a second parcel and a second fulfillment. A parcel
 * that lists no items is keyed by its tracking number instead.
 */
import type { HyperskuLogisticsItem, HyperskuShippingItem } from "~/integrations/hypersku/schemas";

export type ParcelItem = {
  /** The Shopify line item id (numeric, as sent in createOrderFromExternal), when HyperSKU echoes it. */
  storeOrderLineItemId: string | null;
  quantity: number;
  title: string | null;
  variantTitle: string | null;
  imgUrl: string | null;
  status: number | null;
  statusDes: string | null;
};

export type ParsedParcel = {
  parcelKey: string;
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  items: ParcelItem[];
  /** HyperSKU's description of the parcel's state (its items'), e.g. "Shipping". */
  status: string | null;
};

export type Tracking = Pick<ParsedParcel, "trackingCompany" | "trackingNumber" | "trackingUrl">;

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** What a parcel's tracking looks like as one comparable string (stored as Parcel.syncedTracking). */
export function trackingSignature(tracking: Tracking): string {
  return [tracking.trackingCompany ?? "", tracking.trackingNumber ?? "", tracking.trackingUrl ?? ""].join("|");
}

function itemIdentity(item: HyperskuShippingItem): string | null {
  const store = text(item.storeOrderLineItemId);
  if (store) return store;
  if (item.lineItemId != null) return `hypersku-line-${item.lineItemId}`;
  if (item.skuId != null) return `hypersku-sku-${item.skuId}`;
  return null;
}

/** The parcel's items, one entry per line item (HyperSKU may list a line twice), without empty ones. */
function parseParcelItems(items: readonly HyperskuShippingItem[]): ParcelItem[] {
  const byLine = new Map<string, ParcelItem>();
  const anonymous: ParcelItem[] = [];
  for (const item of items) {
    const quantity = typeof item.num === "number" && Number.isFinite(item.num) ? Math.floor(item.num) : 0;
    if (quantity <= 0) continue;
    const parsed: ParcelItem = {
      storeOrderLineItemId: text(item.storeOrderLineItemId),
      quantity,
      title: text(item.title),
      variantTitle: text(item.variantTitle),
      imgUrl: text(item.imgUrl),
      status: item.status ?? null,
      statusDes: text(item.statusDes),
    };
    const identity = itemIdentity(item);
    if (!identity) {
      anonymous.push(parsed);
      continue;
    }
    const known = byLine.get(identity);
    if (known) known.quantity += quantity;
    else byLine.set(identity, parsed);
  }
  return [...byLine.values(), ...anonymous];
}

function contentsKey(items: readonly HyperskuShippingItem[]): string | null {
  const units = new Map<string, number>();
  for (const item of items) {
    const identity = itemIdentity(item);
    const quantity = typeof item.num === "number" ? Math.floor(item.num) : 0;
    if (!identity || quantity <= 0) continue;
    units.set(identity, (units.get(identity) ?? 0) + quantity);
  }
  if (units.size === 0) return null;
  return [...units.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([identity, quantity]) => `${identity}x${quantity}`)
    .join(",");
}

/**
 * The parcels of one HyperSKU order. `hyperskuOrderId` filters out parcels of other HyperSKU orders
 * listed under the same store order id. A logistics item with neither items nor a tracking number
 * carries nothing to act on and is left out.
 */
export function parseParcels(logistics: readonly HyperskuLogisticsItem[], hyperskuOrderId: string | null): ParsedParcel[] {
  const seen = new Map<string, number>();
  const parcels: ParsedParcel[] = [];
  logistics.forEach((entry, index) => {
    if (hyperskuOrderId && entry.orderId != null && String(entry.orderId) !== hyperskuOrderId) return;
    const shippingItems = entry.shippingItems ?? [];
    const trackingNumber = text(entry.trackingNumber);
    const contents = contentsKey(shippingItems);
    if (!contents && !trackingNumber) return;
    const base = contents ? `items:${contents}` : `tracking:${trackingNumber ?? index}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    const items = parseParcelItems(shippingItems);
    parcels.push({
      parcelKey: occurrence === 1 ? base : `${base}#${occurrence}`,
      trackingCompany: text(entry.trackingCompany),
      trackingNumber,
      trackingUrl: text(entry.trackingUrl),
      items,
      status: items.find((item) => item.statusDes)?.statusDes ?? null,
    });
  });
  return parcels;
}
