/**
 * The parts of Shopify's REST-shaped order webhook payload (orders/create, paid, updated, cancelled;
 * API 2026-10) that we read. Unknown fields are ignored; nearly everything may be absent or null.
 * https://shopify.dev/docs/api/admin-rest/latest/resources/order
 */
import { z } from "zod";
import { amount, attributeValue, count, currencyCode, flag, isoDateTime, numericId, text } from "./wire-values";

const restMoney = z.object({ amount: amount.nullish(), currency_code: currencyCode.nullish() });

const restMoneySetSchema = z.object({
  shop_money: restMoney.nullish(),
  presentment_money: restMoney.nullish(),
});

const nameValue = z.object({ name: text, value: attributeValue });

const restLineItemSchema = z.object({
  id: numericId,
  product_id: numericId.nullish(),
  variant_id: numericId.nullish(),
  sku: text,
  title: text,
  variant_title: text,
  name: text,
  quantity: count,
  current_quantity: count.nullish(),
  fulfillable_quantity: count.nullish(),
  requires_shipping: flag,
  gift_card: flag,
  price: amount.nullish(),
  price_set: restMoneySetSchema.nullish(),
  total_discount: amount.nullish(),
  total_discount_set: restMoneySetSchema.nullish(),
  discount_allocations: z.array(z.object({ amount: amount.nullish(), amount_set: restMoneySetSchema.nullish() })).nullish(),
  properties: z.array(nameValue).nullish(),
});

const restAddressSchema = z.object({
  first_name: text,
  last_name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  province_code: text,
  country: text,
  country_code: text,
  zip: text,
  phone: text,
});

export const restOrderSchema = z.object({
  id: numericId,
  admin_graphql_api_id: text,
  name: text,
  order_number: count.nullish(),
  created_at: isoDateTime.nullish(),
  processed_at: isoDateTime.nullish(),
  updated_at: isoDateTime.nullish(),
  cancelled_at: isoDateTime.nullish(),
  closed_at: isoDateTime.nullish(),
  financial_status: text,
  fulfillment_status: text,
  test: flag,
  tags: z.union([z.string(), z.array(z.string())]).nullish(),
  email: text,
  contact_email: text,
  phone: text,
  currency: currencyCode.nullish(),
  presentment_currency: currencyCode.nullish(),
  total_price: amount.nullish(),
  total_tax: amount.nullish(),
  total_discounts: amount.nullish(),
  total_price_set: restMoneySetSchema.nullish(),
  current_total_price: amount.nullish(),
  current_total_price_set: restMoneySetSchema.nullish(),
  total_tax_set: restMoneySetSchema.nullish(),
  total_shipping_price_set: restMoneySetSchema.nullish(),
  total_discounts_set: restMoneySetSchema.nullish(),
  taxes_included: flag,
  original_total_duties_set: restMoneySetSchema.nullish(),
  current_total_duties_set: restMoneySetSchema.nullish(),
  total_tip_received: amount.nullish(),
  line_items: z.array(restLineItemSchema),
  shipping_address: restAddressSchema.nullish(),
  customer: z.object({ id: z.union([z.number(), z.string()]).nullish(), email: text, phone: text }).nullish(),
  refunds: z
    .array(
      z.object({
        refund_line_items: z.array(z.object({ line_item_id: numericId.nullish(), quantity: count.nullish() })).nullish(),
      }),
    )
    .nullish(),
  note: text,
  note_attributes: z.array(nameValue).nullish(),
  shipping_lines: z
    .array(
      z.object({
        price: amount.nullish(),
        price_set: restMoneySetSchema.nullish(),
        discounted_price: amount.nullish(),
        discounted_price_set: restMoneySetSchema.nullish(),
        discount_allocations: z.array(z.object({ amount: amount.nullish(), amount_set: restMoneySetSchema.nullish() })).nullish(),
        code: text,
        source: text,
        delivery_category: text,
      }),
    )
    .nullish(),
});

export type RestOrder = z.infer<typeof restOrderSchema>;
export type RestLineItem = z.infer<typeof restLineItemSchema>;
export type RestMoneySet = z.infer<typeof restMoneySetSchema>;
