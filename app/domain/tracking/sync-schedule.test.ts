import { computeNextSyncAt, describeSyncStop, syncIntervalMs } from "./sync-schedule";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date("2026-11-01T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const middle = () => 0.5; // no jitter

describe("syncIntervalMs", () => {
  it("asks soonest about orders about to ship, and less often once tracking is out", () => {
    expect(syncIntervalMs(3, 0)).toBe(10 * MINUTE);
    expect(syncIntervalMs(2, 0)).toBe(30 * MINUTE);
    expect(syncIntervalMs(14, 0)).toBe(30 * MINUTE);
    expect(syncIntervalMs(8, 0)).toBe(HOUR);
    expect(syncIntervalMs(4, 0)).toBe(2 * HOUR);
    expect(syncIntervalMs(10, 0)).toBe(6 * HOUR);
    expect(syncIntervalMs(null, 0)).toBe(HOUR);
    expect(syncIntervalMs(77, 0)).toBe(HOUR);
  });

  it("stops for final states", () => {
    for (const status of [5, 6, 11]) expect(syncIntervalMs(status, 0)).toBeNull();
  });

  it("slows down for old orders and stops after four months", () => {
    expect(syncIntervalMs(3, 30 * DAY)).toBe(6 * HOUR);
    expect(syncIntervalMs(3, 90 * DAY)).toBe(DAY);
    expect(syncIntervalMs(10, 30 * DAY)).toBe(6 * HOUR);
    expect(syncIntervalMs(3, 121 * DAY)).toBeNull();
  });
});

describe("computeNextSyncAt", () => {
  it("adds the interval to now, with at most 10% jitter either way", () => {
    expect(computeNextSyncAt({ status: 3, sentAt: now, now, random: middle })).toEqual(new Date(now.getTime() + 10 * MINUTE));
    const early = computeNextSyncAt({ status: 4, sentAt: now, now, random: () => 0 })!;
    const late = computeNextSyncAt({ status: 4, sentAt: now, now, random: () => 0.999999 })!;
    expect(early.getTime() - now.getTime()).toBe(0.9 * 2 * HOUR);
    expect(late.getTime() - now.getTime()).toBeLessThanOrEqual(1.1 * 2 * HOUR);
  });

  it("returns null when the order is finished or too old, and says why when it was age", () => {
    expect(computeNextSyncAt({ status: 5, sentAt: now, now })).toBeNull();
    expect(computeNextSyncAt({ status: 4, sentAt: daysAgo(200), now })).toBeNull();
    expect(describeSyncStop(4, 200 * DAY)).toMatch(/more than 4 months/);
    expect(describeSyncStop(6, 200 * DAY)).toBeNull();
  });
});
