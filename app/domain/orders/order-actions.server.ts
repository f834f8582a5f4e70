/**
 * The merchant's "Send now" and "Retry" on an order not yet at HyperSKU (admin pages, the order
 * block extension, bulk actions). Both re-plan the order against its latest version and queue it
 * to run at once, skipping any hold window; neither can make an order go out twice, because the
 * forward job itself is idempotent.
 */
import prisma from "~/db.server";
import { canForward, parseHyperskuStatus } from "~/domain/connection/status";
import { getForwardingSettings, getShopIdentity } from "~/domain/shops/shop-settings.server";
import { forwardOrderKey, JOB_TYPES } from "~/jobs/job-types";
import { enqueueJob } from "~/jobs/queue.server";
import { notifyWorkAvailable } from "~/jobs/wakeup";
import { addOrderEvent, readSnapshot } from "~/models/order.server";
import { isUnsent } from "./order-state";
import { planForwarding } from "./plan-forwarding";

export type OrderActionResult = { ok: true; message: string } | { ok: false; message: string };

/** Orders of `shop` only: an id of another shop's order behaves as if it did not exist. */
export async function sendOrderNow(shop: string, orderId: string, now = new Date()): Promise<OrderActionResult> {
  const order = await prisma.order.findFirst({ where: { id: orderId, shop } });
  if (!order) return { ok: false, message: "Order not found." };
  if (!isUnsent(order.state)) return { ok: false, message: order.state === "sent" ? "This order is already at HyperSKU." : "This order is being sent right now." };
  const shopRecord = await prisma.shop.findUniqueOrThrow({ where: { domain: shop } });
  if (!canForward(parseHyperskuStatus(shopRecord.hyperskuStatus))) {
    return { ok: false, message: "Connect HyperSKU first; the order will then be sent automatically." };
  }
  // The merchant asks for it now: no hold window; every other rule still applies.
  const settings = { ...getForwardingSettings(shopRecord), holdMinutes: 0 };
  const plan = planForwarding(readSnapshot(order), settings, getShopIdentity(shopRecord), now);
  if (plan.state !== "scheduled") {
    await prisma.order.update({ where: { id: order.id }, data: { state: plan.state, stateCode: plan.code, stateReason: plan.reason } });
    return { ok: false, message: plan.reason ?? "This order cannot be sent." };
  }
  await prisma.$transaction(async (tx) => {
    await tx.order.update({
      where: { id: order.id },
      data: { state: "scheduled", stateCode: null, stateReason: null, forwardNotBefore: now, nextAttemptAt: now, lastError: null },
    });
    await enqueueJob(tx, { type: JOB_TYPES.forwardOrder, shop, subjectId: order.id, uniqueKey: forwardOrderKey(order.id), runAt: now });
    await addOrderEvent(tx, order.id, { kind: "action", outcome: "queued", message: "Sending requested by the merchant." });
  });
  notifyWorkAvailable();
  return { ok: true, message: "The order is being sent to HyperSKU." };
}

/** Retry is "send now" for an order that failed or needed attention; the message says so. */
export async function retryOrder(shop: string, orderId: string, now = new Date()): Promise<OrderActionResult> {
  const result = await sendOrderNow(shop, orderId, now);
  return result.ok ? { ok: true, message: "Retrying: the order is being sent to HyperSKU." } : result;
}
