/**
 * The watch for a late second copy of an order at HyperSKU (duplicate-copies.ts decides; this asks
 * and acts). Started in the transaction that sends an order again after its settle window, or that
 * adopts an order HyperSKU lists twice; run by a queue job (watch-duplicate-copies.job.ts) that
 * looks the order up on a backing-off schedule for 24 hours, cancels an extra copy while HyperSKU
 * allows it, and flags the order with what happened. The watch's record is the order's timeline
 * (its "duplicate" entries: started, each copy dealt with, ended) and its one pending job.
 */
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import { setOrderFlag } from "~/domain/tracking/order-flags.server";
import { HyperskuError } from "~/integrations/hypersku/errors";
import { classifyHyperskuError, hyperskuJobOutcome } from "~/integrations/hypersku/job-outcome";
import type { HyperskuOrder } from "~/integrations/hypersku/schemas";
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import type { LeanTx } from "~/models/db-types";
import { addOrderEvent, listOrderEvents, type OrderEvent, type OrderEventInput, recordOrderEvent } from "~/models/order-event.server";
import { getOrder, type Order } from "~/models/order.server";
import { getShop, type Shop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import type { JobOutcome } from "~/queue";
import {
  describeDuplicateOutcome,
  describeDuplicates,
  describeWatchStart,
  DUPLICATE_EVENT_KIND,
  DUPLICATE_OUTCOMES,
  type DuplicateCopy,
  type DuplicateOutcome,
  getDuplicateWatchEnd,
  nextDuplicateLookAt,
  planDuplicates,
  WATCH_ENDED_MESSAGE,
} from "./duplicate-copies";
import { findExactMatches } from "./match-hypersku-order";

/** Outcomes after which a copy is not cancelled again (a cancel that did not get through is tried again). */
const SETTLED_OUTCOMES: readonly string[] = [DUPLICATE_OUTCOMES.cancelled, DUPLICATE_OUTCOMES.refused, DUPLICATE_OUTCOMES.tooLate];
const LOOKING_NOTE = "Looking for a late second copy at HyperSKU.";

/** The timeline entry that starts (or restarts) the watch at `now`. */
export const duplicateWatchStarted = (now: Date): OrderEventInput => ({
  kind: DUPLICATE_EVENT_KIND,
  outcome: DUPLICATE_OUTCOMES.watching,
  message: describeWatchStart(getDuplicateWatchEnd(now)),
  at: now,
});

/** Queues the watch's next look inside the caller's transaction (an earlier pending look is kept). */
export async function queueDuplicateWatch(tx: LeanTx, order: Pick<Order, "id" | "shop">, runAt: Date) {
  await enqueue(JOB_TYPES.watchDuplicateCopies, { shop: order.shop, subjectId: order.id, runAt }, tx);
}

/** Every copy of the order HyperSKU lists (exact matches only), the earliest first. */
export async function lookUpCopies(shop: Pick<Shop, "domain">, order: Pick<Order, "shopifyOrderId">): Promise<HyperskuOrder[]> {
  const found = await withHyperskuAccess(shop.domain, (auth) =>
    getHypersku().client.getOrdersByExternalOrderId(auth, { storeCode: shop.domain, storeOrderId: order.shopifyOrderId }),
  );
  return findExactMatches(found, { storeOrderId: order.shopifyOrderId, storeCode: shop.domain });
}

function readWatch(events: readonly OrderEvent[]) {
  const mine = events.filter((event) => event.kind === DUPLICATE_EVENT_KIND);
  const starts = mine.filter((event) => event.outcome === DUPLICATE_OUTCOMES.watching).map((event) => event.at.getTime());
  if (starts.length === 0) return null;
  const handledIds = mine
    .filter((event) => SETTLED_OUTCOMES.includes(event.outcome ?? ""))
    .flatMap((event) => {
      try {
        const id: unknown = event.data ? (JSON.parse(event.data) as Record<string, unknown>).duplicateHyperskuOrderId : null;
        return typeof id === "string" ? [id] : [];
      } catch {
        return [];
      }
    });
  return { startedAt: new Date(Math.max(...starts)), handledIds };
}

/** The job: one look, what it calls for, and when to look next. */
export async function watchForDuplicateCopies(orderId: string, now = new Date()): Promise<JobOutcome> {
  const order = await getOrder(orderId);
  if (!order) return { kind: "done" };
  const watch = readWatch(await withTransaction((tx) => listOrderEvents(tx, order.id)));
  if (!watch) return { kind: "done" };
  const next = nextDuplicateLookAt(watch.startedAt, now);

  const shop = await getShop(order.shop);
  const canAsk = shop && !shop.uninstalledAt && canForward(parseHyperskuStatus(shop.hyperskuStatus));
  // A copy is extra only beside the one the app follows: until the order is sent, the forward job looks.
  if (!canAsk || order.state !== "sent" || !order.hyperskuOrderId) return lookAgain(order, next);
  let copies: HyperskuOrder[];
  try {
    copies = await lookUpCopies(shop, order);
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    return lookAgain(order, next, `HyperSKU did not answer the lookup: ${error.message}`);
  }
  const plan = planDuplicates({ copies, recordedId: order.hyperskuOrderId, handledIds: watch.handledIds });
  if (plan.kind !== "act") return lookAgain(order, next);

  const outcomes: DuplicateOutcome[] = plan.tooLate.map((copy) => ({ kind: "too_late", copy }));
  let failed: HyperskuError | null = null;
  for (const copy of plan.cancel) {
    const result = await cancelCopy(shop, copy);
    if (result instanceof HyperskuError) failed = result;
    outcomes.push(
      result instanceof HyperskuError ? { kind: "not_yet", copy, detail: `HyperSKU could not be asked: ${result.message}` } : result,
    );
  }
  await report(order.id, plan.keptId, outcomes);
  // Told already; the cancel is tried again (with the lookup) while the job's attempts last.
  if (failed) return hyperskuJobOutcome(failed, now);
  return lookAgain(order, next);
}

async function cancelCopy(shop: Shop, copy: DuplicateCopy): Promise<DuplicateOutcome | HyperskuError> {
  try {
    await withHyperskuAccess(shop.domain, (auth) => getHypersku().client.cancelOrder(auth, Number(copy.hyperskuOrderId)));
    return { kind: "cancelled", copy };
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    if (classifyHyperskuError(error) === "rejected") return { kind: "refused", copy, detail: `HyperSKU said: ${error.message}` };
    return error;
  }
}

async function report(orderId: string, keptId: string, outcomes: readonly DuplicateOutcome[]) {
  await withTransaction(async (tx) => {
    await setOrderFlag(orderId, "duplicate_at_hypersku", describeDuplicates(keptId, outcomes), tx);
    for (const outcome of outcomes) {
      await addOrderEvent(tx, orderId, {
        kind: DUPLICATE_EVENT_KIND,
        outcome: outcome.kind,
        message: describeDuplicateOutcome(outcome),
        data: { keptHyperskuOrderId: keptId, duplicateHyperskuOrderId: outcome.copy.hyperskuOrderId, status: outcome.copy.status },
      });
    }
  });
}

async function lookAgain(order: Pick<Order, "id">, next: Date | null, note = LOOKING_NOTE): Promise<JobOutcome> {
  if (next) return { kind: "reschedule", runAt: next, note };
  await recordOrderEvent(order.id, { kind: DUPLICATE_EVENT_KIND, outcome: DUPLICATE_OUTCOMES.ended, message: WATCH_ENDED_MESSAGE });
  return { kind: "done" };
}
