/**
 * Folds a new version of a Shopify order (from a webhook or reconciliation) into its forwarding
 * record, inside the caller's transaction: the record, its timeline and its job change together.
 */
import type { Shop } from "@prisma/client";
import { canForward, parseHyperskuStatus } from "~/domain/connection/status";
import { ignoreRedactedVersion } from "~/domain/privacy/redacted-intake.server";
import { APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON } from "~/domain/shops/uninstall.server";
import { getForwardingSettings, getShopIdentity } from "~/domain/shops/shop-settings.server";
import { forwardOrderKey, JOB_TYPES } from "~/jobs/job-types";
import { enqueueJob } from "~/jobs/queue.server";
import type { Db } from "~/models/db-types";
import { addOrderEvent, findOrderByShopifyId, snapshotColumns } from "~/models/order.server";
import { isOrderRedacted } from "~/models/redacted-order.server";
import { queueAddressChangeIfNeeded } from "./address-change.server";
import { queueCancellationIfNeeded } from "./cancel-at-hypersku.server";
import { isUnsent } from "./order-state";
import { planForwarding } from "./plan-forwarding";
import type { ShopifyOrderSnapshot } from "./shopify-order";

export const NOT_CONNECTED_REASON = "HyperSKU is not connected. The order will be sent as soon as you connect.";

export type ApplyOutcome = "created" | "updated" | "stale" | "updated_after_sending" | "redacted";

/** The plan for an unsent order, as the columns of its record: held while HyperSKU is not connected. */
function planColumns(shop: Shop, snapshot: ShopifyOrderSnapshot, now: Date) {
  const plan = planForwarding(snapshot, getForwardingSettings(shop), getShopIdentity(shop), now);
  const held = plan.state === "scheduled" && (shop.uninstalledAt !== null || !canForward(parseHyperskuStatus(shop.hyperskuStatus)));
  // While the app is uninstalled the merchant must reinstall before connecting: say so.
  const [heldCode, heldReason] = shop.uninstalledAt ? [APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON] : ["not_connected", NOT_CONNECTED_REASON];
  return {
    plan: { ...plan, state: held ? ("held" as const) : plan.state },
    columns: {
      state: held ? "held" : plan.state,
      stateCode: held ? heldCode : plan.code,
      stateReason: held ? heldReason : plan.reason,
      forwardNotBefore: plan.forwardNotBefore,
    },
  };
}

async function enqueueIfScheduled(db: Db, shop: Shop, orderId: string, plan: ReturnType<typeof planColumns>["plan"], now: Date) {
  if (plan.state !== "scheduled") return;
  await enqueueJob(db, {
    type: JOB_TYPES.forwardOrder,
    shop: shop.domain,
    subjectId: orderId,
    uniqueKey: forwardOrderKey(orderId),
    runAt: plan.forwardNotBefore ?? now,
  });
}

/** Plans an unsent order and makes its state, reason and job agree with the plan. */
export async function planAndSchedule(db: Db, shop: Shop, orderId: string, snapshot: ShopifyOrderSnapshot, now: Date) {
  const { plan, columns } = planColumns(shop, snapshot, now);
  await db.order.update({ where: { id: orderId }, data: columns });
  await enqueueIfScheduled(db, shop, orderId, plan, now);
  return plan;
}

export async function applyOrderSnapshot(
  db: Db,
  shop: Shop,
  snapshot: ShopifyOrderSnapshot,
  source: string,
  now: Date,
): Promise<ApplyOutcome> {
  // Redaction sticks: every intake path comes through here, and an order whose customer's data was
  // erased is never re-filled or sent, whichever version of it arrives (app/domain/privacy).
  if (await isOrderRedacted(db, shop.domain, snapshot.shopifyOrderId)) return ignoreRedactedVersion(db, shop.domain, snapshot, source, now);
  const existing = await findOrderByShopifyId(db, shop.domain, snapshot.shopifyOrderId);
  const columns = snapshotColumns(snapshot, now);

  if (!existing) {
    // The hot path of every new order: created already planned, both timeline entries in one insert.
    const { plan, columns: planned } = planColumns(shop, snapshot, now);
    const order = await db.order.create({
      data: { shop: shop.domain, shopifyOrderId: snapshot.shopifyOrderId, ...columns, ...planned },
      select: { id: true },
    });
    await db.orderEvent.createMany({
      data: [
        { orderId: order.id, at: now, kind: "received", message: `Received from Shopify (${source}).`, data: JSON.stringify({ source }) },
        { orderId: order.id, at: new Date(now.getTime() + 1), kind: "decision", outcome: plan.state, message: plan.reason ?? "Queued for HyperSKU." },
      ],
    });
    await enqueueIfScheduled(db, shop, order.id, plan, now);
    return "created";
  }

  // Deliveries arrive out of order: never replace a newer version with an older one.
  if (existing.shopifyUpdatedAt && columns.shopifyUpdatedAt && columns.shopifyUpdatedAt < existing.shopifyUpdatedAt) {
    await addOrderEvent(db, existing.id, { kind: "ignored_stale", message: `An older version arrived late (${source}); kept the newer one.` });
    return "stale";
  }

  await db.order.update({ where: { id: existing.id }, data: columns });
  if (!isUnsent(existing.state)) {
    await addOrderEvent(db, existing.id, { kind: "updated", message: `Changed in Shopify after it was sent (${source}).`, data: { source } });
    // What HyperSKU must hear about (a cancellation, a new address) is queued here and done by jobs.
    await queueCancellationIfNeeded(db, existing, snapshot, now);
    await queueAddressChangeIfNeeded(db, existing, snapshot, now);
    return "updated_after_sending";
  }
  if (existing.createOutcomeUnknown) {
    // An earlier create may have landed: nothing is decided (not even a cancellation) before
    // HyperSKU is asked. The forward job looks the order up first, then plans this version.
    await enqueueJob(db, { type: JOB_TYPES.forwardOrder, shop: shop.domain, subjectId: existing.id, uniqueKey: forwardOrderKey(existing.id), runAt: now });
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
    message: plan.state === existing.state ? `Updated in Shopify (${source}).` : `Updated in Shopify (${source}): ${plan.reason ?? "queued for HyperSKU."}`,
    data: { source },
  });
  return "updated";
}
