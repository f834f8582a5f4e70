/** Order timelines: the OrderEvent rows the order page and the extension show. */
import type { OrderEvent } from "@prisma/client";
import { randomUUID } from "node:crypto";
import prisma from "~/models/db/client.server";
import type { PreparedInsert } from "~/models/db/insert-together.server";
import type { LeanTx } from "~/models/db/kysely.server";
import type { Db, Tx } from "./db-types";

export type { OrderEvent };

/** Timeline entries written as they are, in one insert (a new order's first two, a shop's held orders). */
type OrderEventRow = { orderId: string; at: Date; kind: string; outcome?: string | null; message: string | null; data?: string | null };

export async function recordOrderEvents(db: Db, rows: OrderEventRow[]) {
  await db.orderEvent.createMany({ data: rows });
}

/** recordOrderEvents on the lean path, prepared (for insertTogether) but not run. */
export function prepareOrderEvents(tx: LeanTx, rows: OrderEventRow[]): PreparedInsert {
  return tx.insertInto("OrderEvent").values(rows.map((row) => ({ id: randomUUID(), outcome: null, data: null, ...row })));
}

/** recordOrderEvents on the lean path: one insert. */
async function insertOrderEvents(tx: LeanTx, rows: OrderEventRow[]) {
  await prepareOrderEvents(tx, rows).execute();
}

export async function listOrderEvents(tx: Tx, orderId: string) {
  return tx.orderEvent.findMany({ where: { orderId } });
}

/** Replaces an entry's text with its scrubbed form (redaction). */
export async function scrubOrderEvent(tx: Tx, id: string, scrubbed: { message: string | null; data: string | null }) {
  await tx.orderEvent.update({ where: { id }, data: scrubbed });
}

export type OrderEventInput = {
  kind: string;
  outcome?: string | null;
  message?: string | null;
  /** Non-personal details only (ids, codes, statuses, counts). */
  data?: Record<string, unknown> | null;
  at?: Date;
};

/** Adds an entry to the order's timeline on its own (addOrderEvent adds one inside a transaction). */
export async function recordOrderEvent(orderId: string, event: OrderEventInput) {
  await addOrderEvent(prisma, orderId, event);
}

/** addOrderEvent in a lean transaction (the forward job's writes, docs/decisions/0025). */
export async function insertOrderEvent(tx: LeanTx, orderId: string, event: OrderEventInput) {
  await insertOrderEvents(tx, [
    {
      orderId,
      at: event.at ?? new Date(),
      kind: event.kind,
      outcome: event.outcome ?? null,
      message: event.message ?? null,
      data: event.data ? JSON.stringify(event.data) : null,
    },
  ]);
}

/**
 * addOrderEvent unless the order already has an entry of this kind with the same data: a
 * conditional insert, for an entry that must exist once (a problem's note: one per problem key).
 * Race-free only inside a transaction that holds the order's lock (lockOrder in
 * transactions.server.ts; SQLite's transactions take the write lock at once). True when it added it.
 */
export async function addOrderEventOnce(tx: Tx, orderId: string, event: OrderEventInput & { data: Record<string, unknown> }) {
  const data = JSON.stringify(event.data);
  const existing = await tx.orderEvent.findFirst({ where: { orderId, kind: event.kind, data }, select: { id: true } });
  if (existing) return false;
  await addOrderEvent(tx, orderId, event);
  return true;
}

export async function addOrderEvent(db: Db, orderId: string, event: OrderEventInput) {
  await db.orderEvent.create({
    data: {
      orderId,
      kind: event.kind,
      outcome: event.outcome ?? null,
      message: event.message ?? null,
      data: event.data ? JSON.stringify(event.data) : null,
      ...(event.at ? { at: event.at } : {}),
    },
  });
}
