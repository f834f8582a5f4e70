/**
 * What a stored parcel still needs from Shopify, from its row alone. Pure.
 *
 * `fulfillmentState` runs pending -> creating -> created (or conflict | failed | not_needed), and
 * created -> updating -> created when the tracking changes. `creating`/`updating` are claims: the
 * run that moved the row there (one atomic update) is the only one talking to Shopify about it. A
 * claim older than CLAIM_STALE_MS belongs to a run that died; it may be taken over, which is safe
 * because the next run first looks for a fulfillment that already carries the parcel's tracking.
 */
import { trackingSignature } from "./parse-parcels";

export const CLAIM_STALE_MS = 2 * 60_000;

export type ParcelRow = {
  fulfillmentState: string;
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shopifyFulfillmentId: string | null;
  syncedTracking: string | null;
  updatedAt: Date;
};

export type ParcelWork = "create" | "update" | "busy" | null;

export function parcelWork(parcel: ParcelRow, now: Date): ParcelWork {
  const stale = now.getTime() - parcel.updatedAt.getTime() >= CLAIM_STALE_MS;
  switch (parcel.fulfillmentState) {
    case "pending":
      // A fulfillment is made once the parcel has a tracking number: that is what the customer waits for.
      return parcel.trackingNumber ? "create" : null;
    case "creating":
      return stale ? "create" : "busy";
    case "created":
      return parcel.shopifyFulfillmentId && parcel.syncedTracking !== trackingSignature(parcel) ? "update" : null;
    case "updating":
      return stale ? "update" : "busy";
    default:
      return null;
  }
}

/** When a busy claim may be taken over. */
export const claimExpiresAt = (parcel: Pick<ParcelRow, "updatedAt">) => new Date(parcel.updatedAt.getTime() + CLAIM_STALE_MS);

/** "2 × Ceramic Mug, 1 × Lamp" for the timeline. */
export function describeParcelItems(items: { quantity: number; title: string | null; storeOrderLineItemId: string | null }[]): string {
  if (items.length === 0) return "no items listed";
  return items.map((item) => `${item.quantity} × ${item.title ?? `line item ${item.storeOrderLineItemId ?? "?"}`}`).join(", ");
}

export function describeTracking(parcel: { trackingCompany: string | null; trackingNumber: string | null }): string {
  if (!parcel.trackingNumber)
    return parcel.trackingCompany ? `${parcel.trackingCompany} (no tracking number yet)` : "no tracking number yet";
  return parcel.trackingCompany ? `${parcel.trackingCompany} ${parcel.trackingNumber}` : parcel.trackingNumber;
}

/** Parcel states whose units the app has fulfilled in Shopify, or is fulfilling now (claimed before Shopify is asked). */
const APP_FULFILLED_STATES = new Set(["creating", "created", "updating"]);

/**
 * Per Shopify line item id, the units the app's own fulfillments cover: what Shopify's
 * `orders/updated` after the app's fulfillment shows as fulfilled (app/domain/orders/items-reduced.ts).
 * Null when a parcel of the app's does not say which line its units are from (HyperSKU did not echo
 * the line id; such a parcel fulfils whatever remains), so no unit can be told apart as someone else's.
 */
export function appFulfilledUnits(
  parcels: readonly (Pick<ParcelRow, "fulfillmentState"> & { items: string })[],
): Map<string, number> | null {
  const units = new Map<string, number>();
  for (const parcel of parcels) {
    if (!APP_FULFILLED_STATES.has(parcel.fulfillmentState)) continue;
    let items: unknown;
    try {
      items = JSON.parse(parcel.items);
    } catch {
      return null;
    }
    if (!Array.isArray(items)) return null;
    for (const item of items as { storeOrderLineItemId?: unknown; quantity?: unknown }[]) {
      const id = item && typeof item.storeOrderLineItemId === "string" && item.storeOrderLineItemId ? item.storeOrderLineItemId : null;
      if (!id) return null;
      if (typeof item.quantity === "number" && item.quantity > 0) units.set(id, (units.get(id) ?? 0) + item.quantity);
    }
  }
  return units;
}
