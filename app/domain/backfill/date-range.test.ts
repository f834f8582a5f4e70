import { createdInRangeQuery, defaultDateRange, parseDateRange, reachesBeyondReadableWindow } from "./date-range";

const now = new Date("2026-07-20T15:30:00.000Z");

describe("past orders date range", () => {
  it("covers whole UTC days, both included, and never runs past now", () => {
    const result = parseDateRange({ from: "2026-07-01", to: "2026-07-10" }, now);
    expect(result).toEqual({ ok: true, range: { from: new Date("2026-07-01T00:00:00.000Z"), to: new Date("2026-07-10T23:59:59.999Z") } });
    const today = parseDateRange({ from: "2026-07-20", to: "2026-07-20" }, now);
    expect(today.ok && today.range.to).toEqual(now);
  });

  it("names the field that is wrong", () => {
    expect(parseDateRange({ from: "", to: "2026-07-10" }, now)).toEqual({
      ok: false,
      errors: { from: "Enter a start date (YYYY-MM-DD)." },
    });
    expect(parseDateRange({ from: "2026-02-31", to: "2026-03-01" }, now)).toMatchObject({
      ok: false,
      errors: { from: expect.any(String) },
    });
    expect(parseDateRange({ from: "2026-07-10", to: "2026-07-01" }, now)).toEqual({
      ok: false,
      errors: { to: "The end date is before the start date." },
    });
    expect(parseDateRange({ from: "2026-08-01", to: "2026-08-02" }, now)).toMatchObject({
      ok: false,
      errors: { from: "The start date is in the future." },
    });
  });

  it("defaults to the last 30 days and writes Shopify's search syntax", () => {
    expect(defaultDateRange(now)).toEqual({ from: "2026-06-21", to: "2026-07-20" });
    const range = { from: new Date("2026-07-01T00:00:00.000Z"), to: new Date("2026-07-10T23:59:59.999Z") };
    expect(createdInRangeQuery(range)).toBe("created_at:>='2026-07-01T00:00:00.000Z' created_at:<='2026-07-10T23:59:59.999Z'");
    expect(reachesBeyondReadableWindow(new Date("2026-05-01T00:00:00Z"), now)).toBe(true);
    expect(reachesBeyondReadableWindow(new Date("2026-07-01T00:00:00Z"), now)).toBe(false);
  });
});
