/**
 * Turns an order's parcels into Shopify fulfillments and keeps their tracking current. Runs as a
 * queue job per order (ids only; state re-read here).
 *
 * A parcel is fulfilled at most once, even with two runs at the same time (a job and the merchant's
 * refresh, or two workers): each run claims the parcel row with one conditional update (pending ->
 * creating) and only the run whose update changed the row talks to Shopify. Before creating, the
 * run reads the order's fulfillments and adopts one that already carries the parcel's tracking
 * number, so a run that died after Shopify created the fulfillment (but before the row said so) is
 * not repeated by the next one. Throttling waits for Shopify's restore time without using up an
 * attempt; `userErrors` and conflicts are stored on the parcel and shown on the order as a flag.
 */
import {
  createFulfillment,
  describeUserErrors,
  getOrderFulfillmentState,
  orderGid,
  type OrderFulfillmentState,
  updateFulfillmentTracking,
} from "~/integrations/shopify/fulfillments.server";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { shopifyJobOutcome } from "~/integrations/shopify/job-outcome";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import type { JobOutcome } from "~/queue";
import type { Db } from "~/models/db-types";
import { getOrder, type Order } from "~/models/order.server";
import { addOrderEvent, recordOrderEvent } from "~/models/order-event.server";
import {
  claimParcel,
  failParcel,
  listOrderParcels,
  listOrderParcelsOldestFirst,
  releaseParcelClaim,
  settleClaimedParcel,
  type Parcel,
} from "~/models/parcel.server";
import type { ParcelClaim, ParcelState } from "~/models/parcel-state";
import { getShop, type Shop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import { toShopifyTracking } from "./carriers";
import { FULFILLMENT_FLAGS } from "./order-flags";
import { clearOrderFlag, setOrderFlag } from "./order-flags.server";
import { claimExpiresAt, CLAIM_STALE_MS, describeParcelItems, describeTracking, parcelWork } from "./parcel-work";
import { type ParcelItem, trackingSignature } from "./parse-parcels";
import { planFulfillment } from "./plan-fulfillment";

type Attempt = { attempt: number; maxAttempts: number };

/** Queues the order's fulfillment job (once: a pending one is reused), inside the caller's transaction. */
export async function queueParcelFulfillment(order: Pick<Order, "id" | "shop">, runAt = new Date(), db?: Db) {
  await enqueue(JOB_TYPES.fulfillParcels, { shop: order.shop, subjectId: order.id, runAt }, db);
}

const readItems = (parcel: Pick<Parcel, "items">): ParcelItem[] => {
  try {
    const value = JSON.parse(parcel.items);
    return Array.isArray(value) ? (value as ParcelItem[]) : [];
  } catch {
    return [];
  }
};

const parcelLabel = (parcel: Parcel) => `parcel ${describeTracking(parcel)}`;

async function settleParcel(
  parcel: Parcel,
  fromState: ParcelState,
  data: Partial<Pick<Parcel, "shopifyFulfillmentId" | "fulfillmentError" | "syncedTracking">> & { fulfillmentState?: ParcelState },
  event?: Parameters<typeof addOrderEvent>[2],
  flag?: { code: "fulfillment_conflict" | "fulfillment_failed"; reason: string },
) {
  await withTransaction(async (tx) => {
    if (!(await settleClaimedParcel(tx, parcel.id, fromState, data))) return;
    if (event) await addOrderEvent(tx, parcel.orderId, event);
    if (flag) await setOrderFlag(parcel.orderId, flag.code, flag.reason, tx);
  });
}

const describeFailure = (error: unknown) =>
  error instanceof ShopifyGraphqlError && error.throttled
    ? "Shopify asked the app to slow down; it tries again in a moment."
    : error instanceof Error
      ? error.message
      : String(error);

/** Gives a claim back (the run failed before an answer that settles the parcel). */
async function release(parcel: Parcel, claimed: ParcelClaim, note: string | null) {
  await releaseParcelClaim(parcel.id, claimed, note);
}

async function claim(parcel: Parcel, from: "pending" | "created", to: ParcelClaim, now: Date): Promise<boolean> {
  return claimParcel(parcel, from, to, now, new Date(now.getTime() - CLAIM_STALE_MS));
}

function adoptable(state: OrderFulfillmentState, parcel: Parcel) {
  return state.fulfillments.find(
    (fulfillment) => fulfillment.status !== "CANCELLED" && fulfillment.tracking.some((info) => info.number === parcel.trackingNumber),
  );
}

async function createForParcel(shop: Shop, order: Order, parcel: Parcel, now: Date) {
  if (!(await claim(parcel, "pending", "creating", now))) return;
  try {
    const state = await getOrderFulfillmentState(shop.domain, orderGid(order.shopifyOrderId));
    if (!state) {
      const reason = "Shopify no longer has this order (it may have been deleted), so the parcel cannot be marked as fulfilled.";
      await settleParcel(
        parcel,
        "creating",
        { fulfillmentState: "failed", fulfillmentError: reason },
        { kind: "fulfillment", outcome: "failed", message: `${parcelLabel(parcel)}: ${reason}` },
        { code: "fulfillment_failed", reason: `${parcelLabel(parcel)}: ${reason}` },
      );
      return;
    }
    const existing = adoptable(state, parcel);
    if (existing) {
      const tracking = existing.tracking.find((info) => info.number === parcel.trackingNumber)!;
      await settleParcel(
        parcel,
        "creating",
        {
          fulfillmentState: "created",
          shopifyFulfillmentId: existing.id,
          fulfillmentError: null,
          syncedTracking: trackingSignature({
            trackingCompany: tracking.company,
            trackingNumber: tracking.number,
            trackingUrl: tracking.url,
          }),
        },
        {
          kind: "fulfillment",
          outcome: "created",
          message: `Shopify already had a fulfillment with tracking ${parcel.trackingNumber}; linked ${parcelLabel(parcel)} to it.`,
          data: { fulfillmentId: existing.id },
        },
      );
      return;
    }
    const items = readItems(parcel);
    const plan = planFulfillment(items, state.fulfillmentOrders);
    if (plan.kind === "conflict") {
      await recordConflict(parcel, plan.reason);
      return;
    }
    const { knownCarrier: _known, ...trackingInfo } = toShopifyTracking(parcel);
    const result = await createFulfillment(shop.domain, {
      lineItemsByFulfillmentOrder: plan.lineItemsByFulfillmentOrder,
      trackingInfo,
      notifyCustomer: shop.notifyCustomer,
    });
    if (result.ok) {
      await settleParcel(
        parcel,
        "creating",
        {
          fulfillmentState: "created",
          shopifyFulfillmentId: result.fulfillmentId,
          fulfillmentError: null,
          syncedTracking: trackingSignature(parcel),
        },
        {
          kind: "fulfillment",
          outcome: "created",
          message: `Marked as fulfilled in Shopify: ${describeParcelItems(items)}, tracking ${describeTracking(parcel)}${shop.notifyCustomer ? "; Shopify notifies the customer" : "; the customer was not notified (your setting)"}.`,
          data: { fulfillmentId: result.fulfillmentId, notifyCustomer: shop.notifyCustomer },
        },
      );
      return;
    }
    // Shopify refused. If its state changed under us (a manual fulfillment), that is the conflict to show.
    const words = describeUserErrors(result.userErrors);
    const again = await getOrderFulfillmentState(shop.domain, orderGid(order.shopifyOrderId)).catch(() => null);
    const replanned = again ? planFulfillment(items, again.fulfillmentOrders) : null;
    if (replanned?.kind === "conflict") {
      await recordConflict(parcel, `${replanned.reason} (Shopify said: ${words})`);
      return;
    }
    const reason = `Shopify did not accept the fulfillment: ${words}`;
    await settleParcel(
      parcel,
      "creating",
      { fulfillmentState: "failed", fulfillmentError: reason },
      { kind: "fulfillment", outcome: "failed", message: `${parcelLabel(parcel)}: ${reason}` },
      { code: "fulfillment_failed", reason: `${parcelLabel(parcel)}: ${reason} Fix it in Shopify, then choose “Refresh from HyperSKU”.` },
    );
  } catch (error) {
    await release(parcel, "creating", describeFailure(error));
    throw error;
  }
}

async function recordConflict(parcel: Parcel, reason: string) {
  await settleParcel(
    parcel,
    "creating",
    { fulfillmentState: "conflict", fulfillmentError: reason },
    { kind: "fulfillment", outcome: "conflict", message: `${parcelLabel(parcel)} was not marked as fulfilled: ${reason}` },
    { code: "fulfillment_conflict", reason: `${parcelLabel(parcel)} was not marked as fulfilled in Shopify. ${reason}` },
  );
}

async function updateTrackingForParcel(shop: Shop, parcel: Parcel, now: Date) {
  if (!parcel.shopifyFulfillmentId || !(await claim(parcel, "created", "updating", now))) return;
  try {
    const { knownCarrier: _known, ...trackingInfo } = toShopifyTracking(parcel);
    const result = await updateFulfillmentTracking(shop.domain, {
      fulfillmentId: parcel.shopifyFulfillmentId,
      trackingInfo,
      notifyCustomer: shop.notifyCustomer,
    });
    if (result.ok) {
      await settleParcel(
        parcel,
        "updating",
        { fulfillmentState: "created", fulfillmentError: null, syncedTracking: trackingSignature(parcel) },
        {
          kind: "fulfillment",
          outcome: "tracking_updated",
          message: `Tracking updated in Shopify: ${describeTracking(parcel)}${shop.notifyCustomer ? "; Shopify notifies the customer" : ""}.`,
          data: { fulfillmentId: parcel.shopifyFulfillmentId },
        },
      );
      return;
    }
    const reason = `Shopify did not accept the new tracking: ${describeUserErrors(result.userErrors)}`;
    await settleParcel(
      parcel,
      "updating",
      { fulfillmentState: "failed", fulfillmentError: reason },
      { kind: "fulfillment", outcome: "failed", message: `${parcelLabel(parcel)}: ${reason}` },
      {
        code: "fulfillment_failed",
        reason: `${parcelLabel(parcel)}: ${reason} Update it in Shopify by hand, or choose “Refresh from HyperSKU” to try again.`,
      },
    );
  } catch (error) {
    await release(parcel, "updating", describeFailure(error));
    throw error;
  }
}

/** Parcels whose Shopify work failed for good: shown on the parcel and the order. */
async function giveUp(order: Order, message: string) {
  const parcels = await listOrderParcels(order.id);
  const now = new Date();
  for (const parcel of parcels) {
    const work = parcelWork(parcel, now);
    if (work !== "create" && work !== "update") continue;
    const reason = `The app could not reach Shopify to record this parcel: ${message}`;
    await failParcel(parcel, reason);
    await recordOrderEvent(order.id, { kind: "fulfillment", outcome: "failed", message: `${parcelLabel(parcel)}: ${reason}` });
    await setOrderFlag(order.id, "fulfillment_failed", `${parcelLabel(parcel)}: ${reason} Choose “Refresh from HyperSKU” to try again.`);
  }
}

export async function fulfillOrderParcels(
  orderId: string,
  attempt: Attempt = { attempt: 1, maxAttempts: 12 },
  now = new Date(),
): Promise<JobOutcome> {
  const order = await getOrder(orderId);
  if (!order) return { kind: "done" };
  const shop = await getShop(order.shop);
  if (!shop) return { kind: "done" };
  // The reinstall queues this again at once (install.server.ts); until then the parcels wait.
  if (shop.uninstalledAt)
    return {
      kind: "reschedule",
      runAt: new Date(Date.now() + 6 * 3600_000),
      note: "The app is uninstalled; the parcels are recorded in Shopify once it is reinstalled.",
    };

  const parcels = await listOrderParcelsOldestFirst(orderId);
  try {
    for (const parcel of parcels) {
      const work = parcelWork(parcel, now);
      if (work === "create") await createForParcel(shop, order, parcel, now);
      else if (work === "update") await updateTrackingForParcel(shop, parcel, now);
    }
  } catch (error) {
    if (!(error instanceof ShopifyGraphqlError)) throw error;
    const outcome = shopifyJobOutcome(error);
    if (outcome.kind === "retry" && attempt.attempt >= attempt.maxAttempts) {
      await giveUp(order, error.message);
      return { kind: "fail", error: error.message };
    }
    return outcome;
  }

  const after = await listOrderParcels(orderId);
  // Work that arrived during this run (a sync added or changed a parcel) found this job's key taken.
  if (after.some((parcel) => ["create", "update"].includes(parcelWork(parcel, new Date()) ?? ""))) {
    return { kind: "reschedule", runAt: new Date(), note: "More parcel work arrived while this run was busy." };
  }
  const busy = after.filter((parcel) => parcelWork(parcel, now) === "busy");
  if (busy.length > 0) {
    // Another run holds a claim; come back when it would be stale, in case that run died.
    const runAt = new Date(Math.max(...busy.map((parcel) => claimExpiresAt(parcel).getTime())));
    return { kind: "reschedule", runAt, note: "Another run is recording a parcel in Shopify." };
  }
  if (after.length > 0 && after.every((parcel) => ["created", "not_needed"].includes(parcel.fulfillmentState))) {
    await clearOrderFlag(order.id, FULFILLMENT_FLAGS);
  }
  return { kind: "done" };
}
