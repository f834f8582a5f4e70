/**
 * What is kept of HyperSKU's answer about an order (Order.hyperskuResponse). Pure. Only the fields
 * the app shows (base info, items, address, parcels), each string cut to a length, each list to a
 * count, and the whole to STORED_RESPONSE_MAX_BYTES: an answer of any size costs the database and
 * every page that reads it a bounded amount. Unknown fields are dropped.
 */
import {
  logisticsItemSchema,
  orderAddressInfoSchema,
  orderBaseInfoSchema,
  orderItemInfoSchema,
  shippingItemSchema,
} from "~/integrations/hypersku/schemas";

export const STORED_RESPONSE_MAX_BYTES = 64 * 1024;
export const STORED_STRING_MAX_LENGTH = 1_000;
/** Tried in turn until the JSON fits; the last one always does (some 40 fields of 50 characters). */
const STAGES = [
  { lists: 100, strings: STORED_STRING_MAX_LENGTH },
  { lists: 25, strings: STORED_STRING_MAX_LENGTH },
  { lists: 5, strings: 300 },
  { lists: 0, strings: 50 },
] as const;
type Stage = (typeof STAGES)[number];

type Plain = Record<string, unknown>;

const keysOf = (schema: { shape: Record<string, unknown> }, ...extra: string[]) => [...Object.keys(schema.shape), ...extra];
// storeCode is not in the spec's order, but when HyperSKU sends it the app checks it (match-hypersku-order.ts).
const BASE_KEYS = keysOf(orderBaseInfoSchema, "storeCode");
const ITEM_KEYS = keysOf(orderItemInfoSchema);
const ADDRESS_KEYS = keysOf(orderAddressInfoSchema);
const PARCEL_KEYS = keysOf(logisticsItemSchema).filter((key) => key !== "shippingItems");
const SHIPPING_ITEM_KEYS = keysOf(shippingItemSchema);

const isObject = (value: unknown): value is Plain => value !== null && typeof value === "object" && !Array.isArray(value);

function scalar(value: unknown, maxLength: number): unknown {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string") return value.length > maxLength ? `${value.slice(0, maxLength - 1)}…` : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return undefined;
}

function pick(value: unknown, keys: readonly string[], maxLength: number): Plain | null {
  if (!isObject(value)) return null;
  const picked: Plain = {};
  for (const key of keys) {
    const kept = Object.hasOwn(value, key) ? scalar(value[key], maxLength) : undefined;
    if (kept !== undefined) picked[key] = kept;
  }
  return picked;
}

const list = (value: unknown, limit: number) => (Array.isArray(value) ? value.slice(0, limit) : []);

function project(answer: Plain, { lists, strings }: Stage): Plain {
  const projected: Plain = {};
  const base = pick(answer.orderBaseInfo, BASE_KEYS, strings);
  const address = pick(answer.orderAddressInfo, ADDRESS_KEYS, strings);
  if (base) projected.orderBaseInfo = base;
  if (address) projected.orderAddressInfo = address;
  if (lists === 0) return projected;
  if (Array.isArray(answer.orderItemInfos)) {
    projected.orderItemInfos = list(answer.orderItemInfos, lists)
      .map((item) => pick(item, ITEM_KEYS, strings))
      .filter(isObject);
  }
  if (Array.isArray(answer.logisticsItems)) {
    projected.logisticsItems = list(answer.logisticsItems, lists)
      .filter(isObject)
      .map((parcel) => ({
        ...pick(parcel, PARCEL_KEYS, strings),
        ...(Array.isArray(parcel.shippingItems)
          ? {
              shippingItems: list(parcel.shippingItems, lists)
                .map((item) => pick(item, SHIPPING_ITEM_KEYS, strings))
                .filter(isObject),
            }
          : {}),
      }));
  }
  return projected;
}

/** The bounded JSON stored for HyperSKU's answer; null when the answer is not an object. */
export function serializeStoredHyperskuOrder(answer: unknown): string | null {
  if (!isObject(answer)) return null;
  let text = "";
  for (const stage of STAGES) {
    text = JSON.stringify(project(answer, stage));
    if (Buffer.byteLength(text, "utf8") <= STORED_RESPONSE_MAX_BYTES) break;
  }
  return text;
}

/**
 * HyperSKU's status in a stored answer; null when none is stored, the JSON does not parse or it
 * names no status. The status sync compares it with the status HyperSKU reports now: a copy whose
 * status differs is an earlier answer (a lookup that failed, a status recorded by another path such
 * as a cancellation) and is replaced.
 */
export function getStoredHyperskuStatus(stored: string | null): number | null {
  if (!stored) return null;
  try {
    const status: unknown = (JSON.parse(stored) as { orderBaseInfo?: { status?: unknown } } | null)?.orderBaseInfo?.status;
    return typeof status === "number" && Number.isFinite(status) ? status : null;
  } catch {
    return null;
  }
}

/** Whether the stored answer is older than the status HyperSKU reports (no stored answer counts as older). */
export const isStoredHyperskuOrderBehind = (stored: string | null, reportedStatus: number | null) =>
  reportedStatus !== null && getStoredHyperskuStatus(stored) !== reportedStatus;
