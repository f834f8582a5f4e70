/**
 * Calendar days in the shop's time zone as instants (decision 0022): a date range picked as "Nov 1 to
 * Nov 20", and the costs card's "Today" and "Last 7 days", mean the shop's days, whatever zone the
 * merchant's browser or the server is in. Every "start of a day in the shop's zone" in the app comes
 * from `startOfDay` here. Pure.
 *
 * A day starts at its first instant, which is not always 00:00: where daylight saving begins at
 * midnight the clock jumps from 23:59:59 to 01:00 (America/Santiago on 2026-09-06, America/Havana on
 * 2026-03-08, Asia/Beirut on 2026-03-29), and where it ends at midnight 00:00 comes twice or after
 * a repeated hour of the day before (America/Santiago on 2026-04-05).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** "2026-11-01" when it is a real calendar day, else null. */
export function parseDay(value: string | null | undefined): string | null {
  const match = value ? DAY.exec(value.trim()) : null;
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value!.trim() ? value!.trim() : null;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `instant`, written as if it were a UTC instant (ms, whole seconds). */
function wallClock(instant: number, timeZone: string): number {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
const offsetAt = (instant: number, timeZone: string) => wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;

const dayOfWall = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** The calendar day `instant` falls on in the zone ("2026-11-23"). */
export function dayIn(instant: Date, timeZone: string): string {
  return dayOfWall(wallClock(instant.getTime(), timeZone));
}

/** `day` moved by `days` calendar days ("2026-12-31", 1 -> "2027-01-01"; negative goes back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The day after `day` ("2026-12-31" -> "2027-01-01"). */
export const nextDay = (day: string) => addDays(day, 1);

/** The first instant of `day` in the zone (its 00:00, or the end of the jump when 00:00 is skipped). */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  const midnight = Date.UTC(year, month - 1, date);
  // Each offset the zone has around the day (no zone changes twice in two days, none is off by more
  // than a day) puts 00:00 at one instant; it is the day's midnight when the clock reads 00:00 there.
  // Of two (00:00 repeated after a change back) the earlier is the day's start.
  const offsets = new Set([midnight - DAY_MS, midnight, midnight + DAY_MS].map((at) => offsetAt(at, timeZone)));
  const guesses = [...offsets].map((offset) => midnight - offset).sort((a, b) => a - b);
  const found = guesses.find((instant) => wallClock(instant, timeZone) === midnight);
  if (found !== undefined) return new Date(found);
  // 00:00 does not exist: the clock jumped over it, and the day starts at the jump. Before the
  // earliest guess it was still the day before, by the latest it is this day; the jump is on a
  // whole second between them.
  let before = Math.floor(guesses[0] / 1000);
  let onTheDay = Math.ceil(guesses[guesses.length - 1] / 1000);
  while (onTheDay - before > 1) {
    const middle = Math.floor((before + onTheDay) / 2);
    if (dayOfWall(wallClock(middle * 1000, timeZone)) >= day) onTheDay = middle;
    else before = middle;
  }
  return new Date(onTheDay * 1000);
}

/** The first instant of the zone's day that `now` falls on, or of the day `daysBack` days before it. */
export function startOfLocalDay(now: Date, timeZone: string, daysBack = 0): Date {
  return startOfDay(addDays(dayIn(now, timeZone), -daysBack), timeZone);
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
