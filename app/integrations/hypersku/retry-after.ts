/**
 * Pure: a `Retry-After` header (delay in seconds or an HTTP-date, RFC 9110 section 10.2.3) as
 * milliseconds from `now`; undefined when absent or unreadable, 0 when the date is already past.
 */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP-date names its weekday and month; this keeps Date.parse from reading "-5" as a year.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}
