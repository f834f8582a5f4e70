/**
 * Cancelling an order at HyperSKU: when it is cancelled in Shopify after it was sent (a queue job,
 * queued as the cancelled version is stored), and when the merchant chooses "Cancel at HyperSKU".
 *
 * HyperSKU cancels only before Shipping (notes part 4). Later, or when HyperSKU refuses, the order is
 * flagged in plain words (cancelled_after_shipping, cancel_refused) from a Shopify cancellation; the
 * merchant's own button gets the answer directly instead. A cancelled order is Closed (6), which is
 * final: the status sync stops for it.
 */
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import { APP_UNINSTALLED_WAIT } from "~/domain/shops/uninstall.server";
import { CANCEL_FLAGS } from "~/domain/tracking/order-flags";
import { clearOrderFlag, setOrderFlag } from "~/domain/tracking/order-flags.server";
import { refreshOrderStatus } from "~/domain/tracking/sync-orders.server";
import { HyperskuError } from "~/integrations/hypersku/errors";
import { classifyHyperskuError, hyperskuJobOutcome } from "~/integrations/hypersku/job-outcome";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import type { JobOutcome } from "~/queue";
import type { Db } from "~/models/db-types";
import { findShopOrder, getOrder, getOrderOrThrow, readSnapshot, recordOrderClosed, type Order } from "~/models/order.server";
import { addOrderEvent, recordOrderEvent } from "~/models/order-event.server";
import { getShop, type Shop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import { recordCurrentCosts } from "~/domain/costs/record-costs.server";
import { describeHyperskuStatus, HYPERSKU_STATUS, isBeforeShipping } from "./hypersku-status";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

const CLOSED = HYPERSKU_STATUS.closed;
const SENDING_RECHECK_MS = 60_000;
const RECONNECT_RECHECK_MS = 6 * 3600_000;

export type CancelActionResult = { ok: true; message: string } | { ok: false; message: string };

type CancelOutcome =
  | { kind: "cancelled"; message: string }
  | { kind: "already_closed"; message: string }
  | { kind: "too_late"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "not_connected"; message: string; error: HyperskuError }
  | { kind: "unavailable"; message: string; error: HyperskuError };

const statusName = (order: Pick<Order, "hyperskuStatus" | "hyperskuStatusDesc">) =>
  describeHyperskuStatus(order.hyperskuStatus, order.hyperskuStatusDesc)?.name ?? "unknown";

/**
 * Called as a new version of an order that is at HyperSKU (or being sent) is stored, inside that
 * transaction: queues the cancellation when Shopify says the order is cancelled.
 */
export async function queueCancellationIfNeeded(order: Order, snapshot: ShopifyOrderSnapshot, now: Date, db?: Db): Promise<boolean> {
  if (order.state !== "sent" && order.state !== "sending") return false;
  if (!snapshot.cancelledAt || order.hyperskuStatus === CLOSED) return false;
  if (order.flagCode && (CANCEL_FLAGS as readonly string[]).includes(order.flagCode)) return false;
  await enqueue(JOB_TYPES.cancelAtHypersku, { shop: order.shop, subjectId: order.id, runAt: now }, db);
  return true;
}

async function recordClosed(order: Order, status: number | null, statusDesc: string | null, message: string) {
  await withTransaction(async (tx) => {
    await recordOrderClosed(tx, order.id, { hyperskuStatus: status ?? CLOSED, hyperskuStatusDesc: statusDesc ?? "Closed" });
    // An order HyperSKU closed before it was paid costs nothing there: the dashboard's totals follow.
    await recordCurrentCosts(tx, { ...order, hyperskuStatus: status ?? CLOSED });
    await clearOrderFlag(order.id, CANCEL_FLAGS, tx);
    await addOrderEvent(tx, order.id, {
      kind: "cancellation",
      outcome: "cancelled",
      message,
      data: { from: order.hyperskuStatus, to: status ?? CLOSED },
    });
  });
}

/** Asks HyperSKU to cancel; records what happened on the order (but no flag: callers decide). */
async function attemptCancel(shop: Shop, order: Order, why: string): Promise<CancelOutcome> {
  if (order.hyperskuStatus === CLOSED) return { kind: "already_closed", message: "HyperSKU has already closed this order." };
  const tooLate = (current: Pick<Order, "hyperskuStatus" | "hyperskuStatusDesc">): CancelOutcome => ({
    kind: "too_late",
    message: `HyperSKU can no longer cancel this order: it is ${statusName(current)}. Arrange a return or refund with HyperSKU.`,
  });
  if (order.hyperskuStatus !== null && !isBeforeShipping(order.hyperskuStatus)) return tooLate(order);
  const hyperskuOrderId = Number(order.hyperskuOrderId);
  if (!Number.isSafeInteger(hyperskuOrderId) || hyperskuOrderId <= 0) {
    return { kind: "refused", message: "The app does not know HyperSKU's number for this order; cancel it in HyperSKU yourself." };
  }
  try {
    const answer = await withHyperskuAccess(shop.domain, (auth) => getHypersku().client.cancelOrder(auth, hyperskuOrderId));
    await recordClosed(order, answer.status ?? null, answer.statusDesc ?? null, `Cancelled at HyperSKU (${why}).`);
    return { kind: "cancelled", message: "HyperSKU cancelled the order." };
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    const failure = classifyHyperskuError(error);
    if (failure === "rejected") {
      const status = await refreshOrderStatus(shop.domain, order).catch(() => order.hyperskuStatus);
      const fresh = await getOrderOrThrow(order.id);
      if (status === CLOSED) return { kind: "already_closed", message: "HyperSKU has already closed this order." };
      if (status !== null && !isBeforeShipping(status)) return tooLate(fresh);
      return { kind: "refused", message: `HyperSKU did not cancel the order: ${error.message}` };
    }
    if (failure === "reconnect")
      return { kind: "not_connected", message: "HyperSKU is not connected; connect it again, then try once more.", error };
    return { kind: "unavailable", message: error.message, error };
  }
}

async function flagRefusal(order: Order, outcome: CancelOutcome) {
  const code = outcome.kind === "too_late" ? "cancelled_after_shipping" : "cancel_refused";
  const reason = `The order was cancelled in Shopify. ${outcome.message}`;
  await withTransaction(async (tx) => {
    await setOrderFlag(order.id, code, reason, tx);
    await addOrderEvent(tx, order.id, { kind: "cancellation", outcome: code, message: reason });
  });
}

/** The job for a cancellation that came from Shopify. */
export async function cancelCancelledOrderAtHypersku(orderId: string): Promise<JobOutcome> {
  const order = await getOrder(orderId);
  if (!order) return { kind: "done" };
  const shop = await getShop(order.shop);
  if (!shop) return { kind: "done" };
  if (shop.uninstalledAt) return { kind: "reschedule", runAt: new Date(Date.now() + RECONNECT_RECHECK_MS), note: APP_UNINSTALLED_WAIT };
  if (order.state === "sending")
    return { kind: "reschedule", runAt: new Date(Date.now() + SENDING_RECHECK_MS), note: "Waiting for the order to reach HyperSKU." };
  if (order.state !== "sent" || !readSnapshot(order).cancelledAt) return { kind: "done" };

  const outcome = await attemptCancel(shop, order, "cancelled in Shopify");
  switch (outcome.kind) {
    case "cancelled":
    case "already_closed":
      return { kind: "done" };
    case "too_late":
    case "refused":
      await flagRefusal(order, outcome);
      return { kind: "done" };
    case "not_connected":
    case "unavailable":
      return hyperskuJobOutcome(outcome.error);
  }
}

/**
 * The merchant's "Cancel at HyperSKU" on an order that is at HyperSKU. Orders of `shop` only: an id
 * of another shop's order behaves as if it did not exist.
 */
export async function cancelOrderAtHypersku(shop: string, orderId: string): Promise<CancelActionResult> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return { ok: false, message: "Order not found." };
  if (order.state !== "sent") return { ok: false, message: "This order is not at HyperSKU, so there is nothing to cancel there." };
  const shopRecord = await getShop(shop);
  if (!shopRecord || shopRecord.uninstalledAt || !canForward(parseHyperskuStatus(shopRecord.hyperskuStatus))) {
    return { ok: false, message: "Connect HyperSKU first, then try again." };
  }
  const outcome = await attemptCancel(shopRecord, order, "requested by the merchant");
  if (outcome.kind === "cancelled" || outcome.kind === "already_closed") return { ok: true, message: outcome.message };
  await recordOrderEvent(order.id, {
    kind: "cancellation",
    outcome: "refused",
    message: `Cancelling at HyperSKU did not work: ${outcome.message}`,
  });
  return { ok: false, message: outcome.message };
}
