/**
 * The date range of "Send past orders", as the merchant picks it: two calendar days in UTC, both
 * included. Pure.
 */
const DAY_MS = 86_400_000;
/** Shopify lets an app read the last 60 days of orders unless it was granted read_all_orders. */
export const DEFAULT_READABLE_DAYS = 60;

export type DateRange = { from: Date; to: Date };
export type DateRangeResult = { ok: true; range: DateRange } | { ok: false; errors: { from?: string; to?: string } };

function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls 2026-02-31 over to March: such a day does not exist.
  return date.toISOString().slice(0, 10) === text.trim() ? date : null;
}

export const toDayString = (date: Date) => date.toISOString().slice(0, 10);

export function parseDateRange(input: { from: string; to: string }, now: Date): DateRangeResult {
  const from = parseDay(input.from);
  const toDay = parseDay(input.to);
  const errors: { from?: string; to?: string } = {};
  if (!from) errors.from = "Enter a start date (YYYY-MM-DD).";
  if (!toDay) errors.to = "Enter an end date (YYYY-MM-DD).";
  const today = parseDay(toDayString(now))!;
  if (from && from > today) errors.from = "The start date is in the future.";
  if (from && toDay && toDay < from) errors.to = "The end date is before the start date.";
  if (errors.from || errors.to || !from || !toDay) return { ok: false, errors };
  // The end day is included: up to its last millisecond, but never past now.
  const to = new Date(Math.min(toDay.getTime() + DAY_MS - 1, now.getTime()));
  return { ok: true, range: { from, to } };
}

/** The default: the last 30 days, today included. */
export function defaultDateRange(now: Date): { from: string; to: string } {
  return { from: toDayString(new Date(now.getTime() - 29 * DAY_MS)), to: toDayString(now) };
}

/** True when the range reaches further back than Shopify lets most apps read. */
export const reachesBeyondReadableWindow = (from: Date, now: Date) => now.getTime() - from.getTime() > DEFAULT_READABLE_DAYS * DAY_MS;

/** Shopify's order search syntax for orders created in the range. */
export const createdInRangeQuery = (range: DateRange) =>
  `created_at:>='${range.from.toISOString()}' created_at:<='${range.to.toISOString()}'`;
