/**
 * Where a parcel stands in Shopify (Parcel.fulfillmentState). Pure. It runs pending -> creating ->
 * created (or conflict | failed | not_needed), and created -> updating -> created when the tracking
 * changes; `creating` and `updating` are claims held by the one run talking to Shopify about it.
 */
export type ParcelState = "pending" | "creating" | "created" | "updating" | "conflict" | "failed" | "not_needed";

/** Claims: a run holds the parcel while it talks to Shopify. */
export type ParcelClaim = Extract<ParcelState, "creating" | "updating">;

/** Parcels that may still have work in Shopify: a fulfillment to make or to update, or one being made now. */
export const PARCEL_STATES_WITH_SHOPIFY_WORK: readonly ParcelState[] = ["pending", "creating", "created", "updating"];
