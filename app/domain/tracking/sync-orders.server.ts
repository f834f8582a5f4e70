/**
 * Status and tracking sync: asks HyperSKU about a shop's orders that are due (Order.nextSyncAt,
 * chosen by sync-schedule.ts), records every status change and parcel in the order's timeline,
 * queues the Shopify fulfillments, and sets the next time to ask (null once the order is final).
 *
 * A freshly sent order has neither nextSyncAt nor lastSyncedAt: it is due at once, so the forward
 * job needs to know nothing about syncing. Statuses are asked in batches of 50 ids; parcels are
 * fetched for orders that ship, are shipping, or just changed past shipping.
 *
 * Two syncs of one order at the same time are harmless: status writes are compare-and-set (the
 * change and its event are recorded by one of them), parcels are unique per order and key, and the
 * fulfillment job is unique per order and claims each parcel.
 */
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { canForward, parseHyperskuStatus } from "~/models/connection-status";
import { SealedSecretError } from "~/lib/token-crypto.server";
import { findExactMatch } from "~/domain/orders/match-hypersku-order";
import { describeHyperskuStatus, isBeforeShipping, isShippingStatus } from "~/domain/orders/hypersku-status";
import type { HyperskuLogisticsItem, HyperskuOrder, OrderStatusInfo } from "~/integrations/hypersku/schemas";
import { HyperskuError, HyperskuRejectedError } from "~/integrations/hypersku/errors";
import { hyperskuJobOutcome } from "~/integrations/hypersku/job-outcome";
import { enqueue, JOB_TYPES, wakeWorkers } from "~/domain/enqueue.server";
import type { JobOutcome } from "~/queue";
import { logger } from "~/logger.server";
import {
  findNeverSyncedOrder,
  findShopOrder,
  getEarliestNextSyncAt,
  getOrderOrThrow,
  listDueOrdersForSync,
  recordHyperskuStatus,
  recordOrderSynced,
  type Order,
  recordHyperskuView,
} from "~/models/order.server";
import { addOrderEvent, recordOrderEvent } from "~/models/order-event.server";
import { listOrderParcels, reopenFailedParcels } from "~/models/parcel.server";
import { getShop, type Shop } from "~/models/shop.server";
import { withTransaction } from "~/models/transactions.server";
import { queueParcelFulfillment } from "./fulfill-parcels.server";
import { clearOrderFlag, setOrderFlag } from "./order-flags.server";
import { applyParcels, type ParcelOutcome } from "./parcel-store.server";
import { parseParcels } from "./parse-parcels";
import { computeNextSyncAt, describeSyncStop } from "./sync-schedule";
import { isStoredHyperskuOrderBehind, serializeStoredHyperskuOrder } from "~/domain/orders/stored-hypersku-order";
import { recordHyperskuCharge } from "~/domain/costs/record-costs.server";

const SYNC_BATCH_SIZE = 50;
/** Per run; a shop with more due orders gets another run straight after. */
const MAX_ORDERS_PER_RUN = 500;

export type SyncRunResult = { checked: number; statusChanges: number; parcelsAdded: number; trackingChanges: number; more: boolean };

const hyperskuIdOf = (order: Pick<Order, "hyperskuOrderId">) => {
  const id = Number(order.hyperskuOrderId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const statusName = (code: number | null, desc?: string | null) => describeHyperskuStatus(code, desc)?.name ?? "unknown";

/** When the shop next has an order to ask about; null when none is waiting. */
export async function getNextShopSyncAt(shop: string, now = new Date()): Promise<Date | null> {
  const fresh = await findNeverSyncedOrder(shop);
  if (fresh) return now;
  return getEarliestNextSyncAt(shop);
}

export async function queueShopSync(shop: string, runAt = new Date()) {
  await enqueue(JOB_TYPES.syncOrders, { shop, subjectId: shop, runAt });
}

async function fetchLogistics(shop: Shop, order: Order): Promise<HyperskuLogisticsItem[]> {
  const { client } = getHypersku();
  try {
    return await withHyperskuAccess(shop.domain, (auth) => client.internationalLogisticsInfo(auth, order.shopifyOrderId));
  } catch (error) {
    if (!(error instanceof HyperskuRejectedError)) throw error;
    // The logistics path is the least certain of the contract; the order itself lists its parcels too.
    const found = await findAtHypersku(shop, order);
    return found?.logisticsItems ?? [];
  }
}

/** This order as HyperSKU lists it: an exact match only, never another order's status or parcels. */
async function findAtHypersku(shop: Pick<Shop, "domain">, order: Order): Promise<HyperskuOrder | null> {
  const { client } = getHypersku();
  const found = await withHyperskuAccess(shop.domain, (auth) =>
    client.getOrdersByExternalOrderId(auth, { storeCode: shop.domain, storeOrderId: order.shopifyOrderId }),
  );
  return findExactMatch(found, { storeOrderId: order.shopifyOrderId, storeCode: shop.domain, hyperskuOrderId: order.hyperskuOrderId });
}

/**
 * When HyperSKU's status moves, its view of the order (items and their state, amounts, shipping
 * method, address) has usually moved too: the stored copy the order page shows is replaced, so it is
 * never the frozen create answer. One lookup per change; a failed one keeps the old copy, and the
 * next sync looks again (the copy's status is not the one HyperSKU reports: needsFreshView).
 */
async function refreshHyperskuView(shop: Pick<Shop, "domain">, order: Order, known: HyperskuOrder | null) {
  try {
    const current = known ?? (await findAtHypersku(shop, order));
    const stored = current ? serializeStoredHyperskuOrder(current) : null;
    if (stored) await recordHyperskuView(order.id, stored);
    await recordHyperskuCharge(order.id, current);
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    logger.warn({ shop: shop.domain, orderId: order.id, err: error.message }, "kept the stored HyperSKU order: the lookup failed");
  }
}

/**
 * Whether the stored copy of HyperSKU's order is to be replaced: the status moved, the merchant
 * asked, the order was just looked up whole (its answer is at hand), or the copy is older than the
 * status HyperSKU reports now, whatever recorded that status (a lookup that failed, a cancellation).
 * Every order HyperSKU still reports on gets its latest answer, cancelled ones included.
 */
const needsFreshView = (
  order: Order,
  reportedStatus: number | null,
  { statusChanged, force, known }: { statusChanged: boolean; force: boolean; known: HyperskuOrder | null },
) => statusChanged || force || known !== null || isStoredHyperskuOrderBehind(order.hyperskuResponse, reportedStatus);

/** The status row of this order: its HyperSKU id, and its store order id when the row names one. */
function findStatusRow(rows: readonly OrderStatusInfo[], order: Order): OrderStatusInfo | null {
  const id = hyperskuIdOf(order);
  return (
    rows.find(
      (row) => id !== null && row.orderId === id && (row.storeOrderId == null || String(row.storeOrderId) === order.shopifyOrderId),
    ) ?? null
  );
}

/** Records a status HyperSKU reported: one event per change, even with two syncs at once. */
async function recordStatus(
  order: Order,
  reported: { status: number | null; statusDesc: string | null; orderId?: number | null },
): Promise<boolean> {
  // An answer without a status tells nothing about it: keep the one we know.
  const info = reported.status === null ? { ...reported, status: order.hyperskuStatus, statusDesc: order.hyperskuStatusDesc } : reported;
  const changed = info.status !== order.hyperskuStatus;
  return withTransaction(async (tx) => {
    const recorded = await recordHyperskuStatus(tx, order.id, order.hyperskuStatus, {
      hyperskuStatus: info.status,
      hyperskuStatusDesc: info.statusDesc,
      ...(order.hyperskuOrderId === null && info.orderId != null ? { hyperskuOrderId: String(info.orderId) } : {}),
    });
    if (recorded && changed) {
      await addOrderEvent(tx, order.id, {
        kind: "status",
        outcome: info.status === null ? null : String(info.status),
        message:
          order.hyperskuStatus === null
            ? `HyperSKU status: ${statusName(info.status, info.statusDesc)}.`
            : `HyperSKU status: ${statusName(order.hyperskuStatus, order.hyperskuStatusDesc)} → ${statusName(info.status, info.statusDesc)}.`,
        data: { from: order.hyperskuStatus, to: info.status },
      });
    }
    return recorded && changed;
  });
}

async function scheduleNext(order: Order, status: number | null, now: Date) {
  const nextSyncAt = computeNextSyncAt({ status, sentAt: order.sentAt ?? order.createdAt, now });
  const stop = nextSyncAt ? null : describeSyncStop(status, now.getTime() - (order.sentAt ?? order.createdAt).getTime());
  await recordOrderSynced(order.id, now, nextSyncAt);
  if (stop && order.nextSyncAt !== null) await recordOrderEvent(order.id, { kind: "sync", outcome: "stopped", message: stop });
}

type OrderSync = { statusChanged: boolean; parcels: ParcelOutcome | null };

/** One order, given what getOrdersStatus said about it (undefined: not asked, null: not listed). */
async function syncOne(
  shop: Shop,
  order: Order,
  reported: OrderStatusInfo | null | undefined,
  now: Date,
  force = false,
): Promise<OrderSync> {
  let info: { status: number | null; statusDesc: string | null; orderId?: number | null } | null = reported
    ? { status: reported.status ?? null, statusDesc: reported.statusDesc ?? null }
    : null;
  let known: HyperskuOrder | null = null;
  if (!info) {
    known = await findAtHypersku(shop, order);
    const base = known?.orderBaseInfo;
    info = base ? { status: base.status ?? null, statusDesc: base.statusDesc ?? null, orderId: base.orderId } : null;
  }
  if (!info) {
    await setOrderFlag(
      order.id,
      "hypersku_order_missing",
      "HyperSKU no longer lists this order. Check it in HyperSKU; the app will keep looking once a day.",
    );
    await recordOrderSynced(order.id, now, new Date(now.getTime() + 24 * 3600_000));
    return { statusChanged: false, parcels: null };
  }
  if (order.flagCode === "hypersku_order_missing") await clearOrderFlag(order.id, ["hypersku_order_missing"]);
  const statusChanged = await recordStatus(order, info);
  if (needsFreshView(order, info.status, { statusChanged, force, known })) await refreshHyperskuView(shop, order, known);
  const fresh = { ...order, hyperskuOrderId: order.hyperskuOrderId ?? (info.orderId != null ? String(info.orderId) : null) };

  let parcels: ParcelOutcome | null = null;
  const shipped = info.status !== null && !isBeforeShipping(info.status);
  if (force || isShippingStatus(info.status) || (shipped && (statusChanged || order.lastSyncedAt === null))) {
    // An order looked up whole already lists its parcels; otherwise ask the logistics operation.
    const logistics = known ? (known.logisticsItems ?? []) : await fetchLogistics(shop, fresh);
    parcels = await applyParcels(order, parseParcels(logistics, fresh.hyperskuOrderId));
    if (parcels.needsFulfillment) await queueParcelFulfillment(order);
  }
  await scheduleNext(order, info.status, now);
  return { statusChanged, parcels };
}

function tally(result: SyncRunResult, synced: OrderSync) {
  result.checked += 1;
  if (synced.statusChanged) result.statusChanges += 1;
  result.parcelsAdded += synced.parcels?.added ?? 0;
  result.trackingChanges += synced.parcels?.trackingChanged ?? 0;
}

/** Asks HyperSKU about every due order of the shop (up to MAX_ORDERS_PER_RUN). Throws HyperskuError. */
export async function syncShopOrders(shopDomain: string, now = new Date()): Promise<SyncRunResult> {
  const result: SyncRunResult = { checked: 0, statusChanges: 0, parcelsAdded: 0, trackingChanges: 0, more: false };
  const shop = await getShop(shopDomain);
  // Uninstalled or not connected: nothing is due; the scheduler queues the shop again once it is both.
  if (!shop || shop.uninstalledAt || !canForward(parseHyperskuStatus(shop.hyperskuStatus))) return result;

  const due = await listDueOrdersForSync(shopDomain, now, MAX_ORDERS_PER_RUN + 1);
  result.more = due.length > MAX_ORDERS_PER_RUN;
  const orders = due.slice(0, MAX_ORDERS_PER_RUN);
  const withId = orders.filter((order) => hyperskuIdOf(order) !== null);
  const withoutId = orders.filter((order) => hyperskuIdOf(order) === null);

  const { client } = getHypersku();
  for (let start = 0; start < withId.length; start += SYNC_BATCH_SIZE) {
    const batch = withId.slice(start, start + SYNC_BATCH_SIZE);
    const statuses = await withHyperskuAccess(shopDomain, (auth) =>
      client.getOrdersStatus(
        auth,
        batch.map((order) => hyperskuIdOf(order)!),
      ),
    );
    for (const order of batch) {
      const reported = findStatusRow(statuses, order);
      tally(result, await syncOne(shop, order, reported, now));
    }
  }
  for (const order of withoutId) tally(result, await syncOne(shop, order, undefined, now));
  if (result.statusChanges + result.parcelsAdded + result.trackingChanges > 0) wakeWorkers();
  return result;
}

/** The sync job: the run, with HyperSKU's failures turned into the queue's answers. */
export async function runShopSync(shopDomain: string): Promise<JobOutcome> {
  try {
    const result = await syncShopOrders(shopDomain);
    if (result.checked > 0) logger.info({ shop: shopDomain, ...result }, "synced orders with HyperSKU");
    return result.more ? { kind: "reschedule", runAt: new Date(), note: "More orders are due." } : { kind: "done" };
  } catch (error) {
    // Tokens sealed under a key no longer configured: the operator's to fix (the orders show it);
    // the scheduler queues the shop again every minute while orders are due.
    if (error instanceof SealedSecretError) return { kind: "done" };
    if (!(error instanceof HyperskuError)) throw error;
    const outcome = hyperskuJobOutcome(error);
    // Waiting for a reconnect or the operator: the scheduler queues the shop again while orders are due.
    return outcome.kind === "reschedule" ? { kind: "done" } : outcome;
  }
}

/**
 * "Refresh from HyperSKU" on one order: asks HyperSKU now (whatever the schedule says), retries the
 * parcels that failed or conflicted in Shopify, and says in plain words where the order stands.
 * Orders of `shop` only: another shop's order id behaves as if it did not exist.
 */
export async function syncOrderNow(shop: string, orderId: string): Promise<{ ok: boolean; message: string }> {
  const order = await findShopOrder(shop, orderId);
  if (!order) return { ok: false, message: "Order not found." };
  if (order.state !== "sent") return { ok: false, message: "This order is not at HyperSKU yet, so there is nothing to refresh." };
  const shopRecord = await getShop(shop);
  if (!shopRecord || shopRecord.uninstalledAt || !canForward(parseHyperskuStatus(shopRecord.hyperskuStatus))) {
    return { ok: false, message: "Connect HyperSKU first; the order is refreshed automatically afterwards." };
  }
  // Failed and conflicting parcels get another try when the merchant asks (after fixing the cause).
  const reopened = await reopenFailedParcels(order.id);
  const now = new Date();
  try {
    const id = hyperskuIdOf(order);
    let reported: OrderStatusInfo | null | undefined;
    if (id !== null) {
      const statuses = await withHyperskuAccess(shop, (auth) => getHypersku().client.getOrdersStatus(auth, [id]));
      reported = findStatusRow(statuses, order);
    }
    await syncOne(shopRecord, order, reported, now, true);
  } catch (error) {
    if (!(error instanceof HyperskuError)) throw error;
    return { ok: false, message: `HyperSKU could not be asked right now: ${error.message}` };
  }
  const fresh = await getOrderOrThrow(order.id);
  const parcels = await listOrderParcels(order.id);
  if (reopened > 0 || parcels.some((parcel) => parcel.fulfillmentState === "pending" && parcel.trackingNumber)) {
    await queueParcelFulfillment(fresh);
  }
  wakeWorkers();
  const status = statusName(fresh.hyperskuStatus, fresh.hyperskuStatusDesc);
  const inShopify = parcels.filter((parcel) => parcel.fulfillmentState === "created").length;
  const parcelWords =
    parcels.length === 0
      ? "no parcels yet"
      : `${parcels.length} parcel${parcels.length === 1 ? "" : "s"}, ${inShopify} recorded in Shopify`;
  return {
    ok: true,
    message: `Refreshed from HyperSKU: ${status}; ${parcelWords}.${reopened > 0 ? " Parcels that could not be recorded in Shopify are being tried again." : ""}`,
  };
}

/**
 * HyperSKU's current status of one order, recorded like any sync would (after HyperSKU refused a
 * change, to tell "too late" from other refusals). Null when HyperSKU does not list it.
 */
export async function refreshOrderStatus(shopDomain: string, order: Order): Promise<number | null> {
  const id = hyperskuIdOf(order);
  if (id === null) return order.hyperskuStatus;
  const statuses = await withHyperskuAccess(shopDomain, (auth) => getHypersku().client.getOrdersStatus(auth, [id]));
  const row = findStatusRow(statuses, order);
  if (!row) return null;
  const statusChanged = await recordStatus(order, { status: row.status ?? null, statusDesc: row.statusDesc ?? null });
  if (needsFreshView(order, row.status ?? order.hyperskuStatus, { statusChanged, force: false, known: null })) {
    await refreshHyperskuView({ domain: shopDomain }, order, null);
  }
  return row.status ?? null;
}
