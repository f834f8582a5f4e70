/**
 * A second copy of an order at HyperSKU. The settle window (create-settle.ts) makes a late commit
 * unlikely, not impossible: a create that HyperSKU stores after the window ends lands beside the
 * copy the app sent again. So an order sent again while an earlier create was unproven is watched
 * for a while (docs/decisions/0007, addendum): when to look, which copy to keep, which to cancel,
 * and what the merchant reads. Pure.
 */
import type { HyperskuOrder } from "~/integrations/hypersku/schemas";
import { describeHyperskuStatus, getHyperskuStatusRow, HYPERSKU_STATUS } from "./hypersku-status";
import { getHyperskuOrderId } from "./match-hypersku-order";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long after sending again the app keeps looking for a late copy. */
export const DUPLICATE_WATCH_MS = 24 * HOUR;
// The first look, a minute after sending again, catches a commit that missed the window by the
// margins seen so far (tens of seconds), before anyone pays for the copy. Later ones can wait
// hours: HyperSKU cancels until the order ships (after 1-3 days of purchasing), so a later look
// costs at most a refund of a payment made meanwhile, and each look is one more request.
const FIRST_LOOK_MS = MINUTE;
const SHORTEST_WAIT_MS = 2 * HOUR;
const LONGEST_WAIT_MS = 8 * HOUR;

/** Timeline entries of the watch (kind), by outcome. */
export const DUPLICATE_EVENT_KIND = "duplicate";
export const DUPLICATE_OUTCOMES = {
  watching: "watching",
  cancelled: "cancelled",
  refused: "refused",
  tooLate: "too_late",
  notYet: "not_yet",
  ended: "ended",
} as const;

export const getDuplicateWatchEnd = (startedAt: Date) => new Date(startedAt.getTime() + DUPLICATE_WATCH_MS);

/** The watch's first look, a minute after it started. */
export const getFirstDuplicateLookAt = (startedAt: Date) => new Date(startedAt.getTime() + FIRST_LOOK_MS);

/**
 * When to look next: as long again as the watch has run, between 2 and 8 hours (looks at about
 * 1 min, 2 h, 4 h, 8 h, 16 h), the last look at the watch's end; null once that look is done.
 */
export function nextDuplicateLookAt(startedAt: Date, now: Date): Date | null {
  const end = getDuplicateWatchEnd(startedAt);
  if (now.getTime() >= end.getTime()) return null;
  const waitMs = Math.min(Math.max(now.getTime() - startedAt.getTime(), SHORTEST_WAIT_MS), LONGEST_WAIT_MS);
  return new Date(Math.min(now.getTime() + waitMs, end.getTime()));
}

export type DuplicateCopy = { hyperskuOrderId: string; status: number | null; statusDesc: string | null };

export type DuplicatePlan =
  /** At most one open copy, or only copies already dealt with. */
  | { kind: "none" }
  /** HyperSKU lists copies but not the one the app follows: cancelling one could cancel the only real one. */
  | { kind: "unsure" }
  | { kind: "act"; keptId: string; cancel: DuplicateCopy[]; tooLate: DuplicateCopy[] };

const copyOf = (order: HyperskuOrder): DuplicateCopy => ({
  hyperskuOrderId: getHyperskuOrderId(order) ?? "",
  status: order.orderBaseInfo?.status ?? null,
  statusDesc: order.orderBaseInfo?.statusDesc ?? null,
});

/**
 * `copies`: this order's exact matches with HyperSKU's id (match-hypersku-order.ts). The copy the
 * app recorded as sent is kept; each other open one is cancelled while HyperSKU still allows it
 * (before Shipping; a status the table does not know is left to HyperSKU to refuse), else reported.
 */
export function planDuplicates(input: {
  copies: readonly HyperskuOrder[];
  recordedId: string | null;
  handledIds: readonly string[];
}): DuplicatePlan {
  if (input.copies.length < 2 || !input.recordedId) return { kind: "none" };
  const kept = input.copies.find((copy) => getHyperskuOrderId(copy) === input.recordedId);
  if (!kept) return { kind: "unsure" };
  const others = input.copies
    .filter((copy) => copy !== kept)
    .map(copyOf)
    .filter((copy) => copy.hyperskuOrderId !== input.recordedId && !input.handledIds.includes(copy.hyperskuOrderId))
    .filter((copy) => copy.status !== HYPERSKU_STATUS.closed);
  if (others.length === 0) return { kind: "none" };
  const cancellable = (copy: DuplicateCopy) => copy.status === null || getHyperskuStatusRow(copy.status)?.beforeShipping !== false;
  return {
    kind: "act",
    keptId: input.recordedId,
    cancel: others.filter(cancellable),
    tooLate: others.filter((copy) => !cancellable(copy)),
  };
}

export type DuplicateOutcome =
  | { kind: "cancelled"; copy: DuplicateCopy }
  /** HyperSKU refused the cancel or could not be reached for it: `detail` says which, in its words. */
  | { kind: "refused"; copy: DuplicateCopy; detail: string }
  | { kind: "too_late"; copy: DuplicateCopy }
  /** The cancel did not get through (HyperSKU unreachable, not connected): tried again. */
  | { kind: "not_yet"; copy: DuplicateCopy; detail: string };

const statusName = (copy: DuplicateCopy) => describeHyperskuStatus(copy.status, copy.statusDesc)?.name ?? "past the point of cancelling";
const endWithPeriod = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** One outcome, for the timeline and the flag. */
export function describeDuplicateOutcome(outcome: DuplicateOutcome): string {
  const id = outcome.copy.hyperskuOrderId;
  switch (outcome.kind) {
    case "cancelled":
      return `The app cancelled the extra copy, HyperSKU order ${id}.`;
    case "refused":
      return `HyperSKU did not cancel the extra copy, HyperSKU order ${id}: ${endWithPeriod(outcome.detail)} Cancel HyperSKU order ${id} in your HyperSKU account, or ask HyperSKU support to.`;
    case "too_late":
      return `The extra copy, HyperSKU order ${id}, is already ${statusName(outcome.copy)} and can no longer be cancelled: ask HyperSKU support to stop or return it.`;
    case "not_yet":
      return `The app could not cancel the extra copy, HyperSKU order ${id}, yet: ${endWithPeriod(outcome.detail)} It tries again; if HyperSKU order ${id} is still open in your HyperSKU account, cancel it there.`;
  }
}

/** The order's flag: what happened, which copy the app follows, and what is left to do. */
export function describeDuplicates(keptId: string, outcomes: readonly DuplicateOutcome[]): string {
  const times = outcomes.length === 1 ? "twice" : `${outcomes.length + 1} times`;
  return [
    `HyperSKU received this order ${times}: an attempt the app had given up on arrived late, after the order had been sent again.`,
    `Keep HyperSKU order ${keptId}, the one the app follows.`,
    ...outcomes.map(describeDuplicateOutcome),
  ].join(" ");
}

export const describeWatchStart = (until: Date) =>
  `Sent again although HyperSKU might still store the earlier attempt late. Until ${until.toISOString()} the app looks for a second copy at HyperSKU and cancels it if one appears.`;

export const WATCH_ENDED_MESSAGE = "The app stopped looking for a late second copy at HyperSKU: its 24 hours are over.";
