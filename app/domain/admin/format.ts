/**
 * Text formats of the admin pages, computed on the server so the HTML and the hydrated page agree
 * (a locale- or zone-dependent format in render would differ between server and browser). Pure.
 */
import { currencyDecimals } from "~/domain/orders/money";

/** The zone times are shown in when the shop's is not known yet or is not a zone this runtime knows. */
const FALLBACK_TIME_ZONE = "UTC";

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};
/** Per zone the runtime's ICU knows, its formatter; null for one it does not (asked of ICU once). */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat | null>();

function dateTimeFormatIn(timeZone: string): Intl.DateTimeFormat | null {
  if (!dateTimeFormats.has(timeZone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat("en-US", { ...DATE_TIME_OPTIONS, timeZone });
    } catch {
      // RangeError: a misspelt or retired zone, or an empty string.
    }
    dateTimeFormats.set(timeZone, format);
  }
  return dateTimeFormats.get(timeZone) ?? null;
}

/** The IANA zone times are shown in: the shop's when this runtime knows it, else UTC. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  const trimmed = timeZone?.trim();
  return trimmed && dateTimeFormatIn(trimmed) ? trimmed : FALLBACK_TIME_ZONE;
}

/**
 * "Nov 24, 2026, 9:05 AM EST": the instant in the shop's time zone, the zone named (its
 * abbreviation where English has one, else "GMT+9"); a missing or unknown zone shows UTC, said as
 * "UTC". "" for null. Called by loaders only, never in render, so server and browser show one text.
 */
export function formatDateTime(value: Date | string | null | undefined, timeZone: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const format = dateTimeFormatIn(resolveTimeZone(timeZone))!;
  // Some ICU versions put a narrow no-break space before AM/PM; plain text reads (and searches) better.
  return format.format(date).replace(/\u202f/g, " ");
}

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "Jul 14, 2026": a calendar day in UTC (the days of "Send past orders" are UTC days). */
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

/** "12,345": the admin's counts are exact (one grouped count, app/models/admin-orders.server.ts). */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}
