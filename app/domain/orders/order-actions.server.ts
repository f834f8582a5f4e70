/**
 * The merchant's "Send now", "Retry" and "Send anyway" on an order not yet at HyperSKU (admin
 * pages, the order block extension, bulk actions). Each re-plans the order against its latest
 * version and queues it to run at once, skipping any hold window.
 *
 * None can make an order go out twice, however many run at once (several tabs, a double click, a
 * bulk send beside the order page): the write that queues the order again is a compare-and-set on
 * the order exactly as the action read it (order.server.ts's `OrderAsRead`), in the transaction that
 * enqueues its job. An action decided on a stale read (the order meanwhile queued by another
 * action, being sent by a worker, or sent) writes nothing and queues nothing, and says so.
 *
 * An order shown "sending" or "checking" is only refused while a worker really holds its job: one
 * left so by a crashed worker or a job that gave up is handed back to the forward job, which asks
 * HyperSKU before anything is sent again (decision 0007).
 */
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import { REDACTED_STATE_REASON } from "~/domain/privacy/redacted-intake.server";
import { getForwardingSettings, getShopIdentity } from "~/domain/shops/shop-settings.server";
import { enqueue, findQueuedJob, JOB_TYPES, wakeWorkers } from "~/domain/enqueue.server";
import {
  findShopOrder,
  markOrderCheckingIfUnchanged,
  readSnapshot,
  scheduleOrderNowIfUnchanged,
  setOrderPlanIfUnchanged,
  type Order,
} from "~/models/order.server";
import { addOrderEvent } from "~/models/order-event.server";
import { getShopOrThrow } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import { isOrderRedacted } from "~/models/redacted-order.server";
import { CHECKING_REASON } from "./forward-failures.server";
import { describeOrderState, isInFlight, isUnsent } from "~/models/order-state";
import { planForwarding } from "./plan-forwarding";
import { NEEDS_SOURCING_CODE } from "./catalogue-check.server";

const SENDING_MESSAGE = "The order is being sent to HyperSKU.";
const ALREADY_SENT = "This order is already at HyperSKU.";
const ALREADY_SENDING = "Not done: this order is already being sent to HyperSKU.";

export type OrderActionResult = { ok: true; message: string } | { ok: false; message: string };

/** What the merchant is told when another action or a worker changed the order between reading it and acting. */
async function refuseChanged(shop: string, orderId: string): Promise<OrderActionResult> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return { ok: false, message: "Order not found." };
  if (order.state === "sent") return { ok: false, message: ALREADY_SENT };
  if (order.state === "scheduled" || isInFlight(order.state)) return { ok: false, message: ALREADY_SENDING };
  const label = describeOrderState(order.state, order.stateCode)?.label ?? order.state;
  return {
    ok: false,
    message: `Not done: the order changed while you asked (it is now "${label}"). Reload the page to see it as it is, and try again if it still needs sending.`,
  };
}

/**
 * Queued, due, and its forward job waiting to run or running: asking again would change nothing
 * (an order in a hold window or a retry's backoff is not due, and Send now brings it forward).
 */
async function isAlreadyGoing(order: Order, now: Date): Promise<boolean> {
  if (order.state !== "scheduled") return false;
  // The later of the two clocks: the job was queued before this action read the order.
  const at = Math.max(now.getTime(), Date.now());
  const due = (date: Date | null) => date === null || date.getTime() <= at;
  if (!due(order.forwardNotBefore) || !due(order.nextAttemptAt)) return false;
  const job = await findQueuedJob(JOB_TYPES.forwardOrder, order.id);
  return job !== null && (job.status === "running" || job.runAt.getTime() <= at);
}

/** Orders of `shop` only: an id of another shop's order behaves as if it did not exist. */
export async function sendOrderNow(shop: string, orderId: string, now = new Date()): Promise<OrderActionResult> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return { ok: false, message: "Order not found." };
  if (order.state === "sent") return { ok: false, message: ALREADY_SENT };
  if (order.state === "cancelled") return { ok: false, message: "This order was cancelled in Shopify, so it is not sent to HyperSKU." };
  // Redaction sticks: an order whose customer's data was erased is never sent (app/domain/privacy).
  if (await isOrderRedacted(shop, order.shopifyOrderId)) return { ok: false, message: REDACTED_STATE_REASON };
  const shopRecord = await getShopOrThrow(shop);
  if (!canForward(parseHyperskuStatus(shopRecord.hyperskuStatus))) {
    return { ok: false, message: "Connect HyperSKU first; the order will then be sent automatically." };
  }
  // It may already be at HyperSKU: the forward job asks first, whatever the order's rules say now.
  if (isInFlight(order.state) || order.createOutcomeUnknown) return resumeInFlight(order, now);
  if (!isUnsent(order.state)) return { ok: false, message: "This order cannot be sent." };
  if (await isAlreadyGoing(order, now)) return { ok: false, message: ALREADY_SENDING };
  // The merchant asks for it now: no hold window; every other rule still applies.
  const settings = { ...getForwardingSettings(shopRecord), holdMinutes: 0 };
  const plan = planForwarding(readSnapshot(order), settings, getShopIdentity(shopRecord), now);
  if (plan.state !== "scheduled") {
    const planned = await setOrderPlanIfUnchanged(order, { state: plan.state, stateCode: plan.code, stateReason: plan.reason });
    if (!planned) return refuseChanged(shop, order.id);
    return { ok: false, message: plan.reason ?? "This order cannot be sent." };
  }
  const queued = await withTransaction(async (tx) => {
    if (!(await scheduleOrderNowIfUnchanged(tx, order, now))) return false;
    await enqueue(JOB_TYPES.forwardOrder, { shop, subjectId: order.id, runAt: now }, tx);
    await addOrderEvent(tx, order.id, { kind: "action", outcome: "queued", message: "Sending requested by the merchant." });
    return true;
  });
  if (!queued) return refuseChanged(shop, order.id);
  wakeWorkers();
  return { ok: true, message: SENDING_MESSAGE };
}

/** The forward job a worker holds right now (claimed, lease not run out); null when none does. */
async function getActiveForwardJob(orderId: string, now = new Date()) {
  const job = await findQueuedJob(JOB_TYPES.forwardOrder, orderId);
  return job && job.status === "running" && job.lockedUntil && job.lockedUntil > now ? job : null;
}

/** "sending" or "checking" with no pending or live job: a crashed worker or a job that gave up left it so. */
export async function isStalledInFlight(order: Pick<Order, "id" | "state">, now = new Date()): Promise<boolean> {
  if (!isInFlight(order.state)) return false;
  const job = await findQueuedJob(JOB_TYPES.forwardOrder, order.id);
  if (!job) return true;
  return job.status === "running" && (!job.lockedUntil || job.lockedUntil <= now);
}

/**
 * Hands an order that may already be at HyperSKU back to its forward job, due now. The job asks
 * HyperSKU first and sends again only once a late arrival of the earlier create is impossible, so
 * this can never make a second order.
 */
async function resumeInFlight(order: Order, now: Date): Promise<OrderActionResult> {
  if (await getActiveForwardJob(order.id, now)) {
    return {
      ok: false,
      message: order.state === "sending" ? "This order is being sent right now." : "The app is asking HyperSKU about this order right now.",
    };
  }
  const queued = await withTransaction(async (tx) => {
    // The earlier create may have reached HyperSKU (or still may): the order is checked first.
    if (!(await markOrderCheckingIfUnchanged(tx, order, CHECKING_REASON, now))) return false;
    await enqueue(JOB_TYPES.forwardOrder, { shop: order.shop, subjectId: order.id, runAt: now }, tx);
    await addOrderEvent(tx, order.id, {
      kind: "action",
      outcome: "queued",
      message: "Retry requested by the merchant: the app asks HyperSKU whether it has the order before sending it again.",
    });
    return true;
  });
  if (!queued) return refuseChanged(order.shop, order.id);
  wakeWorkers();
  return { ok: true, message: "Checking with HyperSKU now; the order is sent again only if HyperSKU does not have it." };
}

/** Retry is "send now" for an order that failed or needed attention; the message says so. */
export async function retryOrder(shop: string, orderId: string, now = new Date()): Promise<OrderActionResult> {
  const result = await sendOrderNow(shop, orderId, now);
  return result.ok && result.message === SENDING_MESSAGE ? { ok: true, message: "Retrying: the order is being sent to HyperSKU." } : result;
}

// --- "Send anyway" (pre-send catalogue check; docs/decisions/0027) ---

/**
 * The merchant sends an order that waits for sourcing regardless: HyperSKU takes it as "Pending
 * Sourcing" and sources the items with the order. Only the sourcing hold is lifted; every other rule
 * and check still applies, and the choice stays on the order (Order.sendAnywayAt) for its next sends.
 */
export async function sendOrderAnyway(shop: string, orderId: string, now = new Date()): Promise<OrderActionResult> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return { ok: false, message: "Order not found." };
  if (order.state === "sent") return { ok: false, message: ALREADY_SENT };
  if (order.state === "scheduled" || isInFlight(order.state)) return { ok: false, message: ALREADY_SENDING };
  if (order.stateCode !== NEEDS_SOURCING_CODE || !isUnsent(order.state)) {
    return { ok: false, message: "This order is not waiting for sourcing." };
  }
  const shopRecord = await getShopOrThrow(shop);
  if (!canForward(parseHyperskuStatus(shopRecord.hyperskuStatus))) {
    return { ok: false, message: "Connect HyperSKU first; the order will then be sent automatically." };
  }
  const queued = await withTransaction(async (tx) => {
    if (!(await scheduleOrderNowIfUnchanged(tx, order, now, { sendAnywayAt: now }))) return false;
    await enqueue(JOB_TYPES.forwardOrder, { shop, subjectId: order.id, runAt: now }, tx);
    await addOrderEvent(tx, order.id, {
      kind: "action",
      outcome: "send_anyway",
      message: "Send anyway chosen by the merchant: the order goes to HyperSKU, which sources the items not sourced yet with it.",
    });
    return true;
  });
  if (!queued) return refuseChanged(shop, order.id);
  wakeWorkers();
  return { ok: true, message: "Sending anyway: HyperSKU sources the items with the order." };
}
