/**
 * The costs card's periods in the shop's time zone (decision 0022): today since the start of the
 * shop's day, and the last 7 and 30 days counting today. Days start where zoned-day.ts says (also on
 * a day whose midnight the clock skips). Pure.
 */
import { resolveTimeZone } from "~/domain/admin/format";
import { startOfLocalDay } from "~/domain/admin/zoned-day";

export const COST_PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;
export type CostPeriodKey = (typeof COST_PERIODS)[number]["key"];

/** When the period began: the first instant of its first day in the shop's zone (UTC when unknown). */
export function periodStart(key: CostPeriodKey, now: Date, timeZone: string | null | undefined): Date {
  const period = COST_PERIODS.find((candidate) => candidate.key === key)!;
  return startOfLocalDay(now, resolveTimeZone(timeZone), period.days - 1);
}
