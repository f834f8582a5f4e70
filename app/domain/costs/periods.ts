/**
 * The costs card's periods in the shop's time zone (decision 0022): today since local midnight, and
 * the last 7 and 30 days counting today. Pure.
 */
import { resolveTimeZone } from "~/domain/admin/format";

export const COST_PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;
export type CostPeriodKey = (typeof COST_PERIODS)[number]["key"];

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock of `at` in `timeZone` as if it were UTC, minus `at`: the zone's offset then, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  let format = partsFormats.get(timeZone);
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
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the local day of `now` (in `timeZone`) began, `daysBack` days earlier. */
export function startOfLocalDay(now: Date, timeZone: string | null | undefined, daysBack = 0): Date {
  const zone = resolveTimeZone(timeZone);
  const local = new Date(now.getTime() + offsetMs(now, zone));
  const midnightWall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack);
  // The offset at midnight may differ from now's (a daylight-saving change in between): settle on it.
  let start = midnightWall - offsetMs(new Date(midnightWall - offsetMs(now, zone)), zone);
  start = midnightWall - offsetMs(new Date(start), zone);
  return new Date(start);
}

export function periodStart(key: CostPeriodKey, now: Date, timeZone: string | null | undefined): Date {
  const period = COST_PERIODS.find((candidate) => candidate.key === key)!;
  return startOfLocalDay(now, timeZone, period.days - 1);
}
