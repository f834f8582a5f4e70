/**
 * Removing a customer's personal data from what the app stored about an order, keeping what is not
 * personal (ids, order name, dates, statuses, amounts, items, country, the timeline's kinds). Pure.
 *
 * Personal: names, company, address lines, city, province, postal code, e-mail, phone, tax and ID
 * numbers, order attributes and line item properties (free text the buyer typed). Structured copies
 * are blanked field by field; free text (timeline messages, errors) has every personal value the
 * order held replaced with "[redacted]".
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

export const REDACTED = "[redacted]";
/** Shorter values are blanked in structured fields but not searched for in free text (too many false hits). */
const MIN_SCRUB_LENGTH = 3;

type Json = Record<string, unknown>;

function parse(json: string | null): Json | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const strings = (object: unknown, keys: string[]) =>
  object && typeof object === "object"
    ? keys.map((key) => (object as Json)[key]).filter((value): value is string => typeof value === "string")
    : [];

const ADDRESS_KEYS = [
  "firstName",
  "lastName",
  "company",
  "address1",
  "address2",
  "city",
  "province",
  "zip",
  "phone",
  "email",
  "taxNo",
  "idNo",
  "vatNo",
  "region",
];

/** Every personal value stored for the order (plus `extra`, e.g. the webhook's e-mail), longest first. */
export function collectPersonalValues(
  order: { snapshot: string | null; sentRequest: string | null; hyperskuResponse: string | null },
  extra: (string | null | undefined)[] = [],
): string[] {
  const values: string[] = [];
  const snapshot = parse(order.snapshot) as Partial<ShopifyOrderSnapshot> | null;
  if (snapshot) {
    values.push(...strings(snapshot, ["email", "phone"]));
    values.push(...strings(snapshot.shippingAddress, ADDRESS_KEYS));
    const address = snapshot.shippingAddress;
    if (address?.firstName && address.lastName) values.push(`${address.firstName} ${address.lastName}`);
    for (const attribute of snapshot.noteAttributes ?? []) values.push(attribute.value);
    for (const item of snapshot.lineItems ?? []) for (const property of item.properties ?? []) values.push(property.value);
  }
  const request = parse(order.sentRequest);
  values.push(...strings(request?.shippingAddress, ADDRESS_KEYS));
  const response = parse(order.hyperskuResponse);
  values.push(...strings(response?.orderAddressInfo, ADDRESS_KEYS));
  values.push(...extra.filter((value): value is string => typeof value === "string"));
  const usable = values.map((value) => value.trim()).filter((value) => value.length >= MIN_SCRUB_LENGTH && value !== REDACTED);
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
  const address = snapshot.shippingAddress;
  return {
    ...snapshot,
    email: null,
    phone: null,
    shippingAddress: address && {
      firstName: null,
      lastName: null,
      company: null,
      address1: null,
      address2: null,
      city: null,
      province: null,
      provinceCode: null,
      zip: null,
      phone: null,
      country: address.country,
      countryCode: address.countryCode,
    },
    noteAttributes: snapshot.noteAttributes.map((attribute) => ({ name: attribute.name, value: REDACTED })),
    lineItems: snapshot.lineItems.map((item) => ({
      ...item,
      properties: item.properties.map((property) => ({ name: property.name, value: REDACTED })),
    })),
  };
}

/** The request as sent to HyperSKU: the address keeps only its country. */
export function anonymiseSentRequest(json: string | null): string | null {
  const request = parse(json);
  if (!request) return json === null ? null : REDACTED;
  const address = request.shippingAddress as Json | undefined;
  return JSON.stringify({
    ...request,
    ...(address ? { shippingAddress: { countryCode: address.countryCode, countryName: address.countryName } } : {}),
  });
}

/** HyperSKU's answer: its copy of the address keeps only the country. */
export function anonymiseHyperskuResponse(json: string | null): string | null {
  const response = parse(json);
  if (!response) return json === null ? null : REDACTED;
  const address = response.orderAddressInfo as Json | null | undefined;
  if (!address) return JSON.stringify(response);
  const blanked = Object.fromEntries(
    Object.keys(address).map((key) => [key, ["countryCode", "countryName"].includes(key) ? address[key] : null]),
  );
  return JSON.stringify({ ...response, orderAddressInfo: blanked });
}

/** Whether a snapshot still holds personal data (used to make redaction idempotent and testable). */
export const isAnonymised = (snapshot: ShopifyOrderSnapshot) =>
  snapshot.email === null && snapshot.phone === null && (snapshot.shippingAddress === null || snapshot.shippingAddress.address1 === null);
