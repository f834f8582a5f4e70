/**
 * The shapes that cross the HyperSKU edge (docs/hypersku-contract.md, "Operations").
 *
 * Requests (2.2, 2.4-2.6) are ours to build: every field has the spec's type; see 2.6 for which are required.
 *
 * Responses (2.3, 2.7 and the unpublished ones) are HyperSKU's, parsed by one rule (docs/hypersku-contract.md, "Reading answers":
 * "parse strictly only the fields the app uses"):
 * - fields that decide what the app does (ids, statuses, quantities, tracking, token and lifetimes) are
 *   strict: a value of the wrong type fails the call. Numbers sent as numeric strings, and ids sent as
 *   numbers where a string is expected, are coerced, since the meaning is unambiguous;
 * - fields the app only stores or shows (addresses, titles, amounts, date-times, scope, userId) are
 *   tolerant: an unexpected format becomes null (or is coerced when unambiguous) and never fails a call;
 * - every object keeps unknown fields; any field may be missing or null.
 * Date-times are read from ISO 8601, `YYYY-MM-DD HH:mm:ss` (no zone published: read as UTC) or epoch
 * seconds / milliseconds; anything else becomes null.
 */
import { z } from "zod";
import {
  strictNum,
  idNum,
  strictStr,
  tolerant,
  str,
  num,
  bool,
  dateTime,
  listOf,
  tolerantObject,
  shownObject,
  shownList,
} from "./wire-fields";

export { listOf, normalizeList } from "./wire-fields";

// ---- Requests --------------------------------------------------------------------------------

/** 2.2: body of `accessToken`. */
export const tokenRequestSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  code: z.string(),
});

/**
 * 2.6. The spec does not say which request fields are required; the contract's twin demands the ones
 * without `?` here (plus a first or last name), so everything else may be left out rather than sent empty.
 */
export const externalShippingAddressSchema = z.object({
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  countryCode: z.string(),
  countryName: z.string().optional(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  idNo: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  province: z.string().optional(),
  taxNo: z.string().optional(),
  zip: z.string().optional(),
});

/** 2.5 */
const externalLineItemSchema = z.object({
  price: z.number(),
  productUrl: z.string().optional(),
  quantity: z.number(),
  storeOrderLineItemId: z.string(),
  storeProductId: z.string().optional(),
  storeSkuId: z.string().optional(),
  storeVariantId: z.string().optional(),
  title: z.string().optional(),
  variantAttr: z.string().optional(),
  variantImg: z.string().optional(),
});

/** 2.4: body of `createOrderFromExternal`. `createdAt`/`paidAt`: ISO 8601 with a zone (contract). */
export const externalOrderSchema = z.object({
  createdAt: z.string().optional(),
  currency: z.string().optional(),
  isPaid: z.boolean().optional(),
  lineItems: z.array(externalLineItemSchema),
  paidAt: z.string().optional(),
  platform: z.number().optional(),
  shippingAddress: externalShippingAddressSchema,
  status: z.string().optional(),
  storeCode: z.string(),
  storeName: z.string().optional(),
  storeOrderId: z.string(),
  storeOrderNo: z.string().optional(),
  taxAmount: z.number().optional(),
  totalPrice: z.number().optional(),
  totalShippingPrice: z.number().optional(),
});

// ---- 2.3 token response ----------------------------------------------------------------------

/**
 * Used: `accessToken` (indispensable), `refreshToken`, and the lifetimes (seconds, contract; missing =
 * unknown). Shown only: `scope`, `userId` (HyperSKU may send the user id as a number: it becomes text).
 */
export const tokenResponseSchema = z.looseObject({
  accessToken: z.string().min(1),
  expiresIn: strictNum,
  refreshToken: z.string().nullish(),
  refreshTokenExpireIn: strictNum,
  scope: str,
  userId: str,
});

// ---- 2.7 order -------------------------------------------------------------------------------

/**
 * Used to build parcels and fulfillments: which line, how many units (storeOrderLineItemId, lineItemId,
 * skuId, num). The rest is shown only.
 */
export const shippingItemSchema = z.looseObject({
  imgUrl: str,
  lineItemId: idNum,
  num: strictNum,
  skuId: idNum,
  skuProductUrl: str,
  spuId: num,
  status: num,
  statusDes: str,
  storeOrderLineItemId: strictStr,
  storeProductId: str,
  storeSkuId: str,
  storeVariantId: str,
  title: str,
  variantTitle: str,
});

/** Used: which order the parcel belongs to, its items and its tracking (sent on to Shopify). */
export const logisticsItemSchema = z.looseObject({
  orderId: idNum,
  shippingItems: z.array(shippingItemSchema).nullish(),
  trackingCompany: strictStr,
  trackingNumber: strictStr,
  trackingUrl: strictStr,
});

/** Shown only. */
export const orderAddressInfoSchema = z.looseObject({
  address1: str,
  address2: str,
  city: str,
  countryCode: str,
  countryName: str,
  firstName: str,
  idNo: str,
  lastName: str,
  phone: str,
  province: str,
  region: str,
  taxNo: str,
  vatNo: str,
  zip: str,
});

/** Everything of orderBaseInfo the app only stores or shows. */
const shownBaseInfo = {
  actualAmount: num,
  amount: num,
  createTime: dateTime,
  currencyCode: str,
  currencySymbol: str,
  freight: num,
  goodsAmount: num,
  isPaid: bool,
  logisticsName: str,
  payTime: dateTime,
  platform: num,
  platformDesc: str,
  purchaseTime: dateTime,
  shelfTime: dateTime,
  storeOrderNo: str,
};

/** Used: which HyperSKU order, for which store order, in which state. */
export const orderBaseInfoSchema = z.looseObject({
  ...shownBaseInfo,
  orderId: idNum,
  status: strictNum,
  statusDesc: strictStr,
  storeOrderId: strictStr,
});

/** Shown only. */
export const orderItemInfoSchema = z.looseObject({
  currencyCode: str,
  currencySymbol: str,
  goodsAttr: str,
  goodsId: num,
  id: num,
  imgUrl: str,
  productId: num,
  quantity: num,
  status: num,
  statusDes: str,
  storeOrderLineItemId: str,
  storeProductId: str,
  storeSkuId: str,
  storeVariantId: str,
  title: str,
  type: num,
  unitPrice: num,
});

/** An order as lookups list it: strict on what the app decides with, tolerant on what it shows. */
export const orderSchema = z.looseObject({
  logisticsItems: z.array(logisticsItemSchema).nullish(),
  orderAddressInfo: shownObject(orderAddressInfoSchema),
  orderBaseInfo: orderBaseInfoSchema.nullish(),
  orderItemInfos: shownList(orderItemInfoSchema),
});

/**
 * The answer of createOrderFromExternal, as proof that HyperSKU holds the order: `orderBaseInfo.orderId`
 * present (a whole number > 0, or a string of digits), and `orderBaseInfo.storeOrderId`, when present,
 * the one we sent. Anything else (`data: {}`, `data: null`, an id elsewhere, another store order) is not
 * a success: the caller must look the order up (issue 14, item 2). Nothing else of the answer is
 * needed at this point, so everything else is tolerant: status and parcels come from later lookups.
 */
export function createdOrderSchema(storeOrderId: string) {
  const proofId = z.union([
    z.number().int().positive(),
    z
      .string()
      .trim()
      .regex(/^[1-9]\d*$/)
      .transform((value) => Number(value)),
  ]);
  const baseInfo = z.looseObject({
    ...shownBaseInfo,
    orderId: proofId.refine(Number.isSafeInteger, "orderId is not a safe integer"),
    status: num,
    statusDesc: str,
    storeOrderId: z
      .union([z.string(), z.number().transform((value) => String(value))])
      .nullish()
      .refine((value) => value == null || value.trim() === storeOrderId, "the answer names another storeOrderId"),
  });
  return z.looseObject({
    logisticsItems: shownList(logisticsItemSchema),
    orderAddressInfo: shownObject(orderAddressInfoSchema),
    orderBaseInfo: baseInfo,
    orderItemInfos: shownList(orderItemInfoSchema),
  });
}

// ---- Unpublished results (contract table; tolerant) ------------------------------------------

/** Used by the status sync: all four fields. */
const orderStatusInfoSchema = z.looseObject({
  orderId: idNum,
  status: strictNum,
  statusDesc: strictStr,
  storeOrderId: strictStr,
});

/** Used: the state the order is in after cancelling. */
export const cancelOrderResultSchema = tolerantObject(z.looseObject({ orderId: idNum, status: strictNum, statusDesc: strictStr }));

/** Stored only. */
export const updateOrderAddressResultSchema = tolerantObject(orderAddressInfoSchema);

/** A stock order (OrderInventoryResult; fields inferred): shown only. */
const stockOrderInfoSchema = z.looseObject({ orderId: num, status: num, statusDesc: str, amount: num, currencyCode: str });

/** Counted only (connection test). */
const countryCodeSchema = z.looseObject({ countryCode: str, countryName: str });

/**
 * A shipping method for some SKUs to one country. Used (shown as the choice and its price): the method's
 * name and the freight; currency and the delivery days as numbers are shown only (`deliveryDays` is the
 * text HyperSKU gives, e.g. "7-15").
 */
const logisticsSkuOptionSchema = z.looseObject({
  logisticsName: strictStr,
  freight: strictNum,
  currencyCode: str,
  deliveryDays: tolerant((value): number | string | null => (typeof value === "number" || typeof value === "string" ? value : null)),
  minDeliveryDays: num,
  maxDeliveryDays: num,
});

export const orderListSchema = listOf(orderSchema);
export const orderStatusListSchema = listOf(orderStatusInfoSchema);
export const logisticsItemListSchema = listOf(logisticsItemSchema);
export const stockOrderInfoListSchema = listOf(stockOrderInfoSchema);
export const countryCodeListSchema = listOf(countryCodeSchema);
export const logisticsSkuOptionListSchema = listOf(logisticsSkuOptionSchema);

// ---- Types -----------------------------------------------------------------------------------

export type ExternalOrder = z.infer<typeof externalOrderSchema>;
export type ExternalLineItem = z.infer<typeof externalLineItemSchema>;
export type ExternalShippingAddress = z.infer<typeof externalShippingAddressSchema>;
export type TokenResponse = z.output<typeof tokenResponseSchema>;
export type HyperskuOrder = z.output<typeof orderSchema>;
/** A create's answer that proves the order exists (see createdOrderSchema). */
export type HyperskuCreatedOrder = z.output<ReturnType<typeof createdOrderSchema>>;
export type HyperskuLogisticsItem = z.output<typeof logisticsItemSchema>;
export type HyperskuShippingItem = z.output<typeof shippingItemSchema>;
export type OrderStatusInfo = z.output<typeof orderStatusInfoSchema>;
export type CancelOrderResult = z.output<typeof cancelOrderResultSchema>;
export type UpdateOrderAddressResult = z.output<typeof updateOrderAddressResultSchema>;
export type StockOrderInfo = z.output<typeof stockOrderInfoSchema>;
export type CountryCode = z.output<typeof countryCodeSchema>;
export type LogisticsSkuOption = z.output<typeof logisticsSkuOptionSchema>;
