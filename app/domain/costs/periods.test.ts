import { describe, expect, it } from "vitest";
import { periodStart } from "./periods";

describe("cost periods in the shop's time zone", () => {
  it("starts today at the shop's midnight, not UTC's, on an ordinary day behind and ahead of UTC", () => {
    const now = new Date("2026-11-24T03:30:00Z"); // 22:30 on the 23rd in New York, 12:30 on the 24th in Tokyo
    expect(periodStart("today", now, "America/New_York").toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(periodStart("today", now, "Asia/Tokyo").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(periodStart("today", now, null).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(periodStart("today", now, "Mars/Olympus_Mons").toISOString()).toBe("2026-11-24T00:00:00.000Z");
  });

  it("counts today in the last 7 and 30 days, across a daylight-saving change", () => {
    const now = new Date("2026-11-05T15:00:00Z"); // New York left daylight time on Nov 1
    expect(periodStart("today", now, "America/New_York").toISOString()).toBe("2026-11-05T05:00:00.000Z");
    expect(periodStart("7d", now, "America/New_York").toISOString()).toBe("2026-10-30T04:00:00.000Z");
    expect(periodStart("30d", now, "America/New_York").toISOString()).toBe("2026-10-07T04:00:00.000Z");
  });

  it("starts today when the shop's day starts on a day whose midnight the clock skips", () => {
    // Santiago, 2026-09-06: 23:59:59 (UTC-4) is followed by 01:00 (UTC-3); 15:00 local is 18:00Z.
    const santiago = new Date("2026-09-06T18:00:00Z");
    expect(periodStart("today", santiago, "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(periodStart("7d", santiago, "America/Santiago").toISOString()).toBe("2026-08-31T04:00:00.000Z");
    // The day after: an ordinary midnight in the new offset.
    expect(periodStart("today", new Date("2026-09-07T18:00:00Z"), "America/Santiago").toISOString()).toBe("2026-09-07T03:00:00.000Z");
    // Havana, 2026-03-08: 23:59:59 (UTC-5) is followed by 01:00 (UTC-4).
    expect(periodStart("today", new Date("2026-03-08T12:00:00Z"), "America/Havana").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    // Beirut (ahead of UTC), 2026-03-29: 23:59:59 (UTC+2) is followed by 01:00 (UTC+3).
    expect(periodStart("today", new Date("2026-03-29T09:00:00Z"), "Asia/Beirut").toISOString()).toBe("2026-03-28T22:00:00.000Z");
    // 23:30 on the 5th in Santiago (03:30Z) is yesterday there, not today.
    expect(new Date("2026-09-06T03:30:00Z") < periodStart("today", santiago, "America/Santiago")).toBe(true);
  });
});
