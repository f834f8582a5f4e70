/**
 * The slice of the admin's i18n API the block uses, so plain modules and tests do not need the
 * `shopify` global. Keys live in locales/*.json; `{{name}}` placeholders, `count` picks a plural.
 */
export type Translate = (key: string, replacements?: Record<string, string | number>) => string;

export type I18n = {
  t: Translate;
  /** A date and time in the merchant's locale, in the shop's time zone (an IANA name), the zone named. */
  formatDateTime: (date: Date, timeZone: string) => string;
};

/**
 * Formats a time with `format` (the admin's formatDate, or Intl in tests) in the shop's zone, the
 * zone named as the app's own pages do; in UTC when this browser does not know the zone. Explicit
 * fields, because Intl refuses `timeZoneName` beside `dateStyle`.
 */
export function formatInTimeZone(format: (options: Intl.DateTimeFormatOptions) => string, timeZone: string): string {
  const options = (zone: string): Intl.DateTimeFormatOptions => ({
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  });
  try {
    return format(options(timeZone));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return format(options("UTC"));
  }
}
