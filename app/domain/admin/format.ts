/**
 * Text formats of the admin pages, computed on the server so the HTML and the hydrated page agree
 * (a locale- or zone-dependent format in render would differ between server and browser). Pure.
 */
import { currencyDecimals } from "~/domain/orders/money";

const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "Jul 14, 2026, 14:15 UTC"; "" for null. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : `${DATE_TIME.format(date)} UTC`;
}

export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : DATE.format(date);
}

/** "$1,234.50" / "JPY 1,500" style; a plain number when the currency is unknown. */
export function formatMoney(amount: number | string | null | undefined, currency: string | null | undefined): string | null {
  if (amount === null || amount === undefined || amount === "") return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return null;
  if (!currency || !/^[A-Za-z]{3}$/.test(currency)) return value.toLocaleString("en-US", { maximumFractionDigits: 3 });
  const digits = currencyDecimals(currency);
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** "fulfillment_created" -> "Fulfillment created". */
export function humanize(code: string): string {
  const text = code.replace(/[_-]+/g, " ").trim();
  return text ? text[0].toUpperCase() + text.slice(1) : code;
}

/** Counts stop at this many per bucket (app/models/admin-orders.server.ts); one more means "more". */
export const COUNT_CAP = 10_000;

/** "1,234", or "10,000+" for a count that stopped at the cap. */
export function formatCount(count: number): string {
  return count > COUNT_CAP ? `${COUNT_CAP.toLocaleString("en-US")}+` : count.toLocaleString("en-US");
}
