import { formatDateTime, resolveTimeZone } from "./format";

describe("formatDateTime in the shop's time zone", () => {
  it("shows the instant in the shop's zone, the zone named", () => {
    const at = "2026-11-24T14:05:00Z";
    expect(formatDateTime(at, "America/New_York")).toBe("Nov 24, 2026, 9:05 AM EST");
    expect(formatDateTime(new Date(at), "Europe/Berlin")).toBe("Nov 24, 2026, 3:05 PM GMT+1");
    // Past midnight there: the day changes with the zone.
    expect(formatDateTime(at, "Asia/Tokyo")).toBe("Nov 24, 2026, 11:05 PM GMT+9");
    expect(formatDateTime("2026-11-24T16:05:00Z", "Asia/Tokyo")).toBe("Nov 25, 2026, 1:05 AM GMT+9");
    expect(formatDateTime(at, "Asia/Kolkata")).toBe("Nov 24, 2026, 7:35 PM GMT+5:30");
  });

  it("follows daylight saving time across both changes of the year", () => {
    // New York springs forward at 2:00 on Mar 8, 2026: 1:59 EST is followed by 3:00 EDT.
    expect(formatDateTime("2026-03-08T06:59:00Z", "America/New_York")).toBe("Mar 8, 2026, 1:59 AM EST");
    expect(formatDateTime("2026-03-08T07:00:00Z", "America/New_York")).toBe("Mar 8, 2026, 3:00 AM EDT");
    // It falls back at 2:00 on Nov 1: 1:30 happens twice, and the zone tells the two apart.
    expect(formatDateTime("2026-11-01T05:30:00Z", "America/New_York")).toBe("Nov 1, 2026, 1:30 AM EDT");
    expect(formatDateTime("2026-11-01T06:30:00Z", "America/New_York")).toBe("Nov 1, 2026, 1:30 AM EST");
    // Southern summer: Sydney is on daylight time in January, not in July.
    expect(formatDateTime("2026-01-15T00:00:00Z", "Australia/Sydney")).toBe("Jan 15, 2026, 11:00 AM GMT+11");
    expect(formatDateTime("2026-07-15T00:00:00Z", "Australia/Sydney")).toBe("Jul 15, 2026, 10:00 AM GMT+10");
  });

  it("shows UTC, said as UTC, for a shop whose zone is not known yet", () => {
    for (const zone of [null, undefined, "", "   "]) {
      expect(formatDateTime("2026-07-14T14:15:00Z", zone)).toBe("Jul 14, 2026, 2:15 PM UTC");
      expect(resolveTimeZone(zone)).toBe("UTC");
    }
  });

  it("shows UTC for a zone string no time zone database knows, instead of failing the page", () => {
    for (const zone of ["Mars/Olympus_Mons", "America/New York", "GMT+25", "<script>", "America/New_York\u0000"]) {
      expect(formatDateTime("2026-07-14T14:15:00Z", zone)).toBe("Jul 14, 2026, 2:15 PM UTC");
      expect(resolveTimeZone(zone)).toBe("UTC");
    }
    // A known zone with stray spaces around it is still that zone.
    expect(resolveTimeZone(" Asia/Tokyo ")).toBe("Asia/Tokyo");
  });

  it("does not depend on the zone or the locale of the machine it runs on", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Kiritimati";
      expect(formatDateTime("2026-11-24T14:05:00Z", "America/New_York")).toBe("Nov 24, 2026, 9:05 AM EST");
      expect(formatDateTime("2026-11-24T14:05:00Z", null)).toBe("Nov 24, 2026, 2:05 PM UTC");
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("answers an empty string for no time or an invalid one", () => {
    expect(formatDateTime(null, "Asia/Tokyo")).toBe("");
    expect(formatDateTime(undefined, "Asia/Tokyo")).toBe("");
    expect(formatDateTime("not a date", "Asia/Tokyo")).toBe("");
  });
});
