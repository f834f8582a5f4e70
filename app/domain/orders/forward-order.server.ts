/**
 * Sends one order to HyperSKU, exactly once. Runs as a queue job (ids only; state re-read here).
 *
 * Exactly once rests on four things: one forwarding record and one forward job per order; the
 * "outcome unknown" mark set BEFORE the create is sent and cleared only on a definite answer; while
 * that mark is set, asking HyperSKU whether it already has the order (an exact match only) before
 * sending again; and never sending again until a create that got no answer can no longer land
 * (create-settle.ts: meanwhile the order is "checking"). "Sent" always carries HyperSKU's order id.
 * A create can still commit after its window: an order sent again then is watched for a late
 * second copy, which is cancelled (duplicate-copies.server.ts).
 * HyperSKU's own duplicate handling is never relied on. Every failure, HyperSKU's or not, leaves the
 * order in a state with a reason and a way forward (forward-failures.server.ts).
 */
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { getForwardingSettings, getShopIdentity } from "~/domain/shops/shop-settings.server";
import { APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON } from "~/domain/shops/uninstall.server";
import type { ExternalOrder, HyperskuOrder } from "~/integrations/hypersku/schemas";
import { HyperskuOutcomeUnknownError } from "~/integrations/hypersku/errors";
import { env } from "~/env.server";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import type { JobOutcome } from "~/queue";
import { getOrder, getOrderOrThrow, markOrderSending, markOrderSent, readSnapshot, type Order } from "~/models/order.server";
import { getShop, getShopOrThrow, type Shop } from "~/models/shop.server";
import { isOrderRedacted } from "~/models/redacted-order.server";
import { REDACTED_STATE_CODE, REDACTED_STATE_REASON } from "~/domain/privacy/redacted-intake.server";
import { readSentAddress, sameAddress } from "./address-change.server";
import { NOT_CONNECTED_REASON } from "./apply-snapshot.server";
import { queueCancellationIfNeeded } from "./cancel-at-hypersku.server";
import { decideAfterLookup, getCreateSettleMs } from "./create-settle";
import {
  CHECKING_REASON,
  endOutage,
  handleSendFailure,
  hold,
  HELD_RECHECK_MS,
  recordForwarding,
  setOrder,
  type Attempt,
  type SendProgress,
} from "./forward-failures.server";
import { mapOrderToExternalOrder } from "./map-order";
import { findExactMatch, getHyperskuOrderId, type HyperskuOrderReference } from "./match-hypersku-order";
import { duplicateWatchStarted, lookUpCopies, queueDuplicateWatch } from "./duplicate-copies.server";
import { getFirstDuplicateLookAt } from "./duplicate-copies";
import { isInFlight, isUnsent } from "~/models/order-state";
import { planForwarding } from "./plan-forwarding";
import { checkBeforeSend } from "./catalogue-check.server";
import { costsWhenSent } from "~/domain/costs/record-costs.server";
import { type OrderEventInput, recordOrderEvent } from "~/models/order-event.server";
import { readRouting } from "./read-routing.server";
import { fulfillmentHold } from "./route-lines";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { serializeStoredHyperskuOrder } from "./stored-hypersku-order";

/** The window after a create during which it may still land (HYPERSKU_CREATE_SETTLE_SECONDS, at least the timeout). */
const getSettleMs = () => getCreateSettleMs(env.HYPERSKU_CREATE_SETTLE_SECONDS, getHypersku().config.timeoutMs);

const referenceOf = (shop: Shop, order: Order): HyperskuOrderReference => ({ storeOrderId: order.shopifyOrderId, storeCode: shop.domain });

/** `watchFrom`: HyperSKU listed the order twice: the watch for extra copies starts then (and looks at once). */
async function markSent(order: Order, hyperskuOrder: HyperskuOrder, how: string, request: ExternalOrder | null, watchFrom?: Date) {
  const hyperskuOrderId = getHyperskuOrderId(hyperskuOrder);
  // Defence in depth: without HyperSKU's id nothing proves the order exists (the client checks too).
  if (!hyperskuOrderId)
    throw new HyperskuOutcomeUnknownError("its answer did not include HyperSKU's order id", { operation: "createOrderFromExternal" });
  const base = hyperskuOrder.orderBaseInfo;
  const at = new Date();
  // The costs card's figures (app/domain/costs): what the customer paid for what HyperSKU ships, and HyperSKU's charge.
  const sentRequest = request ?? readSentRequest(await getOrderOrThrow(order.id));
  await recordForwarding(
    order,
    async (tx) => {
      await markOrderSent(tx, order.id, {
        hyperskuOrderId,
        hyperskuStatus: base?.status ?? null,
        hyperskuStatusDesc: base?.statusDesc ?? null,
        hyperskuResponse: serializeStoredHyperskuOrder(hyperskuOrder),
        sentRequest: request ? JSON.stringify(request) : null,
        costs: costsWhenSent(order.id, sentRequest, hyperskuOrder, at),
        at,
      });
      if (watchFrom) await queueDuplicateWatch(tx, order, watchFrom);
    },
    [
      { kind: "attempt", outcome: "sent", message: how, data: { hyperskuOrderId, status: base?.status ?? null } },
      ...(watchFrom ? [duplicateWatchStarted(watchFrom)] : []),
    ],
  );
}

function readSentRequest(order: Order): ExternalOrder | null {
  try {
    return order.sentRequest ? (JSON.parse(order.sentRequest) as ExternalOrder) : null;
  } catch {
    return null;
  }
}

/**
 * An earlier create did land. What HyperSKU holds is what was last sent; if the order changed in
 * Shopify meanwhile (cancelled, a new address), the jobs that pass such changes on take over.
 * `copies`: what the lookup found, the earliest first; that one is kept, any other is cancelled
 * by the watch this starts (duplicate-copies.server.ts).
 */
async function adopt(
  order: Order,
  copies: readonly HyperskuOrder[],
  snapshot: ShopifyOrderSnapshot,
  current: ExternalOrder | null,
  how: string,
  now: Date,
) {
  await markSent(order, copies[0], how, order.sentRequest ? null : current, copies.length > 1 ? now : undefined);
  const sent = await getOrderOrThrow(order.id);
  await queueCancellationIfNeeded(sent, snapshot, now);
  const sentAddress = readSentAddress(sent);
  if (!snapshot.cancelledAt && current && sentAddress && !sameAddress(sentAddress, current.shippingAddress)) {
    await enqueue(JOB_TYPES.changeAddress, { shop: order.shop, subjectId: order.id, runAt: now });
  }
  return { kind: "done" } as const;
}

const FULFILLMENT_HOLD_CODE = "fulfillment_on_hold";
/** A timeline entry for something sent as it is that the merchant should check at HyperSKU (order page: order-detail.ts). */
const SEND_WARNING_KIND = "send_warning";
/** An order waiting for sourcing asks HyperSKU again this often (and is queued at once when the catalogue changes). */
const NEEDS_SOURCING_RECHECK_MS = 2 * 60 * 60_000;
/** A hold in Shopify is often released within the hour (a fraud check cleared): look again often, one cheap query. */
const FULFILLMENT_HOLD_RECHECK_MS = 15 * 60_000;

/**
 * What goes with the request but the merchant should check, said once per attempt in the order's
 * timeline: Shopify's money not adding up by the documented rule (order-money.ts), sent as Shopify has
 * it, to check against HyperSKU's invoice; and what a carrier or the agent may stumble on (no phone,
 * an address line or an item title longer than they print: map-order.ts), one entry each.
 */
function sendWarningEvents(mapped: { moneyWarnings: string[]; warnings: string[] }): OrderEventInput[] {
  const money = mapped.moneyWarnings.length > 0 ? [{ kind: "money_warning", message: mapped.moneyWarnings.join(" ") }] : [];
  return [...money, ...mapped.warnings.map((message) => ({ kind: SEND_WARNING_KIND, message }))];
}

async function keepChecking(order: Order, until: Date): Promise<JobOutcome> {
  // One timeline entry per window, however often the lookup runs meanwhile.
  const changed = order.state !== "checking" || order.nextAttemptAt?.getTime() !== until.getTime();
  await setOrder(
    order,
    { state: "checking", stateCode: "create_unconfirmed", stateReason: CHECKING_REASON, nextAttemptAt: until },
    changed
      ? {
          kind: "attempt",
          outcome: "checking",
          message: `HyperSKU does not list the order yet; it may still arrive. Next check at ${until.toISOString()}.`,
        }
      : undefined,
  );
  // Waiting, not failing: the attempt is not counted.
  return { kind: "reschedule", runAt: until, note: "Checking with HyperSKU before sending again." };
}

export async function forwardOrder(orderId: string, attempt: Attempt, now = new Date()): Promise<JobOutcome> {
  const order = await getOrder(orderId);
  if (!order || (!isUnsent(order.state) && !isInFlight(order.state))) return { kind: "done" };
  const shop = await getShop(order.shop);
  if (!shop || shop.uninstalledAt) return hold(order, APP_UNINSTALLED_CODE, APP_UNINSTALLED_REASON, HELD_RECHECK_MS);

  if (!canForward(parseHyperskuStatus(shop.hyperskuStatus))) return hold(order, "not_connected", NOT_CONNECTED_REASON, HELD_RECHECK_MS);

  const progress: SendProgress = { createStarted: false };
  try {
    return await forwardConnected(shop, order, now, progress);
  } catch (error) {
    return handleSendFailure({
      shop,
      order,
      attempt,
      error,
      progress,
      findAtHypersku: () => lookUpCopies(shop, order),
      adopt: adoptAfterRefusal,
    });
  }
}

async function adoptAfterRefusal(order: Order, copies: readonly HyperskuOrder[]) {
  const snapshot = readSnapshot(order);
  const mapped = mapOrderToExternalOrder(snapshot, getShopIdentity(await getShopOrThrow(order.shop)));
  await adopt(order, copies, snapshot, mapped.ok ? mapped.request : null, "Found at HyperSKU after it refused a second copy.", new Date());
}

async function forwardConnected(shop: Shop, order: Order, now: Date, progress: SendProgress): Promise<JobOutcome> {
  // Redaction skips unsent orders itself; one caught in flight stops here, neither looked up nor sent.
  if ((isInFlight(order.state) || order.createOutcomeUnknown) && (await isOrderRedacted(shop.domain, order.shopifyOrderId))) {
    await setOrder(
      order,
      {
        state: "skipped",
        stateCode: REDACTED_STATE_CODE,
        stateReason: REDACTED_STATE_REASON,
        createOutcomeUnknown: false,
        nextAttemptAt: null,
      },
      { kind: "decision", outcome: "skipped", message: REDACTED_STATE_REASON },
    );
    return { kind: "done" };
  }
  const snapshot = readSnapshot(order);
  const identity = getShopIdentity(shop);
  const current = mapOrderToExternalOrder(snapshot, identity);
  const currentRequest = current.ok ? current.request : null;

  // Sending again after a create whose answer never came: settled, yet not proven absent for ever.
  let resendingUnproven = false;
  if (order.createOutcomeUnknown) {
    // Before anything else, even a cancellation: the order may already be at HyperSKU.
    const lookupStartedAt = new Date();
    const copies = await lookUpCopies(shop, order);
    const next = decideAfterLookup({
      found: copies.length > 0,
      lookupStartedAt,
      lastCreateSentAt: order.lastAttemptAt,
      settleMs: getSettleMs(),
    });
    if (copies.length > 0)
      return adopt(order, copies, snapshot, currentRequest, "Found at HyperSKU: an earlier attempt had created it.", now);
    if (next.kind === "wait") return keepChecking(order, next.until);
    // Settled and not at HyperSKU: an earlier create is very unlikely to land any more, and if it
    // does all the same, the watch queued with the create below cancels the extra copy.
    resendingUnproven = true;
  }

  // Rules or the order may have changed since the job was queued: decide again on what is true now.
  const plan = planForwarding(snapshot, getForwardingSettings(shop), identity, now);
  if (plan.state !== "scheduled") {
    if (plan.state !== order.state || plan.code !== order.stateCode || order.createOutcomeUnknown) {
      await setOrder(
        order,
        { state: plan.state, stateCode: plan.code, stateReason: plan.reason, createOutcomeUnknown: false, nextAttemptAt: null },
        { kind: "decision", outcome: plan.state, message: plan.reason },
      );
    }
    return { kind: "done" };
  }
  if (plan.forwardNotBefore && plan.forwardNotBefore > now) {
    return { kind: "reschedule", runAt: plan.forwardNotBefore, note: "hold window" };
  }

  // Due: only now ask Shopify where each line ships from, and send only HyperSKU's part.
  const routed = await readRouting(shop, snapshot, now);
  const held = fulfillmentHold(routed.routing.settings, routed.routing.context);
  if (held) return hold(order, FULFILLMENT_HOLD_CODE, held, FULFILLMENT_HOLD_RECHECK_MS);
  const routedPlan = planForwarding(routed.snapshot, getForwardingSettings(shop), identity, now, routed.routing);
  const mapped = mapOrderToExternalOrder(routed.snapshot, identity, routed.routing);
  const leftOutLines = JSON.stringify(mapped.skippedLineItems);
  if (routedPlan.state !== "scheduled") {
    await setOrder(
      order,
      {
        state: routedPlan.state,
        stateCode: routedPlan.code,
        stateReason: routedPlan.reason,
        createOutcomeUnknown: false,
        nextAttemptAt: null,
        leftOutLines,
      },
      { kind: "decision", outcome: routedPlan.state, message: routedPlan.reason ?? routedPlan.state },
    );
    return { kind: "done" };
  }
  if (!mapped.ok) return { kind: "done" }; // planForwarding already covered this; kept for the type.
  const request = mapped.request;

  // The catalogue's word on the lines HyperSKU is to ship, and on the destination (catalogue-check.server.ts).
  const verdict = await checkBeforeSend(order, request, routed.snapshot, now);
  if (verdict.kind === "hold") return hold(order, verdict.code, verdict.reason, NEEDS_SOURCING_RECHECK_MS);
  if (verdict.kind === "attention") {
    if (order.state !== "needs_attention" || order.stateCode !== verdict.code || order.stateReason !== verdict.reason) {
      await setOrder(
        order,
        { state: "needs_attention", stateCode: verdict.code, stateReason: verdict.reason, nextAttemptAt: null, leftOutLines },
        { kind: "decision", outcome: "needs_attention", message: verdict.reason },
      );
    }
    return { kind: "done" };
  }
  if (verdict.note && !progress.createStarted)
    await recordOrderEvent(order.id, { kind: "decision", outcome: "send_anyway", message: verdict.note });

  const created = await withHyperskuAccess(shop.domain, async (auth) => {
    // Marked right before the create leaves (after any wait for the shop's rate limit), so the
    // settle window counts from when HyperSKU may really have received it.
    const at = new Date();
    const watch = resendingUnproven && !progress.createStarted;
    await recordForwarding(
      order,
      async (tx) => {
        await markOrderSending(tx, order.id, {
          sentRequest: JSON.stringify(request),
          leftOutLines,
          newAttempt: !progress.createStarted,
          at,
        });
        if (watch) await queueDuplicateWatch(tx, order, getFirstDuplicateLookAt(at));
      },
      progress.createStarted ? undefined : [...(watch ? [duplicateWatchStarted(at)] : []), ...sendWarningEvents(mapped)],
    );
    progress.createStarted = true;
    return getHypersku().client.createOrderFromExternal(auth, request);
  });
  const proven = findExactMatch([created], referenceOf(shop, order));
  if (!proven) {
    throw new HyperskuOutcomeUnknownError("its answer did not show this order with HyperSKU's order id", {
      operation: "createOrderFromExternal",
    });
  }
  await markSent(order, proven, "Created at HyperSKU.", null);
  await endOutage(shop.domain);
  return { kind: "done" };
}
