/**
 * Parcels HyperSKU shipped for an order, and their fulfillment in Shopify. Every change of a
 * parcel's state is conditional on the state (or values) the caller read, and says whether it
 * happened: of two runs at once, one moves the parcel and records it.
 */
import type { Parcel, Prisma } from "@prisma/client";
import prisma from "~/models/db/client.server";
import type { Db, Tx } from "./db-types";
import { PARCEL_STATES_WITH_SHOPIFY_WORK, type ParcelClaim, type ParcelState } from "./parcel-state";

export type { Parcel };

export async function listOrderParcels(orderId: string, db: Db = prisma) {
  return db.parcel.findMany({ where: { orderId } });
}

export async function listOrderParcelsOldestFirst(orderId: string) {
  return prisma.parcel.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });
}

/** The shop's parcels that may still need work in Shopify, with the columns that tell what work. */
export async function listParcelsWithShopifyWork(shop: string) {
  return prisma.parcel.findMany({
    where: { shop, fulfillmentState: { in: [...PARCEL_STATES_WITH_SHOPIFY_WORK] } },
    select: {
      orderId: true,
      fulfillmentState: true,
      trackingCompany: true,
      trackingNumber: true,
      trackingUrl: true,
      shopifyFulfillmentId: true,
      syncedTracking: true,
      updatedAt: true,
    },
  });
}

type NewParcel = Pick<Parcel, "orderId" | "shop" | "parcelKey" | "trackingCompany" | "trackingNumber" | "trackingUrl" | "items" | "status">;

/** Records a new parcel; a parcel already recorded under its (order, key) fails with a unique violation. */
export async function createParcel(tx: Tx, parcel: NewParcel) {
  await tx.parcel.create({ data: parcel });
}

type Tracking = Pick<Parcel, "trackingCompany" | "trackingNumber" | "trackingUrl">;

/**
 * HyperSKU's current view of a parcel, written only while its tracking is still what was read
 * (`previous`). True when this call wrote it.
 */
export async function refreshParcel(
  tx: Tx,
  id: string,
  previous: Tracking,
  refreshed: Tracking &
    Pick<Parcel, "status"> &
    Partial<Pick<Parcel, "items" | "parcelKey" | "fulfillmentError">> & { fulfillmentState?: ParcelState },
): Promise<boolean> {
  const { count } = await tx.parcel.updateMany({
    where: { id, trackingCompany: previous.trackingCompany, trackingNumber: previous.trackingNumber, trackingUrl: previous.trackingUrl },
    data: refreshed,
  });
  return count === 1;
}

/** A pending parcel HyperSKU no longer lists needs no fulfillment. True when this call retired it. */
export async function retireVanishedParcel(tx: Tx, id: string, reason: string): Promise<boolean> {
  const { count } = await tx.parcel.updateMany({
    where: { id, fulfillmentState: "pending" },
    data: { fulfillmentState: "not_needed", fulfillmentError: reason },
  });
  return count === 1;
}

type Settlement = Partial<Pick<Parcel, "shopifyFulfillmentId" | "fulfillmentError" | "syncedTracking">> & {
  fulfillmentState?: ParcelState;
};

/** Settles a claimed parcel with Shopify's answer, only if it is still in `from`. True when this call did. */
export async function settleClaimedParcel(tx: Tx, id: string, from: ParcelState, settlement: Settlement): Promise<boolean> {
  const { count } = await tx.parcel.updateMany({
    where: { id, fulfillmentState: from },
    data: { ...settlement, updatedAt: new Date() },
  });
  return count === 1;
}

/**
 * Takes the parcel for one run: from `from` if nobody changed it since it was read (same
 * `updatedAt`, and for an update the same synced tracking), or from a claim gone stale before
 * `staleBefore`. True when this run holds it.
 */
export async function claimParcel(
  parcel: Pick<Parcel, "id" | "updatedAt" | "syncedTracking">,
  from: Extract<ParcelState, "pending" | "created">,
  to: ParcelClaim,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const { count } = await prisma.parcel.updateMany({
    where: {
      id: parcel.id,
      OR: [
        { fulfillmentState: from, updatedAt: parcel.updatedAt, ...(from === "created" ? { syncedTracking: parcel.syncedTracking } : {}) },
        { fulfillmentState: to, updatedAt: { lt: staleBefore } },
      ],
    },
    data: { fulfillmentState: to, updatedAt: now },
  });
  return count === 1;
}

/** Gives a claim back (the run failed before an answer that settles the parcel). */
export async function releaseParcelClaim(id: string, claimed: ParcelClaim, note: string | null) {
  await prisma.parcel.updateMany({
    where: { id, fulfillmentState: claimed },
    data: { fulfillmentState: claimed === "creating" ? "pending" : "created", fulfillmentError: note, updatedAt: new Date() },
  });
}

/** The parcel's Shopify work failed for good, unless its state moved since it was read. */
export async function failParcel(parcel: Pick<Parcel, "id" | "fulfillmentState">, reason: string) {
  await prisma.parcel.updateMany({
    where: { id: parcel.id, fulfillmentState: parcel.fulfillmentState },
    data: { fulfillmentState: "failed", fulfillmentError: reason },
  });
}

/**
 * Failed and conflicting parcels get another try: one already in Shopify is updated again, the
 * others are created again. Returns how many were reopened.
 */
export async function reopenFailedParcels(orderId: string): Promise<number> {
  const reopenedCreated = await prisma.parcel.updateMany({
    where: { orderId, fulfillmentState: "failed", shopifyFulfillmentId: { not: null } },
    data: { fulfillmentState: "created", fulfillmentError: null, syncedTracking: null },
  });
  const reopenedPending = await prisma.parcel.updateMany({
    where: { orderId, fulfillmentState: { in: ["failed", "conflict"] }, shopifyFulfillmentId: null },
    data: { fulfillmentState: "pending", fulfillmentError: null },
  });
  return reopenedCreated.count + reopenedPending.count;
}

/** Replaces a parcel's text with its scrubbed form (redaction). */
export async function scrubParcel(tx: Tx, id: string, scrubbed: Pick<Prisma.ParcelUpdateInput, "items" | "fulfillmentError">) {
  await tx.parcel.update({ where: { id }, data: scrubbed });
}
