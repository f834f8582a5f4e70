/**
 * Removing a customer's personal data from what the app stored about an order, keeping what is not
 * personal (ids, order name, dates, statuses, amounts, items, country, the timeline's kinds). Pure.
 *
 * Which fields are personal, and how each is erased, is personal-fields.ts: the structured copies
 * (the Shopify order, the request sent to HyperSKU, HyperSKU's answer) are erased field by field
 * from it, and free text (timeline messages, errors) has every personal value those fields held
 * replaced with "[redacted]".
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { HYPERSKU_ANSWER_FIELDS, SENT_REQUEST_FIELDS, SNAPSHOT_FIELDS, type FieldRule } from "./personal-fields";

export const REDACTED = "[redacted]";
/** Shorter values are erased in structured fields but not searched for in free text (too many false hits). */
const MIN_SCRUB_LENGTH = 3;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

function parse(json: string | null): Json | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * `value` erased by `rule`; undefined means "leave the field out". A value not of the shape its rule
 * expects (a string where an address belongs) is not examined: it becomes null.
 */
function erase(value: unknown, rule: FieldRule): unknown {
  if (typeof rule === "string") {
    if (rule === "keep" || value === undefined) return value;
    if (rule === "omit") return undefined;
    if (rule === "null") return null;
    // "redact", "redact-whole": an empty text says nothing, and null stays "there was none".
    return value === null || value === "" ? value : REDACTED;
  }
  if (value === null || value === undefined) return value;
  if ("each" in rule) return Array.isArray(value) ? value.map((element) => erase(element, rule.each)) : null;
  if (!isObject(value)) return null;
  const erased: Json = {};
  for (const [key, field] of Object.entries(value)) {
    const fieldRule = Object.hasOwn(rule.fields, key) ? rule.fields[key] : undefined;
    const kept = fieldRule === undefined ? undefined : erase(field, fieldRule);
    if (kept !== undefined) erased[key] = kept;
  }
  return erased;
}

/** Every personal value `value` holds by `rule` (the ones free text is searched for), into `into`. */
function gatherValues(value: unknown, rule: FieldRule, into: string[]) {
  if (typeof rule === "string") {
    if ((rule === "null" || rule === "omit" || rule === "redact") && typeof value === "string") into.push(value);
    return;
  }
  if ("each" in rule) {
    if (Array.isArray(value)) for (const element of value) gatherValues(element, rule.each, into);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, fieldRule] of Object.entries(rule.fields)) gatherValues(value[key], fieldRule, into);
  // Free text names a person whole ("Ada Lovelace"), which the two fields alone would leave half of.
  const { firstName, lastName } = value;
  if (rule.fields.firstName !== "keep" && typeof firstName === "string" && typeof lastName === "string")
    into.push(`${firstName} ${lastName}`);
}

/** Every personal value stored for the order (plus `extra`, e.g. the webhook's e-mail), longest first. */
export function collectPersonalValues(
  order: { snapshot: string | null; sentRequest: string | null; hyperskuResponse: string | null },
  extra: (string | null | undefined)[] = [],
): string[] {
  const values: string[] = [];
  gatherValues(parse(order.snapshot), SNAPSHOT_FIELDS, values);
  gatherValues(parse(order.sentRequest), SENT_REQUEST_FIELDS, values);
  gatherValues(parse(order.hyperskuResponse), HYPERSKU_ANSWER_FIELDS, values);
  values.push(...extra.filter((value): value is string => typeof value === "string"));
  // A value written over several lines (a note) is often quoted on one.
  const forms = values.flatMap((value) => [value.trim(), value.replace(/\s+/g, " ").trim()]);
  const usable = forms.filter((value) => value.length >= MIN_SCRUB_LENGTH && value !== REDACTED);
  return [...new Set(usable)].sort((a, b) => b.length - a.length);
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every value replaced (case-insensitively); JSON-escaped forms are covered too. */
export function scrubText(text: string | null, values: readonly string[]): string | null {
  if (text === null || values.length === 0) return text;
  let result = text;
  for (const value of values) {
    for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) {
      result = result.replace(new RegExp(escape(form), "gi"), REDACTED);
    }
  }
  return result;
}

export function anonymiseSnapshot(snapshot: ShopifyOrderSnapshot): ShopifyOrderSnapshot {
  return erase(snapshot, SNAPSHOT_FIELDS) as ShopifyOrderSnapshot;
}

/** Stored JSON erased by `rule`; what does not parse as an object is replaced whole. */
function anonymiseJson(json: string | null, rule: FieldRule): string | null {
  const value = parse(json);
  if (!value) return json === null ? null : REDACTED;
  return JSON.stringify(erase(value, rule));
}

/** The request as sent to HyperSKU: the address keeps only its country. */
export const anonymiseSentRequest = (json: string | null) => anonymiseJson(json, SENT_REQUEST_FIELDS);

/** HyperSKU's answer: its copy of the address keeps only the country. */
export const anonymiseHyperskuResponse = (json: string | null) => anonymiseJson(json, HYPERSKU_ANSWER_FIELDS);
