import { describe, expect, it } from "vitest";
import { periodStart, startOfLocalDay } from "./periods";

describe("cost periods in the shop's time zone", () => {
  it("starts today at the shop's midnight, not UTC's", () => {
    const now = new Date("2026-11-24T03:30:00Z"); // 22:30 on the 23rd in New York
    expect(startOfLocalDay(now, "America/New_York").toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(startOfLocalDay(now, "Asia/Tokyo").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(startOfLocalDay(now, null).toISOString()).toBe("2026-11-24T00:00:00.000Z");
  });

  it("counts today in the last 7 and 30 days, across a daylight-saving change", () => {
    const now = new Date("2026-11-05T15:00:00Z"); // New York left daylight time on Nov 1
    expect(periodStart("today", now, "America/New_York").toISOString()).toBe("2026-11-05T05:00:00.000Z");
    expect(periodStart("7d", now, "America/New_York").toISOString()).toBe("2026-10-30T04:00:00.000Z");
    expect(periodStart("30d", now, "America/New_York").toISOString()).toBe("2026-10-07T04:00:00.000Z");
  });
});
