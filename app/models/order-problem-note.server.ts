/**
 * The merchant's notes on an order's problems (marked resolved or ignored). Each is an entry on the
 * order's timeline (OrderEvent kind "problem", outcome resolved | ignored, the note as its message,
 * the problem's key in its data), so the timeline shows it and redaction scrubs it like every entry.
 */
import prisma from "~/models/db/client.server";
import { addOrderEventOnce } from "./order-event.server";
import type { Tx } from "./db-types";

const PROBLEM_EVENT_KIND = "problem";

/** The columns an order's problems are read from (app/domain/admin/order-problems.ts). */
const PROBLEM_ORDER_COLUMNS = {
  id: true,
  name: true,
  shopifyOrderId: true,
  state: true,
  stateCode: true,
  stateReason: true,
  lastAttemptAt: true,
  lastError: true,
  flagCode: true,
  flagReason: true,
  hyperskuOrderId: true,
  hyperskuStatus: true,
} as const;

function readProblemKey(data: string | null): string | null {
  if (!data) return null;
  try {
    const value: unknown = JSON.parse(data);
    const key = value && typeof value === "object" ? (value as { problemKey?: unknown }).problemKey : null;
    return typeof key === "string" ? key : null;
  } catch {
    return null;
  }
}

function toNotes<T>(events: { orderId: string; data: string | null; order?: T }[]) {
  return events.flatMap((event) => {
    const problemKey = readProblemKey(event.data);
    return problemKey ? [{ orderId: event.orderId, problemKey, order: event.order as T }] : [];
  });
}

/** One of the shop's orders with its problem columns and the notes left on it; null when not the shop's. */
export async function getOrderWithProblemNotes(shop: string, orderId: string) {
  const order = await prisma.order.findFirst({ where: { id: orderId, shop }, select: PROBLEM_ORDER_COLUMNS });
  if (!order) return null;
  const events = await prisma.orderEvent.findMany({ where: { orderId, kind: PROBLEM_EVENT_KIND }, select: { orderId: true, data: true } });
  return { order, notes: toNotes(events) };
}

/**
 * The notes on the shop's orders that have a problem now (failed, needing attention, flagged, or in
 * one of `hyperskuStatuses`), each with its order's problem columns. Notes on orders whose problems
 * are gone are not read: the list stays as short as the merchant's open decisions.
 */
export async function listNotesOnProblemOrders(shop: string, hyperskuStatuses: readonly number[]) {
  const events = await prisma.orderEvent.findMany({
    where: {
      kind: PROBLEM_EVENT_KIND,
      order: {
        shop,
        OR: [
          { state: { in: ["failed", "needs_attention"] } },
          { flagCode: { not: null } },
          { hyperskuStatus: { in: [...hyperskuStatuses] } },
        ],
      },
    },
    select: { orderId: true, data: true, order: { select: PROBLEM_ORDER_COLUMNS } },
  });
  return toNotes(events);
}

/**
 * The merchant's note settling one problem, inside the caller's transaction (which holds the order's
 * lock): written only if no note settles that problem yet. Returns whether it was written.
 */
export async function recordProblemNoteOnce(
  tx: Tx,
  orderId: string,
  note: { problemKey: string; resolution: "resolved" | "ignored"; message: string; at?: Date },
): Promise<boolean> {
  return addOrderEventOnce(tx, orderId, {
    kind: PROBLEM_EVENT_KIND,
    outcome: note.resolution,
    message: note.message,
    data: { problemKey: note.problemKey },
    at: note.at,
  });
}
