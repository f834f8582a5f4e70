import { describeDayRange, nextDay, parseDay, startOfDay } from "./zoned-day";

describe("days in the shop's time zone", () => {
  it("starts a day at the zone's midnight", () => {
    expect(startOfDay("2026-11-24", "UTC").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(startOfDay("2026-11-24", "America/New_York").toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(startOfDay("2026-07-14", "America/New_York").toISOString()).toBe("2026-07-14T04:00:00.000Z");
    expect(startOfDay("2026-11-24", "Asia/Tokyo").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(startOfDay("2026-11-24", "Asia/Kolkata").toISOString()).toBe("2026-11-23T18:30:00.000Z");
  });

  it("follows daylight saving changes on the day they happen", () => {
    // New York: the day of the spring change starts in EST, the day of the autumn change in EDT.
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDay("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    // Santiago skips midnight in September 2026: the day starts at 01:00 local.
    expect(startOfDay("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
  });

  it("reads only real calendar days and steps over month and year ends", () => {
    expect(parseDay("2026-02-28")).toBe("2026-02-28");
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("26-2-3")).toBeNull();
    expect(parseDay(null)).toBeNull();
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
  });

  it("names a range as the merchant picked it", () => {
    expect(describeDayRange("2026-11-01", "2026-11-20")).toBe("Date: Nov 1, 2026 – Nov 20, 2026");
    expect(describeDayRange("2026-11-01", null)).toBe("Date: from Nov 1, 2026");
    expect(describeDayRange(null, "2026-11-20")).toBe("Date: until Nov 20, 2026");
    expect(describeDayRange(null, null)).toBeNull();
  });
});
