/**
 * Folds a fresh list of HyperSKU parcels into an order's Parcel rows and timeline. Safe to run twice
 * at once: rows are created under their unique (order, key) and changed only from the values this
 * run read, so each parcel and each tracking change is recorded once.
 */
import { isUniqueViolation } from "~/models/db-types";
import { type Order } from "~/models/order.server";
import { addOrderEvent } from "~/models/order-event.server";
import { createParcel, listOrderParcels, refreshParcel, retireVanishedParcel } from "~/models/parcel.server";
import { withTransaction } from "~/models/transactions.server";
import { describeParcelItems, describeTracking, parcelWork } from "./parcel-work";
import type { ParsedParcel } from "./parse-parcels";
import { planParcelChanges } from "./plan-parcel-changes";

export type ParcelOutcome = { added: number; trackingChanged: number; needsFulfillment: boolean };

const FULFILLED_STATES = new Set(["created", "updating"]);

export async function applyParcels(order: Pick<Order, "id" | "shop">, parsed: ParsedParcel[]): Promise<ParcelOutcome> {
  const stored = await listOrderParcels(order.id);
  const plan = planParcelChanges(stored, parsed);
  const outcome: ParcelOutcome = { added: 0, trackingChanged: 0, needsFulfillment: false };

  for (const parcel of plan.create) {
    try {
      await withTransaction(async (tx) => {
        await createParcel(tx, {
          orderId: order.id,
          shop: order.shop,
          parcelKey: parcel.parcelKey,
          trackingCompany: parcel.trackingCompany,
          trackingNumber: parcel.trackingNumber,
          trackingUrl: parcel.trackingUrl,
          items: JSON.stringify(parcel.items),
          status: parcel.status,
        });
        await addOrderEvent(tx, order.id, {
          kind: "tracking",
          outcome: "added",
          message: `HyperSKU shipped a parcel: ${describeParcelItems(parcel.items)}; tracking ${describeTracking(parcel)}.`,
          data: { parcelKey: parcel.parcelKey, trackingCompany: parcel.trackingCompany, trackingNumber: parcel.trackingNumber },
        });
      });
      outcome.added += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // a concurrent sync recorded it first
    }
  }

  for (const change of plan.update) {
    const before = stored.find((parcel) => parcel.id === change.id)!;
    const { parcel, previous } = change;
    // The contents (key) of a parcel already in Shopify stay as fulfilled; only HyperSKU's view refreshes.
    const rekey = change.contentsChanged && !FULFILLED_STATES.has(before.fulfillmentState);
    // Listed again after HyperSKU had dropped it: it needs its fulfillment after all.
    const revive = before.fulfillmentState === "not_needed" && !before.shopifyFulfillmentId;
    try {
      await withTransaction(async (tx) => {
        const refreshed = await refreshParcel(tx, change.id, previous, {
          trackingCompany: parcel.trackingCompany,
          trackingNumber: parcel.trackingNumber,
          trackingUrl: parcel.trackingUrl,
          status: parcel.status,
          ...(rekey || !change.contentsChanged ? { items: JSON.stringify(parcel.items) } : {}),
          ...(rekey ? { parcelKey: parcel.parcelKey } : {}),
          ...(revive ? { fulfillmentState: "pending" as const, fulfillmentError: null } : {}),
        });
        if (refreshed && change.trackingChanged) {
          await addOrderEvent(tx, order.id, {
            kind: "tracking",
            outcome: "changed",
            message: `HyperSKU changed a parcel's tracking from ${describeTracking(previous)} to ${describeTracking(parcel)}.`,
            data: { parcelKey: parcel.parcelKey, from: previous.trackingNumber, to: parcel.trackingNumber },
          });
          outcome.trackingChanged += 1;
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  // An empty answer says nothing (HyperSKU may list parcels late, or briefly not at all): only a
  // list that names other parcels retires the ones it leaves out.
  for (const gone of parsed.length > 0 ? plan.vanished : []) {
    if (gone.fulfillmentState !== "pending") continue;
    await withTransaction(async (tx) => {
      if (await retireVanishedParcel(tx, gone.id, "HyperSKU no longer lists this parcel.")) {
        await addOrderEvent(tx, order.id, {
          kind: "tracking",
          outcome: "removed",
          message: `HyperSKU no longer lists the parcel with tracking ${describeTracking(gone)}.`,
        });
      }
    });
  }

  const now = new Date();
  const rows = await listOrderParcels(order.id);
  outcome.needsFulfillment = rows.some((row) => parcelWork(row, now) !== null);
  return outcome;
}
