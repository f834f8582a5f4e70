/**
 * Strict request schemas (spec 2.2, 2.4-2.6 and the contract's inferred bodies). Strict on purpose:
 * exact JSON types, no null for strings, no unknown fields (a misspelt optional field would be dropped
 * silently by a lenient server), so a client that passes here sends exactly what the spec describes.
 * Errors become one message per problem, each starting with the field's path.
 */
import { z } from "zod";

const requiredString = z.string().refine((value) => value.trim() !== "", "must not be empty");
const optionalString = z.string().optional();
const money = z.number().nonnegative("must not be negative");

/** ISO 8601 with seconds and an explicit zone (Z or ±hh:mm): a time without a zone is ambiguous. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const isoDateTime = z
  .string()
  .refine(
    (value) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
    "must be an ISO-8601 date-time with a zone, e.g. 2024-05-01T12:00:00Z",
  );

const countryCode = z.string().refine((value) => /^[A-Z]{2}$/.test(value), "must be a two-letter ISO 3166 code in capitals, e.g. US");

const addressFields = {
  address1: requiredString,
  address2: optionalString,
  city: requiredString,
  countryCode,
  countryName: optionalString,
  email: optionalString,
  firstName: optionalString,
  idNo: optionalString,
  lastName: optionalString,
  phone: optionalString,
  province: optionalString,
  taxNo: optionalString,
  zip: optionalString,
};

type NameParts = { firstName?: string; lastName?: string };

function requireAName(address: NameParts, ctx: z.RefinementCtx) {
  const has = (value?: string) => value !== undefined && value.trim() !== "";
  if (!has(address.firstName) && !has(address.lastName)) {
    ctx.addIssue({ code: "custom", path: ["firstName"], message: "or lastName is required" });
  }
}

const shippingAddressSchema = z.strictObject(addressFields).superRefine(requireAName);

const lineItemSchema = z.strictObject({
  price: money,
  productUrl: optionalString,
  quantity: z.number().int().positive("must be greater than 0"),
  storeOrderLineItemId: requiredString,
  storeProductId: optionalString,
  storeSkuId: optionalString,
  storeVariantId: optionalString,
  title: optionalString,
  variantAttr: optionalString,
  variantImg: optionalString,
});

export const externalOrderSchema = z.strictObject({
  createdAt: isoDateTime.optional(),
  currency: z
    .string()
    .refine((value) => /^[A-Z]{3}$/.test(value), "must be a three-letter ISO 4217 code in capitals, e.g. USD")
    .optional(),
  isPaid: z.boolean().optional(),
  lineItems: z
    .array(lineItemSchema)
    .min(1, "must not be empty")
    .superRefine((items, ctx) => {
      const seen = new Map<string, number>();
      items.forEach((item, index) => {
        const first = seen.get(item.storeOrderLineItemId);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: [index, "storeOrderLineItemId"],
            message: `duplicates lineItems[${first}].storeOrderLineItemId`,
          });
        } else seen.set(item.storeOrderLineItemId, index);
      });
    }),
  paidAt: isoDateTime.optional(),
  platform: z.number().int().optional(),
  shippingAddress: shippingAddressSchema,
  status: optionalString,
  storeCode: requiredString,
  storeName: optionalString,
  storeOrderId: requiredString,
  storeOrderNo: optionalString,
  taxAmount: money.optional(),
  totalPrice: money.optional(),
  totalShippingPrice: money.optional(),
});

export type ExternalOrder = z.infer<typeof externalOrderSchema>;
export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

export const accessTokenRequestSchema = z.strictObject({
  clientId: requiredString,
  clientSecret: requiredString,
  code: requiredString,
});

export const refreshTokenRequestSchema = z.strictObject({
  clientId: requiredString,
  clientSecret: requiredString,
  refreshToken: requiredString,
});

const orderId = z.number().int().positive("must be a positive whole number");

export const externalOrderIdRequestSchema = z.strictObject({
  storeCode: requiredString,
  storeOrderId: requiredString,
});

export const orderIdsRequestSchema = z.array(orderId);

export const updateAddressRequestSchema = z.strictObject({ orderId, ...addressFields }).superRefine(requireAName);

const skuItems = z
  .array(z.strictObject({ skuId: orderId, num: z.number().int().positive("must be greater than 0") }))
  .min(1, "must not be empty");

export const logisticsSkuRequestSchema = z.strictObject({
  countryCode,
  skuItems,
});

/** `create` (inferred: an order for SKUs held as the merchant's stock). */
export const stockOrderRequestSchema = z.strictObject({ skuItems, remark: optionalString });

/** `getToken` (inferred: LoginReqDto, a login with the HyperSKU account's own credentials). */
export const loginRequestSchema = z.strictObject({ username: requiredString, password: requiredString });

/** Query parameters arrive as strings; these accept only canonical positive integers ("7", not "07" or "7.0"). */
export function parsePositiveIntParam(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d*$/.test(value)) return undefined;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; message: string };

export function validate<T>(schema: z.ZodType<T>, input: unknown): Validated<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues.map((issue) => describeIssue(issue, input)).join("; ") };
}

/** "lineItems[0].price must be a number (got string)": the field first, then the problem. */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const path = issue.path.filter((key): key is string | number => typeof key !== "symbol");
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => `${fieldName([...path, key])} is not a field of this request`).join("; ");
    case "invalid_type": {
      const received = valueAt(input, path);
      if (received === undefined) return `${fieldName(path)} is required`;
      if (issue.expected === "int") return `${fieldName(path)} must be a whole number (got ${describe(received)})`;
      const expected = issue.expected === "object" ? "an object" : issue.expected === "array" ? "an array" : `a ${issue.expected}`;
      return `${fieldName(path)} must be ${expected} (got ${describe(received)})`;
    }
    default:
      return `${fieldName(path)} ${issue.message}`;
  }
}

function fieldName(path: (string | number)[]): string {
  if (path.length === 0) return "body";
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name === "" ? key : `${name}.${key}`),
    // A body that is itself an array (getOrdersStatus) names its elements body[0], body[1]...
    typeof path[0] === "number" ? "body" : "",
  );
}

function valueAt(input: unknown, path: (string | number)[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return `number ${value}`;
  return typeof value;
}
