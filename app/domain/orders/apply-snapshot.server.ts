/**
 * Folds a new version of a Shopify order (from a webhook or reconciliation) into its forwarding
 * record, inside the caller's transaction: the record, its timeline and its job change together.
 */
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import { ignoreRedactedVersion } from "~/domain/privacy/redacted-intake.server";
import { APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON } from "~/domain/shops/uninstall.server";
import { getForwardingSettings, getShopIdentity } from "~/domain/shops/shop-settings.server";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import type { Db } from "~/models/db-types";
import {
  createOrder,
  findOrderByShopifyId,
  type Order,
  readSnapshot,
  setOrderPlan,
  snapshotColumns,
  storeOrderVersion,
} from "~/models/order.server";
import { addOrderEvent, recordOrderEvents } from "~/models/order-event.server";
import { setOrderFlag } from "~/domain/tracking/order-flags.server";
import type { Shop } from "~/models/shop.server";
import { isOrderRedacted } from "~/models/redacted-order.server";
import { queueAddressChangeIfNeeded } from "./address-change.server";
import { queueCancellationIfNeeded } from "./cancel-at-hypersku.server";
import { findItemChanges, hasUnitsDone } from "./items-reduced";
import { appFulfilledUnits } from "~/domain/tracking/parcel-work";
import { listOrderParcels } from "~/models/parcel.server";
import { recordCurrentCosts } from "~/domain/costs/record-costs.server";
import { settlePaidAt } from "./paid-at";
import { isUnsent } from "~/models/order-state";
import { planForwarding } from "./plan-forwarding";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

export const NOT_CONNECTED_REASON = "HyperSKU is not connected. The order will be sent as soon as you connect.";

export type ApplyOutcome = "created" | "updated" | "stale" | "updated_after_sending" | "redacted";

/** The plan for an unsent order, as the columns of its record: held while HyperSKU is not connected. */
export function planColumns(shop: Shop, snapshot: ShopifyOrderSnapshot, now: Date) {
  const plan = planForwarding(snapshot, getForwardingSettings(shop), getShopIdentity(shop), now);
  const held = plan.state === "scheduled" && (shop.uninstalledAt !== null || !canForward(parseHyperskuStatus(shop.hyperskuStatus)));
  // While the app is uninstalled the merchant must reinstall before connecting: say so.
  const [heldCode, heldReason] = shop.uninstalledAt
    ? [APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON]
    : ["not_connected", NOT_CONNECTED_REASON];
  return {
    plan: { ...plan, state: held ? ("held" as const) : plan.state },
    columns: {
      state: held ? ("held" as const) : plan.state,
      stateCode: held ? heldCode : plan.code,
      stateReason: held ? heldReason : plan.reason,
      forwardNotBefore: plan.forwardNotBefore,
    },
  };
}

async function enqueueIfScheduled(db: Db, shop: Shop, orderId: string, plan: ReturnType<typeof planColumns>["plan"], now: Date) {
  if (plan.state !== "scheduled") return;
  await enqueue(JOB_TYPES.forwardOrder, { shop: shop.domain, subjectId: orderId, runAt: plan.forwardNotBefore ?? now }, db);
}

/** Plans an unsent order and makes its state, reason and job agree with the plan. */
export async function planAndSchedule(db: Db, shop: Shop, orderId: string, snapshot: ShopifyOrderSnapshot, now: Date) {
  const { plan, columns } = planColumns(shop, snapshot, now);
  await setOrderPlan(orderId, columns, db);
  await enqueueIfScheduled(db, shop, orderId, plan, now);
  return plan;
}

/** A new order's first two timeline entries: received, and what was decided. */
export function firstOrderEvents(orderId: string, plan: { state: string; reason: string | null }, source: string, now: Date) {
  return [
    { orderId, at: now, kind: "received", message: `Received from Shopify (${source}).`, data: JSON.stringify({ source }) },
    { orderId, at: new Date(now.getTime() + 1), kind: "decision", outcome: plan.state, message: plan.reason ?? "Queued for HyperSKU." },
  ];
}

export async function applyOrderSnapshot(
  db: Db,
  shop: Shop,
  received: ShopifyOrderSnapshot,
  source: string,
  now: Date,
): Promise<ApplyOutcome> {
  // Redaction sticks: every intake path comes through here, and an order whose customer's data was
  // erased is never re-filled or sent, whichever version of it arrives (app/domain/privacy).
  if (await isOrderRedacted(shop.domain, received.shopifyOrderId, db)) return ignoreRedactedVersion(db, shop.domain, received, source, now);
  const existing = await findOrderByShopifyId(shop.domain, received.shopifyOrderId, db);
  const snapshot = settlePaidAt(received, () => (existing ? storedSnapshot(existing) : null));
  const columns = snapshotColumns(snapshot, now);

  if (!existing) {
    // The hot path of every new order: created already planned, both timeline entries in one insert.
    const { plan, columns: planned } = planColumns(shop, snapshot, now);
    const order = await createOrder(db, { shop: shop.domain, shopifyOrderId: snapshot.shopifyOrderId, ...columns, ...planned });
    await recordOrderEvents(db, firstOrderEvents(order.id, plan, source, now));
    await enqueueIfScheduled(db, shop, order.id, plan, now);
    return "created";
  }

  // Deliveries arrive out of order: never replace a newer version with an older one.
  if (existing.shopifyUpdatedAt && columns.shopifyUpdatedAt && columns.shopifyUpdatedAt < existing.shopifyUpdatedAt) {
    await addOrderEvent(db, existing.id, {
      kind: "ignored_stale",
      message: `An older version arrived late (${source}); kept the newer one.`,
    });
    return "stale";
  }

  await storeOrderVersion(db, existing.id, columns);
  if (!isUnsent(existing.state)) {
    await addOrderEvent(db, existing.id, {
      kind: "updated",
      message: `Changed in Shopify after it was sent (${source}).`,
      data: { source },
    });
    // What HyperSKU must hear about (a cancellation, a new address) is queued here and done by jobs.
    await queueCancellationIfNeeded(existing, snapshot, now, db);
    await queueAddressChangeIfNeeded(db, existing, snapshot, now);
    await flagReducedItems(db, existing, snapshot);
    // A refund or cancellation changes what the customer paid: the dashboard's totals follow.
    await recordCurrentCosts(db, { ...existing, snapshot: columns.snapshot });
    return "updated_after_sending";
  }
  if (existing.createOutcomeUnknown) {
    // An earlier create may have landed: nothing is decided (not even a cancellation) before
    // HyperSKU is asked. The forward job looks the order up first, then plans this version.
    await enqueue(JOB_TYPES.forwardOrder, { shop: shop.domain, subjectId: existing.id, runAt: now }, db);
    await addOrderEvent(db, existing.id, {
      kind: "updated",
      message: `Updated in Shopify (${source}). An earlier send may have reached HyperSKU, so HyperSKU is asked before anything else.`,
      data: { source },
    });
    return "updated";
  }
  const plan = await planAndSchedule(db, shop, existing.id, snapshot, now);
  await addOrderEvent(db, existing.id, {
    kind: "updated",
    outcome: plan.state,
    message:
      plan.state === existing.state
        ? `Updated in Shopify (${source}).`
        : `Updated in Shopify (${source}): ${plan.reason ?? "queued for HyperSKU."}`,
    data: { source },
  });
  return "updated";
}

/**
 * Items refunded or removed after the order reached HyperSKU are still bought and shipped there:
 * nothing the app sends takes them out, so the merchant is told at once what HyperSKU holds. Units
 * fulfilled in Shopify are not reduced ones: the app's own fulfillments are the order's normal course
 * (Shopify sends this `orders/updated` after each); units fulfilled by someone else are flagged as such.
 * Units added by an edit after sending are not at HyperSKU: the merchant is told so.
 */
async function flagReducedItems(db: Db, order: Order, snapshot: ShopifyOrderSnapshot) {
  const appUnits = hasUnitsDone(snapshot) ? appFulfilledUnits(await listOrderParcels(order.id, db)) : null;
  for (const change of findItemChanges(order, snapshot, appUnits)) {
    if (!(await setOrderFlag(order.id, change.flag, change.reason, db))) continue;
    await addOrderEvent(db, order.id, {
      kind: change.kind,
      outcome: "needs_attention",
      message: change.reason,
      data: { lineItemIds: change.lineItemIds },
    });
  }
}

/** The version stored before this one; a damaged one is treated as none (the new version replaces it). */
function storedSnapshot(order: Order): ShopifyOrderSnapshot | null {
  try {
    return readSnapshot(order);
  } catch {
    return null;
  }
}
