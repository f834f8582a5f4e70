/**
 * An order's problems as its page shows them, the merchant settling one with a note, and which
 * orders' problems are settled (the dashboard and the digest leave those out). Decision 0029.
 */
import { getHyperskuWebLinksFromEnv } from "~/domain/connection/hypersku.server";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { getOrderWithProblemNotes, listNotesOnProblemOrders, recordProblemNoteOnce } from "~/models/order-problem-note.server";
import { lockOrder, runOrderTransaction } from "~/models/transactions.server";
import { listOrderProblems, openProblems, settledOrders, type ProblemResolution } from "./order-problems";

const NOTE_MAX = 500;
const CHANGED = "This problem has changed or is already settled. The page now shows the order as it is.";
const PROBLEM_STATUSES = [HYPERSKU_STATUS.pendingPayment, HYPERSKU_STATUS.overdue, HYPERSKU_STATUS.returned];

/** The order's problems no note settles, with their fixes and links; [] for another shop's order. */
export async function getOpenOrderProblems(shop: string, orderId: string) {
  const found = await getOrderWithProblemNotes(shop, orderId);
  if (!found) return [];
  return openProblems(listOrderProblems(found.order, getHyperskuWebLinksFromEnv()), found.notes, orderId);
}

export type SettleResult = { ok: boolean; message: string; field?: "note" };

/**
 * Marks one open problem of the order resolved or ignored, with the merchant's note on its timeline.
 * Once: of two notes sent at the same moment (two tabs, two people), the second is refused, by a
 * conditional insert under the order's lock.
 */
export async function settleOrderProblem(
  shop: string,
  orderId: string,
  input: { problemKey: string; resolution: ProblemResolution; note: string },
  now = new Date(),
): Promise<SettleResult> {
  const note = input.note.trim();
  if (!note)
    return { ok: false, field: "note", message: "Write a few words on what you did or why, for whoever looks at this order next." };
  if (note.length > NOTE_MAX) return { ok: false, field: "note", message: `Keep the note under ${NOTE_MAX} characters.` };
  const found = await getOrderWithProblemNotes(shop, orderId);
  if (!found) return { ok: false, message: CHANGED };
  const problems = openProblems(listOrderProblems(found.order, getHyperskuWebLinksFromEnv()), found.notes, orderId);
  const problem = problems.find((candidate) => candidate.key === input.problemKey);
  if (!problem) return { ok: false, message: CHANGED };
  const settled = await runOrderTransaction(async (tx) => {
    await lockOrder(tx, shop, found.order.shopifyOrderId);
    return recordProblemNoteOnce(tx, orderId, {
      problemKey: problem.key,
      resolution: input.resolution,
      message: `${problem.title}. ${note}`,
      at: now,
    });
  });
  if (!settled) {
    return {
      ok: false,
      message:
        "Not done: this problem was already settled a moment ago, so your note was not added. Reload the page to see the note it has.",
    };
  }
  const done = input.resolution === "resolved" ? "marked resolved" : "ignored";
  return { ok: true, message: `Problem ${done}. It no longer shows on the dashboard or in e-mails; a new problem on this order will.` };
}

/** Per category, the orders whose problem the merchant settled (order-problems.ts). */
export async function getSettledOrders(shop: string) {
  return settledOrders(await listNotesOnProblemOrders(shop, PROBLEM_STATUSES));
}
