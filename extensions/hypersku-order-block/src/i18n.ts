/**
 * The slice of the admin's i18n API the block uses, so plain modules and tests do not need the
 * `shopify` global. Keys live in locales/*.json; `{{name}}` placeholders, `count` picks a plural.
 */
export type Translate = (key: string, replacements?: Record<string, string | number>) => string;

export type I18n = {
  t: Translate;
  /** A date and time in the merchant's locale. */
  formatDateTime: (date: Date) => string;
};
