/**
 * The mandatory compliance webhooks' payloads (customers/data_request, customers/redact,
 * shop/redact), parsed at the edge. Tolerant: ids arrive as numbers, unknown fields are kept, and
 * a missing list means "none". Pure.
 */
import { z } from "zod";

const id = z.union([z.number(), z.string()]).transform((value) => String(value));
const ids = z
  .array(id)
  .nullish()
  .transform((value) => value ?? []);
const customer = z
  .looseObject({ id: id.nullish(), email: z.string().nullish(), phone: z.string().nullish() })
  .nullish()
  .transform((value) => ({ id: value?.id ?? null, email: value?.email?.trim() || null, phone: value?.phone?.trim() || null }));

export const customersRedactSchema = z.looseObject({
  shop_domain: z.string().nullish(),
  customer,
  orders_to_redact: ids,
});

export const customersDataRequestSchema = z.looseObject({
  shop_domain: z.string().nullish(),
  customer,
  orders_requested: ids,
  data_request: z.looseObject({ id: id.nullish() }).nullish(),
});

export const shopRedactSchema = z.looseObject({ shop_domain: z.string().nullish(), shop_id: id.nullish() });
