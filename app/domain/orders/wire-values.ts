/**
 * Building blocks shared by the REST and GraphQL order parsers. Tolerant where Shopify varies
 * (ids as numbers or strings, amounts as strings or numbers, most fields optional or null), strict
 * where a wrong value would silently change what we send (a quantity that is not a whole number).
 */
import { z } from "zod";
import { normalizeAmount } from "./money";

/** Shopify numeric ids arrive as JSON numbers (REST) or digit strings (GraphQL `legacyResourceId`). */
const NUMERIC_ID = "must be a numeric Shopify id";
export const numericId = z.union(
  [z.number().int({ error: NUMERIC_ID }).nonnegative({ error: NUMERIC_ID }), z.string().regex(/^\d+$/, { error: NUMERIC_ID })],
  { error: NUMERIC_ID },
);

export const gid = z.string().regex(/^gid:\/\/shopify\/\w+\/\d+/, {
  error: 'must be a Shopify id such as "gid://shopify/Order/123"',
});

const AMOUNT = 'must be an amount such as "19.99"';
export const amount = z.union(
  [z.string().regex(/^-?\d+(\.\d+)?$/, { error: AMOUNT }), z.number().refine(Number.isFinite, { error: AMOUNT })],
  { error: AMOUNT },
);

export const count = z.number().int({ error: "must be a whole number" }).nonnegative({ error: "must not be negative" });

/** ISO 8601 with a zone, as both Shopify APIs send it; `Date.parse` alone would take "1" for 2001. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
export const isoDateTime = z.string().refine((value) => ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)), {
  error: "must be a date and time such as 2024-05-01T12:00:00Z",
});

export const currencyCode = z.string().regex(/^[A-Za-z]{3}$/, { error: 'must be a currency code such as "USD"' });

/** Attribute values are text in Shopify, but hand-made payloads send numbers and booleans too. */
export const attributeValue = z.union([z.string(), z.number(), z.boolean()]).nullish();

export const text = z.string().nullish();
export const flag = z.boolean().nullish();

export function idString(id: string | number): string {
  return String(id);
}

/** "gid://shopify/LineItem/123" -> "123"; a bare numeric id is returned as is. */
export function numericIdFromGid(value: string | number): string {
  const match = /(\d+)(?:\?.*)?$/.exec(String(value));
  return match ? match[1] : String(value);
}

/** Any ISO 8601 instant (any offset) -> UTC with `Z`; absent stays null. */
export function toUtcIso(value: string | null | undefined): string | null {
  if (!value) return null;
  return new Date(value).toISOString();
}

/** Empty or blank text is the same as no text. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.trim() === "" ? null : value;
}

export function toNameValue(name: string | null | undefined, value: string | number | boolean | null | undefined) {
  return { name: name ?? "", value: value === null || value === undefined ? "" : String(value) };
}

export function upperOrNull(value: string | null | undefined): string | null {
  const cleaned = cleanText(value);
  return cleaned === null ? null : cleaned.trim().toUpperCase();
}

/** An amount in the order's currency, normalized to its decimals; null when either is unknown. */
export function money(value: string | number | null | undefined, currency: string | null): string | null {
  if (value === null || value === undefined || currency === null) return null;
  return normalizeAmount(value, currency);
}

/** Statuses become lowercase snake case whatever the source: "PARTIALLY_REFUNDED" -> "partially_refunded". */
export function statusWord(value: string | null | undefined): string | null {
  const cleaned = cleanText(value);
  return cleaned === null
    ? null
    : cleaned
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, "_");
}
