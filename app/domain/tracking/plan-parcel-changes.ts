/**
 * What a fresh look at HyperSKU's parcels changes in the stored ones. Pure.
 *
 * A stored parcel matches an incoming one by key (its contents); failing that, by tracking number
 * (HyperSKU changed what it lists as the contents but it is the same parcel). What is left over is
 * new, or no longer listed by HyperSKU.
 */
import { type ParsedParcel, type Tracking, trackingSignature } from "./parse-parcels";

export type StoredParcel = Tracking & {
  id: string;
  parcelKey: string;
  fulfillmentState: string;
  shopifyFulfillmentId: string | null;
  items: string;
  status: string | null;
};

type ParcelUpdate = {
  id: string;
  parcel: ParsedParcel;
  /** The tracking stored before, to detect the change and guard the write against a concurrent sync. */
  previous: Tracking;
  trackingChanged: boolean;
  /** The parcel now carries other items or units (its key changed). */
  contentsChanged: boolean;
};

export type ParcelChanges = {
  create: ParsedParcel[];
  update: ParcelUpdate[];
  /** Stored parcels HyperSKU no longer lists. */
  vanished: StoredParcel[];
};

export function planParcelChanges(stored: readonly StoredParcel[], incoming: readonly ParsedParcel[]): ParcelChanges {
  const unmatched = new Map(stored.map((parcel) => [parcel.id, parcel]));
  const pairs: [StoredParcel, ParsedParcel][] = [];
  const leftover: ParsedParcel[] = [];

  for (const parcel of incoming) {
    const match = [...unmatched.values()].find((candidate) => candidate.parcelKey === parcel.parcelKey);
    if (match) {
      unmatched.delete(match.id);
      pairs.push([match, parcel]);
    } else {
      leftover.push(parcel);
    }
  }
  const create: ParsedParcel[] = [];
  for (const parcel of leftover) {
    const match = parcel.trackingNumber
      ? [...unmatched.values()].find((candidate) => candidate.trackingNumber === parcel.trackingNumber)
      : undefined;
    if (match) {
      unmatched.delete(match.id);
      pairs.push([match, parcel]);
    } else {
      create.push(parcel);
    }
  }

  const update: ParcelUpdate[] = [];
  for (const [before, after] of pairs) {
    const trackingChanged = trackingSignature(before) !== trackingSignature(after);
    const contentsChanged = before.parcelKey !== after.parcelKey;
    // Item statuses follow the order's, so the stored items are refreshed even when nothing else moved.
    const dropped = before.fulfillmentState === "not_needed";
    if (trackingChanged || contentsChanged || dropped || before.status !== after.status || before.items !== JSON.stringify(after.items)) {
      update.push({
        id: before.id,
        parcel: after,
        previous: { trackingCompany: before.trackingCompany, trackingNumber: before.trackingNumber, trackingUrl: before.trackingUrl },
        trackingChanged,
        contentsChanged,
      });
    }
  }
  return { create, update, vanished: [...unmatched.values()] };
}
