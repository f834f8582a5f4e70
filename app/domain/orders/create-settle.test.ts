import { decideAfterLookup, getCreateSettleMs, getCreateSettlesAt } from "./create-settle";

const sentAt = new Date("2026-07-14T10:00:00.000Z");
const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);

describe("a create whose answer never came", () => {
  it("is never sent again after a lookup that started before the window's end, whatever it found", () => {
    for (const seconds of [0, 1, 15, 40, 119.999]) {
      expect(decideAfterLookup({ found: false, lookupStartedAt: at(seconds), lastCreateSentAt: sentAt, settleMs: 120_000 })).toEqual({
        kind: "wait",
        until: at(120),
      });
    }
  });

  it("is sent again once a lookup started at or after the window's end finds nothing", () => {
    expect(decideAfterLookup({ found: false, lookupStartedAt: at(120), lastCreateSentAt: sentAt, settleMs: 120_000 })).toEqual({
      kind: "send",
    });
  });

  it("is adopted as soon as a lookup finds it, early or late", () => {
    expect(decideAfterLookup({ found: true, lookupStartedAt: at(1), lastCreateSentAt: sentAt, settleMs: 120_000 })).toEqual({
      kind: "adopt",
    });
  });

  it("measures the window from the last create, and never makes it shorter than the timeout", () => {
    expect(getCreateSettleMs(120, 15_000)).toBe(120_000);
    expect(getCreateSettleMs(3, 15_000)).toBe(15_000);
    expect(getCreateSettleMs(0.5, 300)).toBe(500);
    expect(getCreateSettlesAt(null, 1_000)).toBeNull();
    expect(getCreateSettlesAt(sentAt, 1_000)).toEqual(at(1));
  });
});
