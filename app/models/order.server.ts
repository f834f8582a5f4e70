import type { Order, Prisma } from "@prisma/client";
import { randomUUID } from "node:crypto";
import prisma from "~/models/db/client.server";
import type { PreparedInsert } from "~/models/db/insert-together.server";
import { lean, type LeanTx, toModel } from "~/models/db/kysely.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import type { Db, Tx } from "./db-types";
import { IN_FLIGHT_STATES, type OrderState } from "./order-state";

export type { Order };

/** Changes to an order's record; a state is one of the app's own (ORDER_STATES). */
export type OrderChanges = Omit<Prisma.OrderUpdateInput, "state"> & { state?: OrderState };

/** Which orders a query is about (a customer's orders, a shop's orders). */
export type OrderFilter = Prisma.OrderWhereInput;

/** The plan's part of the record: the state, its code and reason, and when it may be sent. */
type OrderPlanColumns = { state: OrderState; stateCode: string | null; stateReason: string | null; forwardNotBefore?: Date | null };

export async function findOrderByShopifyId(shop: string, shopifyOrderId: string, db: Db = prisma) {
  return db.order.findUnique({ where: { shop_shopifyOrderId: { shop, shopifyOrderId } } });
}

/**
 * An order by the app's id. Read alone (no transaction given) on the lean path: every forward, sync,
 * cancel and tracking job starts here (docs/decisions/0025); inside a Prisma transaction, in it.
 */
export async function getOrder(id: string, db?: Db): Promise<Order | null> {
  if (db) return db.order.findUnique({ where: { id } });
  const row = await lean.selectFrom("Order").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toModel<"Order", Order>("Order", row) : null;
}

export async function getOrderOrThrow(id: string, db?: Db): Promise<Order> {
  const order = await getOrder(id, db);
  if (!order) throw new Error(`order ${id} does not exist`);
  return order;
}

/** An order of `shop` only: another shop's order id finds nothing. */
export async function findShopOrder(shop: string, id: string) {
  return prisma.order.findFirst({ where: { id, shop } });
}

/** The order block's order (by Shopify's id, within the shop) with its parcels, oldest first. */
export async function findShopOrderWithParcels(shop: string, shopifyOrderId: string) {
  return prisma.order.findUnique({
    where: { shop_shopifyOrderId: { shop, shopifyOrderId } },
    include: { parcels: { orderBy: { createdAt: "asc" } } },
  });
}

export function readSnapshot(order: Pick<Order, "snapshot">): ShopifyOrderSnapshot {
  return JSON.parse(order.snapshot) as ShopifyOrderSnapshot;
}

export function snapshotColumns(snapshot: ShopifyOrderSnapshot, now: Date) {
  return {
    name: snapshot.name ?? (snapshot.orderNumber ? `#${snapshot.orderNumber}` : snapshot.shopifyOrderId),
    shopifyCreatedAt: snapshot.createdAt ? new Date(snapshot.createdAt) : now,
    shopifyUpdatedAt: snapshot.updatedAt ? new Date(snapshot.updatedAt) : null,
    snapshot: JSON.stringify(snapshot),
    ...searchColumnsOf(snapshot),
  };
}

import { phoneKey } from "./order-search-keys";

// Written so the migration's SQL can compute the same (lower(trim(...)) on both engines).
const searchKey = (text: string) => text.trim().toLowerCase() || null;

/**
 * The columns copied from a snapshot wherever one is written, so they never disagree with it: the
 * orders list's search keys (lower-cased "first last" of the shipping address, and the e-mail; an
 * anonymised snapshot blanks both) and whether Shopify cancelled the order.
 */
export function snapshotSearchColumns(snapshotJson: string) {
  return searchColumnsOf(JSON.parse(snapshotJson) as Partial<ShopifyOrderSnapshot>);
}

/** snapshotSearchColumns of a snapshot at hand (snapshotColumns writes both from the same object). */
function searchColumnsOf(snapshot: Partial<ShopifyOrderSnapshot>) {
  const address = snapshot.shippingAddress;
  return {
    customerName: searchKey(`${(address?.firstName ?? "").trim()} ${(address?.lastName ?? "").trim()}`),
    customerEmail: searchKey(snapshot.email ?? ""),
    customerPhone: phoneKey(snapshot.phone),
    shopifyCustomerId: snapshot.customerId ?? null,
    shopifyCancelled: Boolean(snapshot.cancelledAt),
  };
}

const withSearchColumns = <T extends { snapshot?: unknown }>(data: T): T =>
  typeof data.snapshot === "string" ? { ...data, ...snapshotSearchColumns(data.snapshot) } : data;

type NewOrder = Omit<Prisma.OrderCreateInput, "state"> & { state: OrderState };

/** Records an order the app sees for the first time; returns its id. */
export async function createOrder(db: Db, order: NewOrder) {
  return db.order.create({ data: withSearchColumns(order), select: { id: true } });
}

/**
 * The lean intake's createOrder, prepared for insertTogether: the same columns (the search keys
 * come with snapshotColumns), every default spelled out, and the id it will have.
 */
export function prepareNewOrder(tx: LeanTx, order: NewLeanOrder, now: Date): { id: string; insert: PreparedInsert } {
  const id = randomUUID();
  const insert = tx.insertInto("Order").values({
    id,
    ...order,
    createOutcomeUnknown: false,
    attemptCount: 0,
    createdAt: now,
    updatedAt: now,
  });
  return { id, insert };
}

/** snapshotColumns' columns (the snapshot and the search keys copied from it), the shop and the plan. */
type NewLeanOrder = ReturnType<typeof snapshotColumns> & {
  shop: string;
  shopifyOrderId: string;
  state: OrderState;
  stateCode: string | null;
  stateReason: string | null;
  forwardNotBefore?: Date | null;
};

/** Stores a newer version of the order as Shopify sent it (or the parts of it the app may keep). */
export async function storeOrderVersion(db: Db, id: string, columns: Partial<ReturnType<typeof snapshotColumns>>) {
  await db.order.update({ where: { id }, data: withSearchColumns(columns) });
}

/** Writes what forwarding decided or did (state, reason, attempt bookkeeping, HyperSKU's answer). */
export async function changeOrderForwarding(db: Db, id: string, changes: OrderChanges) {
  await db.order.update({ where: { id }, data: changes });
}

/**
 * The create is about to leave: until HyperSKU's answer proves it, its outcome is unknown. On the
 * lean path (decision 0025), in the transaction that also writes the timeline entry.
 */
export async function markOrderSending(
  tx: LeanTx,
  id: string,
  sending: { sentRequest: string; leftOutLines: string; newAttempt: boolean; at: Date },
) {
  await tx
    .updateTable("Order")
    .set({
      state: "sending",
      stateCode: null,
      stateReason: null,
      createOutcomeUnknown: true,
      ...(sending.newAttempt ? { attemptCount: (eb) => eb("attemptCount", "+", 1) } : {}),
      lastAttemptAt: sending.at,
      sentRequest: sending.sentRequest,
      leftOutLines: sending.leftOutLines,
      updatedAt: sending.at,
    })
    .where("id", "=", id)
    .execute();
}

/** What the order's costs card keeps (order-costs.server.ts), written with "sent" when known. */
export type SentCosts = Partial<
  Pick<
    Order,
    "hyperskuGoodsMinor" | "hyperskuFreightMinor" | "hyperskuCostCurrency" | "costsReadAt" | "customerPaidMinor" | "customerPaidCurrency"
  >
>;

/** HyperSKU has the order: its id, status, answer and costs are kept, and nothing is pending any more (lean path). */
export async function markOrderSent(
  tx: LeanTx,
  id: string,
  sent: {
    hyperskuOrderId: string;
    hyperskuStatus: number | null;
    hyperskuStatusDesc: string | null;
    /** HyperSKU's answer as stored (null when it could not be kept). */
    hyperskuResponse: string | null;
    /** The request that created it, when this attempt sent it (a lookup that found it sends none). */
    sentRequest: string | null;
    costs: SentCosts;
    at: Date;
  },
) {
  await tx
    .updateTable("Order")
    .set({
      state: "sent",
      stateCode: null,
      stateReason: null,
      createOutcomeUnknown: false,
      hyperskuOrderId: sent.hyperskuOrderId,
      hyperskuStatus: sent.hyperskuStatus,
      hyperskuStatusDesc: sent.hyperskuStatusDesc,
      hyperskuResponse: sent.hyperskuResponse,
      ...(sent.sentRequest ? { sentRequest: sent.sentRequest } : {}),
      ...sent.costs,
      sentAt: sent.at,
      lastError: null,
      nextAttemptAt: null,
      updatedAt: sent.at,
    })
    .where("id", "=", id)
    .execute();
}

/** The columns the forward job changes as it decides and fails (forward-failures.server.ts's setOrder). */
export type ForwardingChanges = Partial<
  Pick<Order, "stateCode" | "stateReason" | "createOutcomeUnknown" | "nextAttemptAt" | "leftOutLines" | "lastError">
> & { state?: OrderState };

/** Writes what forwarding decided or did, in a lean transaction (docs/decisions/0025). */
export async function updateOrderForwarding(tx: LeanTx, id: string, changes: ForwardingChanges, at = new Date()) {
  await tx
    .updateTable("Order")
    .set({ ...changes, updatedAt: at })
    .where("id", "=", id)
    .execute();
}

/**
 * Kept safely until its cause goes away (a disconnect, an uninstall, an operator's fix), looked at
 * again at `recheckAt`. `createRefused`: the create this attempt sent is known not to have been taken.
 */
export async function holdOrder(tx: LeanTx, id: string, held: { code: string; reason: string; recheckAt: Date; createRefused: boolean }) {
  await updateOrderForwarding(tx, id, {
    state: "held",
    stateCode: held.code,
    stateReason: held.reason,
    nextAttemptAt: held.recheckAt,
    ...(held.createRefused ? { createOutcomeUnknown: false } : {}),
  });
}

/** Replaces the stored copy of HyperSKU's order (items, amounts, shipping method, address) with a newer one. */
export async function recordHyperskuView(id: string, hyperskuResponse: string) {
  await prisma.order.update({ where: { id }, data: { hyperskuResponse } });
}

/** Makes the order's state agree with a plan. */
export async function setOrderPlan(id: string, plan: OrderPlanColumns, db: Db = prisma) {
  await db.order.update({ where: { id }, data: plan });
}

/**
 * An order as a merchant's action read it. The action's write is a compare-and-set on it: it
 * applies only while the order is still exactly so (same state, same "outcome unknown" mark, same
 * attempt count, not written since), so an action decided on a stale read never re-queues an order
 * a worker has meanwhile started sending or sent.
 */
export type OrderAsRead = Pick<Order, "id" | "state" | "createOutcomeUnknown" | "attemptCount" | "updatedAt">;

const unchangedSince = (read: OrderAsRead): Prisma.OrderWhereInput => ({
  id: read.id,
  state: read.state,
  createOutcomeUnknown: read.createOutcomeUnknown,
  attemptCount: read.attemptCount,
  updatedAt: read.updatedAt,
});

/** The write's own version: later than the one read, even within the same millisecond, so a second stale write finds it changed. */
const nextVersion = (read: OrderAsRead) => ({ updatedAt: new Date(Math.max(Date.now(), read.updatedAt.getTime() + 1)) });

/**
 * The merchant asked for it now: queued, due at once, no hold window, no old error (and, for Send
 * anyway, the choice kept). Only on the order as read; false when it changed meanwhile (nothing written).
 */
export async function scheduleOrderNowIfUnchanged(db: Db, read: OrderAsRead, now: Date, also: { sendAnywayAt?: Date } = {}) {
  const { count } = await db.order.updateMany({
    where: unchangedSince(read),
    data: {
      state: "scheduled",
      stateCode: null,
      stateReason: null,
      forwardNotBefore: now,
      nextAttemptAt: now,
      lastError: null,
      ...also,
      ...nextVersion(read),
    },
  });
  return count === 1;
}

/**
 * An earlier create may have reached HyperSKU (or still may): the order is checked first, due `now`.
 * Only on the order as read; false when it changed meanwhile (nothing written).
 */
export async function markOrderCheckingIfUnchanged(db: Db, read: OrderAsRead, reason: string, now: Date) {
  const { count } = await db.order.updateMany({
    where: unchangedSince(read),
    data: {
      state: "checking",
      stateCode: "create_unconfirmed",
      stateReason: reason,
      createOutcomeUnknown: true,
      nextAttemptAt: now,
      ...nextVersion(read),
    },
  });
  return count === 1;
}

/** setOrderPlan, only on the order as read; false when it changed meanwhile (nothing written). */
export async function setOrderPlanIfUnchanged(read: OrderAsRead, plan: OrderPlanColumns, db: Db = prisma) {
  const { count } = await db.order.updateMany({ where: unchangedSince(read), data: { ...plan, ...nextVersion(read) } });
  return count === 1;
}

/** The shop's orders in `states`, ids only. */
export async function listShopOrderIdsInStates(db: Db, shop: string, states: readonly OrderState[]) {
  return db.order.findMany({ where: { shop, state: { in: [...states] } }, select: { id: true } });
}

/** Holds every order of the shop in `states`, with the code and reason that say why. */
export async function holdShopOrders(db: Db, shop: string, states: readonly OrderState[], code: string, reason: string) {
  await db.order.updateMany({
    where: { shop, state: { in: [...states] } },
    data: { state: "held", stateCode: code, stateReason: reason, nextAttemptAt: null },
  });
}

export async function listHeldOrders(shop: string) {
  return prisma.order.findMany({ where: { shop, state: "held" }, select: { id: true, shopifyOrderId: true } });
}

export async function countHeldOrders(shop: string) {
  return prisma.order.count({ where: { shop, state: "held" } });
}

/** The shop's failed orders, oldest first, ids only. */
export async function listFailedOrderIds(shop: string, limit: number) {
  return prisma.order.findMany({
    where: { shop, state: "failed" },
    orderBy: { shopifyCreatedAt: "asc" },
    take: limit,
    select: { id: true },
  });
}

/** Across all shops: when the longest-waiting order due to go out was received. */
export async function findOldestWaitingOrder(now: Date) {
  return prisma.order.findFirst({
    where: { state: { in: ["scheduled", ...IN_FLIGHT_STATES] }, OR: [{ forwardNotBefore: null }, { forwardNotBefore: { lte: now } }] },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
}

/** The new address HyperSKU now holds, as sent (and HyperSKU's answer folded into its stored order). */
export async function recordSentAddress(db: Db, id: string, sent: { sentRequest: string; hyperskuResponse?: string | null }) {
  await db.order.update({ where: { id }, data: sent });
}

/** HyperSKU closed the order: its status is final, so syncing it stops. */
export async function recordOrderClosed(db: Db, id: string, status: { hyperskuStatus: number; hyperskuStatusDesc: string }) {
  await db.order.update({ where: { id }, data: { ...status, nextSyncAt: null, lastSyncedAt: new Date() } });
}

/**
 * Records a status HyperSKU reported, only while the order still has the status `from` that was
 * read: of two syncs at once, one records the change. True when this call recorded it.
 */
export async function recordHyperskuStatus(
  db: Db,
  id: string,
  from: number | null,
  reported: { hyperskuStatus: number | null; hyperskuStatusDesc: string | null; hyperskuOrderId?: string },
): Promise<boolean> {
  const { count } = await db.order.updateMany({ where: { id, hyperskuStatus: from }, data: reported });
  return count === 1;
}

export async function recordOrderSynced(id: string, lastSyncedAt: Date, nextSyncAt: Date | null) {
  await prisma.order.update({ where: { id }, data: { lastSyncedAt, nextSyncAt } });
}

/** Orders of the shop that are at HyperSKU and due now (fresh ones included). */
function dueOrdersWhere(shop: string, now: Date): Prisma.OrderWhereInput {
  return {
    shop,
    state: "sent",
    OR: [{ nextSyncAt: { lte: now } }, { nextSyncAt: null, lastSyncedAt: null }],
  };
}

/** The shop's orders due for a HyperSKU sync, the longest due first. */
export async function listDueOrdersForSync(shop: string, now: Date, take: number) {
  return prisma.order.findMany({
    where: dueOrdersWhere(shop, now),
    orderBy: [{ nextSyncAt: "asc" }, { sentAt: "asc" }],
    take,
  });
}

/** An order at HyperSKU never synced yet (due at once), if the shop has one. */
export async function findNeverSyncedOrder(shop: string) {
  return prisma.order.findFirst({
    where: { shop, state: "sent", nextSyncAt: null, lastSyncedAt: null },
    select: { id: true },
  });
}

/** When the shop's next scheduled sync is due; null when none is scheduled. */
export async function getEarliestNextSyncAt(shop: string): Promise<Date | null> {
  const next = await prisma.order.aggregate({ where: { shop, state: "sent", nextSyncAt: { not: null } }, _min: { nextSyncAt: true } });
  return next._min.nextSyncAt;
}

export async function readOrderFlag(id: string, db: Db = prisma) {
  return db.order.findUnique({ where: { id }, select: { flagCode: true, flagReason: true } });
}

export async function writeOrderFlag(id: string, code: string, reason: string, db: Db = prisma) {
  await db.order.update({ where: { id }, data: { flagCode: code, flagReason: reason } });
}

/** Clears the flag only when it is one of `codes`. */
export async function clearOrderFlagAmong(id: string, codes: readonly string[], db: Db = prisma) {
  await db.order.updateMany({ where: { id, flagCode: { in: [...codes] } }, data: { flagCode: null, flagReason: null } });
}

/** One page of the matching orders in id order, after the order `after`. */
export async function listOrdersPage(where: OrderFilter, take: number, after?: string) {
  return prisma.order.findMany({
    where,
    orderBy: { id: "asc" },
    take,
    ...(after ? { cursor: { id: after }, skip: 1 } : {}),
  });
}

export async function listOrderIdsMatching(where: OrderFilter) {
  return prisma.order.findMany({ where, select: { id: true } });
}

/** The matching orders with their timelines (oldest first) and parcels, oldest order first. */
export async function listOrdersWithHistory(where: OrderFilter) {
  return prisma.order.findMany({
    where,
    include: { events: { orderBy: { at: "asc" } }, parcels: true },
    orderBy: { shopifyCreatedAt: "asc" },
  });
}

/** Replaces the order's personal data with its anonymised form (and stops it, when unsent). */
export async function eraseOrderPersonalData(tx: Tx, id: string, changes: OrderChanges) {
  // The anonymised snapshot blanks the search keys with it.
  await tx.order.update({ where: { id }, data: withSearchColumns(changes) });
}
