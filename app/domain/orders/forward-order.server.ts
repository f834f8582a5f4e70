/**
 * Sends one order to HyperSKU, exactly once. Runs as a queue job (ids only; state re-read here).
 *
 * Exactly once rests on three things: one forwarding record and one forward job per order; the
 * "outcome unknown" mark set BEFORE the create is sent and cleared only on a definite answer; and,
 * while that mark is set, asking HyperSKU whether it already has the order before sending again.
 * HyperSKU's own duplicate handling is never relied on.
 */
import type { Order, Prisma, Shop } from "@prisma/client";
import prisma from "~/db.server";
import { canForward, parseHyperskuStatus } from "~/domain/connection/status";
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { getForwardingSettings, getShopIdentity } from "~/domain/shops/shop-settings.server";
import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import {
  HyperskuClientCredentialsRejectedError,
  HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuOutcomeUnknownError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
} from "~/integrations/hypersku/errors";
import { env } from "~/env.server";
import { computeRetryDelayMs } from "~/jobs/backoff";
import { JOB_TYPES } from "~/jobs/job-types";
import { releaseJobs } from "~/jobs/queue.server";
import { notifyWorkAvailable } from "~/jobs/wakeup";
import type { JobResult } from "~/jobs/worker.server";
import { addOrderEvent, readSnapshot } from "~/models/order.server";
import { NOT_CONNECTED_REASON } from "./apply-snapshot.server";
import { mapOrderToExternalOrder } from "./map-order";
import { isUnsent } from "./order-state";
import { planForwarding } from "./plan-forwarding";

/** What the queue does next with the forward job (the worker's own result type). */
export type ForwardResult = JobResult;

/** Held work waits for a reconnect (which releases it at once); this is only a safety net. */
const HELD_RECHECK_MS = 6 * 3600_000;
const OPERATOR_RECHECK_MS = 3600_000;

type Attempt = { attempt: number; maxAttempts: number };

async function setOrder(order: Order, data: Prisma.OrderUpdateInput, event?: Parameters<typeof addOrderEvent>[2]) {
  await prisma.$transaction(async (tx) => {
    await tx.order.update({ where: { id: order.id }, data });
    if (event) await addOrderEvent(tx, order.id, event);
  });
}

async function hold(order: Order, code: string, reason: string, recheckMs: number): Promise<ForwardResult> {
  if (order.state !== "held" || order.stateCode !== code) {
    await setOrder(order, { state: "held", stateCode: code, stateReason: reason }, { kind: "held", message: reason });
  }
  return { kind: "reschedule", runAt: new Date(Date.now() + recheckMs), note: reason };
}

async function markSent(order: Order, hyperskuOrder: HyperskuOrder, request: ExternalOrder | null, how: string) {
  const base = hyperskuOrder.orderBaseInfo;
  await setOrder(
    order,
    {
      state: "sent",
      stateCode: null,
      stateReason: null,
      createOutcomeUnknown: false,
      hyperskuOrderId: base?.orderId != null ? String(base.orderId) : null,
      hyperskuStatus: base?.status ?? null,
      hyperskuStatusDesc: base?.statusDesc ?? null,
      hyperskuResponse: JSON.stringify(hyperskuOrder),
      ...(request ? { sentRequest: JSON.stringify(request) } : {}),
      sentAt: new Date(),
      lastError: null,
      nextAttemptAt: null,
    },
    { kind: "attempt", outcome: "sent", message: how, data: { hyperskuOrderId: base?.orderId ?? null, status: base?.status ?? null } },
  );
}

/** Has HyperSKU got this order already? Asked whenever an earlier create may have gone through. */
async function findAtHypersku(shop: Shop, order: Order): Promise<HyperskuOrder | null> {
  const { client } = getHypersku();
  const found = await withHyperskuAccess(shop.domain, (auth) =>
    client.getOrdersByExternalOrderId(auth, { storeCode: shop.domain, storeOrderId: order.shopifyOrderId }),
  );
  return found.find((candidate) => candidate.orderBaseInfo?.storeOrderId === order.shopifyOrderId) ?? found[0] ?? null;
}

/**
 * Sends that failed in a row per shop because HyperSKU was unreachable (this process). After an
 * outage (several in a row), the first success brings the shop's backed-off forward jobs forward,
 * so orders do not sit out long backoffs once HyperSKU is back; the per-shop rate limit still paces
 * them. Occasional failures of a flaky HyperSKU keep their backoff.
 */
const OUTAGE_AFTER_FAILURES = 3;
const failuresInARow = new Map<string, number>();

async function endOutage(shop: string) {
  const failures = failuresInARow.get(shop) ?? 0;
  failuresInARow.delete(shop);
  if (failures < OUTAGE_AFTER_FAILURES) return;
  const released = await releaseJobs({ shop, type: JOB_TYPES.forwardOrder });
  if (released > 0) notifyWorkAvailable();
}

async function failOrRetry(order: Order, attempt: Attempt, message: string, retryAfterMs?: number): Promise<ForwardResult> {
  failuresInARow.set(order.shop, (failuresInARow.get(order.shop) ?? 0) + 1);
  const last = attempt.attempt >= attempt.maxAttempts;
  const nextAttemptAt = last ? null : new Date(Date.now() + computeRetryDelayMs({ attempt: attempt.attempt, retryAfterMs, baseMs: env.JOB_RETRY_BASE_MS }));
  await setOrder(
    order,
    {
      state: last ? "failed" : "scheduled",
      stateCode: last ? "hypersku_unavailable" : order.stateCode,
      stateReason: last ? `Sending failed ${attempt.attempt} times. Last error: ${message}` : order.stateReason,
      lastError: message,
      nextAttemptAt,
    },
    {
      kind: "attempt",
      outcome: last ? "failed" : "retry",
      message: nextAttemptAt ? `${message} Next try at ${nextAttemptAt.toISOString()}.` : message,
      data: { attempt: attempt.attempt, nextAttemptAt: nextAttemptAt?.toISOString() ?? null },
    },
  );
  return last ? { kind: "fail", error: message } : { kind: "retry", error: message, retryAfterMs, runAt: nextAttemptAt! };
}

export async function forwardOrder(orderId: string, attempt: Attempt, now = new Date()): Promise<ForwardResult> {
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  if (!order || !isUnsent(order.state) && order.state !== "sending") return { kind: "done" };
  const shop = await prisma.shop.findUnique({ where: { domain: order.shop } });
  if (!shop || shop.uninstalledAt) return { kind: "done" };

  if (!canForward(parseHyperskuStatus(shop.hyperskuStatus))) return hold(order, "not_connected", NOT_CONNECTED_REASON, HELD_RECHECK_MS);

  // Rules or the order may have changed since the job was queued: decide again on what is true now.
  const snapshot = readSnapshot(order);
  const plan = planForwarding(snapshot, getForwardingSettings(shop), getShopIdentity(shop), now);
  if (plan.state !== "scheduled") {
    if (plan.state !== order.state || plan.code !== order.stateCode) {
      await setOrder(order, { state: plan.state, stateCode: plan.code, stateReason: plan.reason }, { kind: "decision", outcome: plan.state, message: plan.reason });
    }
    return { kind: "done" };
  }
  if (plan.forwardNotBefore && plan.forwardNotBefore > now) {
    return { kind: "reschedule", runAt: plan.forwardNotBefore, note: "hold window" };
  }
  const mapped = mapOrderToExternalOrder(snapshot, getShopIdentity(shop));
  if (!mapped.ok) return { kind: "done" }; // planForwarding already covered this; kept for the type.

  try {
    if (order.createOutcomeUnknown) {
      const existing = await findAtHypersku(shop, order);
      if (existing) {
        await markSent(order, existing, mapped.request, "Found at HyperSKU: an earlier attempt had created it.");
        return { kind: "done" };
      }
    }
    await setOrder(order, {
      state: "sending",
      createOutcomeUnknown: true,
      attemptCount: { increment: 1 },
      lastAttemptAt: now,
    });
    const created = await withHyperskuAccess(shop.domain, (auth) => getHypersku().client.createOrderFromExternal(auth, mapped.request));
    await markSent(order, created, mapped.request, "Created at HyperSKU.");
    await endOutage(shop.domain);
    return { kind: "done" };
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    if (error instanceof HyperskuReconnectNeededError) return hold(order, "reconnect_needed", NOT_CONNECTED_REASON, HELD_RECHECK_MS);
    if (error instanceof HyperskuNotConfiguredError || error instanceof HyperskuClientCredentialsRejectedError) {
      return hold(order, "operator_configuration", "The app's HyperSKU settings need attention from the app's operator.", OPERATOR_RECHECK_MS);
    }
    if (error instanceof HyperskuRejectedError) {
      // A rejection may be HyperSKU refusing a duplicate of an order it already has: check first.
      const existing = await findAtHypersku(shop, order).catch(() => null);
      if (existing) {
        await markSent(order, existing, mapped.request, "Found at HyperSKU after it refused a second copy.");
        return { kind: "done" };
      }
      await setOrder(
        order,
        { state: "needs_attention", stateCode: "hypersku_rejected", stateReason: `HyperSKU did not accept the order: ${error.message}`, createOutcomeUnknown: false, lastError: error.message },
        { kind: "attempt", outcome: "rejected", message: error.message },
      );
      return { kind: "done" };
    }
    // Unavailable or outcome unknown: the mark stays set, so the next attempt looks the order up first.
    const retryAfterMs = "retryAfterMs" in error ? (error.retryAfterMs as number | undefined) : undefined;
    const message = error instanceof HyperskuOutcomeUnknownError ? "HyperSKU did not answer in time; checking before sending again." : error.message;
    return failOrRetry(await prisma.order.findUniqueOrThrow({ where: { id: order.id } }), attempt, message, retryAfterMs);
  }
}
