/**
 * Test stand-in for the admin's i18n: reads the same locales/ files, fills `{{name}}` placeholders
 * and picks `one`/`other` by `count`, as Shopify's translate does. A missing key or placeholder
 * throws, so a test fails on a string that is not in the locale file.
 */
import en from "../../locales/en.default.json";
import { formatInTimeZone, type I18n, type Translate } from "../i18n";

type Messages = { [key: string]: string | Messages };

function lookup(messages: Messages, key: string): string | Messages | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return node;
}

function createTranslate(messages: Messages, locale = "en"): Translate {
  const plural = new Intl.PluralRules(locale);
  return (key, replacements = {}) => {
    let value = lookup(messages, key);
    if (typeof value === "object" && typeof replacements.count === "number")
      value = value[plural.select(replacements.count)] ?? value.other;
    if (typeof value !== "string") throw new Error(`Missing translation "${key}" (${locale})`);
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
      if (!(name in replacements)) throw new Error(`Missing replacement "${name}" for "${key}"`);
      return String(replacements[name]);
    });
  };
}

export function createTestI18n(messages: Messages = en, locale = "en"): I18n {
  return {
    t: createTranslate(messages, locale),
    formatDateTime: (date, timeZone) => formatInTimeZone((options) => new Intl.DateTimeFormat(locale, options).format(date), timeZone),
  };
}
