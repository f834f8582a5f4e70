import { addDays, dayIn, describeDayRange, nextDay, parseDay, startOfDay, startOfLocalDay } from "./zoned-day";

/** The instant one second before `instant` reads as the day before in the zone: nothing of the day is left out. */
const dayBefore = (instant: Date, timeZone: string) => dayIn(new Date(instant.getTime() - 1000), timeZone);

describe("days in the shop's time zone", () => {
  it("starts a day at the zone's midnight", () => {
    expect(startOfDay("2026-11-24", "UTC").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(startOfDay("2026-11-24", "America/New_York").toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(startOfDay("2026-07-14", "America/New_York").toISOString()).toBe("2026-07-14T04:00:00.000Z");
    expect(startOfDay("2026-11-24", "Asia/Tokyo").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(startOfDay("2026-11-24", "Asia/Kolkata").toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(startOfDay("2026-11-24", "Pacific/Kiritimati").toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });

  it("follows daylight saving changes on the day they happen", () => {
    // New York: the day of the spring change starts in EST, the day of the autumn change in EDT.
    expect(startOfDay("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(startOfDay("2026-03-09", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(startOfDay("2026-11-01", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
  });

  it("starts a day whose midnight the clock skips at the first instant it has", () => {
    const skipped = [
      // Santiago, 2026-09-06: 23:59:59 (UTC-4), then 01:00 (UTC-3).
      ["2026-09-06", "America/Santiago", "2026-09-06T04:00:00.000Z"],
      // Havana, 2026-03-08: 23:59:59 (UTC-5), then 01:00 (UTC-4).
      ["2026-03-08", "America/Havana", "2026-03-08T05:00:00.000Z"],
      // Beirut, ahead of UTC, 2026-03-29: 23:59:59 (UTC+2), then 01:00 (UTC+3).
      ["2026-03-29", "Asia/Beirut", "2026-03-28T22:00:00.000Z"],
    ] as const;
    for (const [day, zone, start] of skipped) {
      const first = startOfDay(day, zone);
      expect(first.toISOString()).toBe(start);
      expect(dayIn(first, zone)).toBe(day);
      expect(dayBefore(first, zone)).toBe(addDays(day, -1));
    }
  });

  it("starts a day whose midnight comes twice, or after a repeated hour, at its first 00:00", () => {
    // Havana, 2026-11-01: 00:59:59 (UTC-4) is followed by 00:00 again (UTC-5).
    expect(startOfDay("2026-11-01", "America/Havana").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    // Santiago, 2026-04-05: 23:59:59 on the 4th (UTC-3) is followed by 23:00 on the 4th (UTC-4).
    expect(startOfDay("2026-04-05", "America/Santiago").toISOString()).toBe("2026-04-05T04:00:00.000Z");
    expect(dayBefore(startOfDay("2026-04-05", "America/Santiago"), "America/Santiago")).toBe("2026-04-04");
  });

  it("finds the start of the shop's today, and of days before it, from any instant", () => {
    // Santiago, 15:00 on 2026-09-06: today started at 01:00 local, an hour after where midnight would be.
    const santiago = new Date("2026-09-06T18:00:00Z");
    expect(dayIn(santiago, "America/Santiago")).toBe("2026-09-06");
    expect(startOfLocalDay(santiago, "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfLocalDay(santiago, "America/Santiago", 1).toISOString()).toBe("2026-09-05T04:00:00.000Z");
    // Just after the jump, and at the last second of the 5th.
    expect(startOfLocalDay(new Date("2026-09-06T04:00:00Z"), "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(startOfLocalDay(new Date("2026-09-06T03:59:59Z"), "America/Santiago").toISOString()).toBe("2026-09-05T04:00:00.000Z");
    // Havana in the evening of its spring change.
    expect(startOfLocalDay(new Date("2026-03-09T02:00:00Z"), "America/Havana").toISOString()).toBe("2026-03-08T05:00:00.000Z");
    // Ordinary days: behind UTC (New York, 22:30 on the 23rd) and ahead of it (Tokyo, 12:30 on the 24th).
    const now = new Date("2026-11-24T03:30:00Z");
    expect(startOfLocalDay(now, "America/New_York").toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(startOfLocalDay(now, "Asia/Tokyo").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(startOfLocalDay(now, "Asia/Tokyo", 30).toISOString()).toBe("2026-10-24T15:00:00.000Z");
  });

  it("reads only real calendar days and steps over month and year ends", () => {
    expect(parseDay("2026-02-28")).toBe("2026-02-28");
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("26-2-3")).toBeNull();
    expect(parseDay(null)).toBeNull();
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("names a range as the merchant picked it", () => {
    expect(describeDayRange("2026-11-01", "2026-11-20")).toBe("Date: Nov 1, 2026 – Nov 20, 2026");
    expect(describeDayRange("2026-11-01", null)).toBe("Date: from Nov 1, 2026");
    expect(describeDayRange(null, "2026-11-20")).toBe("Date: until Nov 20, 2026");
    expect(describeDayRange(null, null)).toBeNull();
  });
});
