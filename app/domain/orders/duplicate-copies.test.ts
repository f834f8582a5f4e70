import type { HyperskuOrder } from "~/integrations/hypersku/schemas";
import {
  DUPLICATE_WATCH_MS,
  describeDuplicateOutcome,
  describeDuplicates,
  getDuplicateWatchEnd,
  getFirstDuplicateLookAt,
  nextDuplicateLookAt,
  planDuplicates,
} from "./duplicate-copies";
import { HYPERSKU_STATUS } from "./hypersku-status";

const startedAt = new Date("2026-07-14T10:00:00.000Z");
const MINUTE = 60_000;
const copy = (orderId: number, status: number | null = HYPERSKU_STATUS.pendingSourcing): HyperskuOrder =>
  ({ orderBaseInfo: { orderId, storeOrderId: "1001", status, statusDesc: null } }) as HyperskuOrder;

describe("when the watch for a late copy looks", () => {
  it("looks a minute after sending again, then backs off from 2 to 8 hours, and last at the end of 24 hours", () => {
    expect(getFirstDuplicateLookAt(startedAt)).toEqual(new Date(startedAt.getTime() + MINUTE));
    const looks: Date[] = [getFirstDuplicateLookAt(startedAt)];
    for (let next = nextDuplicateLookAt(startedAt, looks[0]); next; next = nextDuplicateLookAt(startedAt, looks.at(-1)!)) looks.push(next);
    expect(looks.map((at) => Math.round((at.getTime() - startedAt.getTime()) / MINUTE))).toEqual([1, 121, 242, 484, 964, 1440]);
    expect(looks.at(-1)).toEqual(getDuplicateWatchEnd(startedAt));
  });

  it("never looks again sooner than 2 hours after a look, however early the look ran", () => {
    for (const minutes of [0, 1, 5, 59]) {
      const now = new Date(startedAt.getTime() + minutes * MINUTE);
      expect(nextDuplicateLookAt(startedAt, now)!.getTime() - now.getTime()).toBe(120 * MINUTE);
    }
  });

  it("stops once its 24 hours are over, however late the job runs", () => {
    expect(nextDuplicateLookAt(startedAt, new Date(startedAt.getTime() + DUPLICATE_WATCH_MS))).toBeNull();
    expect(nextDuplicateLookAt(startedAt, new Date(startedAt.getTime() + 3 * DUPLICATE_WATCH_MS))).toBeNull();
    expect(nextDuplicateLookAt(startedAt, new Date(startedAt.getTime() + DUPLICATE_WATCH_MS - MINUTE))).toEqual(
      getDuplicateWatchEnd(startedAt),
    );
  });
});

describe("which copy the app keeps and which it cancels", () => {
  it("keeps the copy recorded as sent and cancels the late one, even though HyperSKU numbered the late one first", () => {
    expect(planDuplicates({ copies: [copy(7), copy(9)], recordedId: "9", handledIds: [] })).toEqual({
      kind: "act",
      keptId: "9",
      cancel: [{ hyperskuOrderId: "7", status: HYPERSKU_STATUS.pendingSourcing, statusDesc: null }],
      tooLate: [],
    });
  });

  it("does nothing with a single copy, nor before the app recorded which copy it follows", () => {
    expect(planDuplicates({ copies: [copy(9)], recordedId: "9", handledIds: [] })).toEqual({ kind: "none" });
    expect(planDuplicates({ copies: [copy(7), copy(9)], recordedId: null, handledIds: [] })).toEqual({ kind: "none" });
  });

  it("cancels nothing when the copy the app follows is not listed: the others may be the only real one", () => {
    expect(planDuplicates({ copies: [copy(7), copy(8)], recordedId: "9", handledIds: [] })).toEqual({ kind: "unsure" });
  });

  it("leaves alone a copy already closed, or already cancelled or reported by an earlier look", () => {
    expect(planDuplicates({ copies: [copy(7, HYPERSKU_STATUS.closed), copy(9)], recordedId: "9", handledIds: [] })).toEqual({
      kind: "none",
    });
    expect(planDuplicates({ copies: [copy(7), copy(9)], recordedId: "9", handledIds: ["7"] })).toEqual({ kind: "none" });
  });

  it("asks HyperSKU to cancel only before Shipping (or in a status the app does not know); reports the rest", () => {
    const plan = planDuplicates({
      copies: [copy(5, HYPERSKU_STATUS.shipping), copy(6, null), copy(7, 99), copy(8, HYPERSKU_STATUS.pendingPayment), copy(9)],
      recordedId: "9",
      handledIds: [],
    });
    expect(plan.kind === "act" && plan.cancel.map((entry) => entry.hyperskuOrderId)).toEqual(["6", "7", "8"]);
    expect(plan.kind === "act" && plan.tooLate.map((entry) => entry.hyperskuOrderId)).toEqual(["5"]);
  });

  it("keeps the recorded copy even when it is closed (cancelled with the Shopify order): the extra copy goes too", () => {
    const plan = planDuplicates({ copies: [copy(7), copy(9, HYPERSKU_STATUS.closed)], recordedId: "9", handledIds: [] });
    expect(plan).toMatchObject({ kind: "act", keptId: "9", cancel: [{ hyperskuOrderId: "7" }] });
  });
});

describe("what the merchant reads", () => {
  const extra = { hyperskuOrderId: "7", status: HYPERSKU_STATUS.pendingSourcing, statusDesc: null };

  it("says which copy is kept and that the app cancelled the other, by their HyperSKU numbers", () => {
    const text = describeDuplicates("9", [{ kind: "cancelled", copy: extra }]);
    expect(text).toMatch(/^HyperSKU received this order twice: an attempt the app had given up on arrived late/);
    expect(text).toContain("Keep HyperSKU order 9, the one the app follows.");
    expect(text).toContain("The app cancelled the extra copy, HyperSKU order 7.");
  });

  it("when HyperSKU refuses the cancel, says to cancel that copy at HyperSKU, naming it, with HyperSKU's words", () => {
    const text = describeDuplicateOutcome({ kind: "refused", copy: extra, detail: "HyperSKU said: Order is being purchased" });
    expect(text).toBe(
      "HyperSKU did not cancel the extra copy, HyperSKU order 7: HyperSKU said: Order is being purchased. Cancel HyperSKU order 7 in your HyperSKU account, or ask HyperSKU support to.",
    );
  });

  it("names the status of a copy past cancelling, and what to do about a cancel that has not got through yet", () => {
    expect(describeDuplicateOutcome({ kind: "too_late", copy: { ...extra, status: HYPERSKU_STATUS.shipping } })).toBe(
      "The extra copy, HyperSKU order 7, is already Shipping and can no longer be cancelled: ask HyperSKU support to stop or return it.",
    );
    expect(describeDuplicateOutcome({ kind: "not_yet", copy: extra, detail: "HyperSKU could not be asked: timed out" })).toMatch(
      /could not cancel the extra copy, HyperSKU order 7, yet: .*timed out\. It tries again; if HyperSKU order 7 is still open in your HyperSKU account, cancel it there\.$/,
    );
    expect(
      describeDuplicates("9", [
        { kind: "cancelled", copy: extra },
        { kind: "too_late", copy: { ...extra, hyperskuOrderId: "8" } },
      ]),
    ).toMatch(/received this order 3 times/);
  });
});
