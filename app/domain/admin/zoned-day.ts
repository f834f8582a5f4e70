/**
 * Calendar days in the shop's time zone as instants: a date range picked as "Nov 1 to Nov 20" means
 * the shop's days, whatever zone the merchant's browser is in. Pure.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-01" when it is a real calendar day, else null. */
export function parseDay(value: string | null | undefined): string | null {
  const match = value ? DAY.exec(value.trim()) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value!.trim() ? value!.trim() : null;
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant the day starts in the zone (its first moment, also on a day that skips midnight). */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date);
  // The offset at midnight may differ from the one just after it (a change at midnight): both
  // guesses are tried and the earliest that falls on the day wins.
  const first = midnightUtc - offsetAt(midnightUtc, timeZone);
  const second = midnightUtc - offsetAt(first, timeZone);
  const onTheDay = [first, second].filter((instant) => localDay(instant, timeZone) === day);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : first);
}

function localDay(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** The day after `day` ("2026-12-31" -> "2027-01-01"). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

const DAY_TEXT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const dayText = (day: string) => DAY_TEXT.format(new Date(`${day}T00:00:00Z`));

/** "Date: Nov 1, 2026 – Nov 20, 2026", "Date: from Nov 1, 2026", "Date: until …"; null without a range. */
export function describeDayRange(from: string | null, to: string | null): string | null {
  if (from && to) return `Date: ${dayText(from)} – ${dayText(to)}`;
  if (from) return `Date: from ${dayText(from)}`;
  if (to) return `Date: until ${dayText(to)}`;
  return null;
}
