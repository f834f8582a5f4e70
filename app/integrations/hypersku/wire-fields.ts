/**
 * The field readers HyperSKU's answers are built from (schemas.ts): strict for the fields the app
 * decides on (ids, statuses, tracking; numeric strings read as numbers), tolerant for the rest (a
 * value in an unexpected format becomes null and never fails an answer), date-times in any of the
 * formats seen (ISO with or without zone, `2026-03-02 14:00:00`, epoch seconds or milliseconds),
 * and lists as bare arrays or TableData `{total, rows}` (docs/hypersku-contract.md).
 */
import { z } from "zod";

const NUMERIC = /^-?\d+(\.\d+)?$/;
const DIGITS = /^\d+$/;

/** A number, or a string holding exactly one: the same value either way. */
const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(NUMERIC)
    .transform((value) => Number(value)),
]);

/** Used: a number (or numeric string); anything else fails the call. */
export const strictNum = numberLike.nullish();
/** Used id, typed number by the spec: a whole number, or a string of digits. */
export const idNum = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(DIGITS)
      .transform((value) => Number(value)),
  ])
  .nullish();
/** Used text: a string; a number becomes its decimal text (ids, tracking numbers). */
export const strictStr = z.union([z.string(), z.number().transform((value) => String(value))]).nullish();

/**
 * A field that never fails its object: `read` turns whatever came into the value or null. Absent stays
 * absent (`.optional()`: zod 4 would otherwise demand the key of a transform).
 */
export function tolerant<T>(read: (value: unknown) => T | null) {
  return z
    .unknown()
    .transform((value) => (value === undefined ? undefined : read(value)))
    .optional();
}

/** Unused or shown only: a string, a number as text, anything else null. */
export const str = tolerant((value): string | null => {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
});

/** Unused or shown only: a number, a numeric string as a number, anything else null. */
export const num = tolerant((value): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC.test(value.trim())) return Number(value.trim());
  return null;
});

/** Unused or shown only: a boolean (also "true"/"false", 1/0), anything else null. */
export const bool = tolerant((value): boolean | null => {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === 1 || value === "1") return true;
  if (value === "false" || value === 0 || value === "0") return false;
  return null;
});

/** Epoch values below this are seconds, above it milliseconds (1e11 s is the year 5138, 1e11 ms is 1973). */
const EPOCH_MS_THRESHOLD = 1e11;
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/;

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? null : date);
const fromEpoch = (value: number) =>
  Number.isFinite(value) ? validDate(new Date(Math.abs(value) < EPOCH_MS_THRESHOLD ? value * 1000 : value)) : null;

/** Pure: a date-time in any of the forms HyperSKU may use -> Date; null when unreadable. */
function parseLooseDateTime(value: unknown): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) return validDate(value);
  if (typeof value === "number") return fromEpoch(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (NUMERIC.test(text)) return fromEpoch(Number(text));
  if (ZONED_ISO.test(text)) return validDate(new Date(text));
  const local = LOCAL_DATE_TIME.exec(text);
  return local ? validDate(new Date(`${local[1]}T${local[2]}Z`)) : null;
}

/** Date-times are shown or stored, never decided on: tolerant (see the file comment). */
export const dateTime = tolerant((value) => parseLooseDateTime(value) ?? null);

/**
 * Lists arrive as a bare array or as TableData `{total, rows}` (notes part 2); both become an array.
 * null/absent means "none".
 */
export function normalizeList(value: unknown): unknown {
  if (value === null || value === undefined) return [];
  if (typeof value === "object" && !Array.isArray(value) && Array.isArray((value as { rows?: unknown }).rows)) {
    return (value as { rows: unknown[] }).rows;
  }
  return value;
}

export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(normalizeList, z.array(item));
}

/** Results whose body is unpublished may be an object, `true` or nothing: non-objects become `{}`. */
export function tolerantObject<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value !== null && typeof value === "object" && !Array.isArray(value) ? value : {}), schema);
}

/** A part the app only shows: an object of the wrong kind becomes null instead of failing the call. */
export function shownObject<T extends z.ZodType>(schema: T) {
  return tolerant((value): z.output<T> | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as z.output<T>) : null;
  });
}

/** A list the app only shows: not a list -> null; entries that are not readable are left out. */
export function shownList<T extends z.ZodType>(item: T) {
  return tolerant((value): z.output<T>[] | null => {
    if (!Array.isArray(value)) return null;
    return value.flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    });
  });
}
