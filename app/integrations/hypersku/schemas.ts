/**
 * The shapes that cross the HyperSKU edge (oms-service.md part 2, docs/hypersku-contract.md).
 *
 * Requests (2.2, 2.4-2.6) are ours to build: every field has the spec's type; see 2.6 for which are required.
 * Responses (2.3, 2.7 and the unpublished ones) are HyperSKU's: objects keep unknown fields, any field
 * may be missing or null, but a field that is present must have the spec's type. Date-times are ISO 8601
 * strings turned into Dates; a string that is not one fails validation instead of becoming Invalid Date.
 */
import { z } from "zod";

// ---- Requests --------------------------------------------------------------------------------

/** 2.2: body of `accessToken`. */
export const tokenRequestSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  code: z.string(),
});

/** Body of `refreshToken` (notes part 3: inferred). */
export const refreshTokenRequestSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  refreshToken: z.string(),
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
export const externalLineItemSchema = z.object({
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

// ---- Response building blocks ----------------------------------------------------------------

const str = z.string().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();

/** ISO 8601 date-time (Z or offset, any fraction) -> Date; absent/null stays so. */
export const dateTime = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .nullish();

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
function tolerantObject<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value !== null && typeof value === "object" ? value : {}), schema);
}

// ---- 2.3 token response ----------------------------------------------------------------------

/** Only `accessToken` is indispensable; lifetimes are seconds (contract), missing = unknown. */
export const tokenResponseSchema = z.looseObject({
  accessToken: z.string().min(1),
  expiresIn: num,
  refreshToken: str,
  refreshTokenExpireIn: num,
  scope: str,
  userId: str,
});

// ---- 2.7 order -------------------------------------------------------------------------------

export const shippingItemSchema = z.looseObject({
  imgUrl: str,
  lineItemId: num,
  num: num,
  skuId: num,
  skuProductUrl: str,
  spuId: num,
  status: num,
  statusDes: str,
  storeOrderLineItemId: str,
  storeProductId: str,
  storeSkuId: str,
  storeVariantId: str,
  title: str,
  variantTitle: str,
});

export const logisticsItemSchema = z.looseObject({
  orderId: num,
  shippingItems: z.array(shippingItemSchema).nullish(),
  trackingCompany: str,
  trackingNumber: str,
  trackingUrl: str,
});

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

export const orderBaseInfoSchema = z.looseObject({
  actualAmount: num,
  amount: num,
  createTime: dateTime,
  currencyCode: str,
  currencySymbol: str,
  freight: num,
  goodsAmount: num,
  isPaid: bool,
  logisticsName: str,
  orderId: num,
  payTime: dateTime,
  platform: num,
  platformDesc: str,
  purchaseTime: dateTime,
  shelfTime: dateTime,
  status: num,
  statusDesc: str,
  storeOrderId: str,
  storeOrderNo: str,
});

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

export const orderSchema = z.looseObject({
  logisticsItems: z.array(logisticsItemSchema).nullish(),
  orderAddressInfo: orderAddressInfoSchema.nullish(),
  orderBaseInfo: orderBaseInfoSchema.nullish(),
  orderItemInfos: z.array(orderItemInfoSchema).nullish(),
});

// ---- Unpublished results (contract table; tolerant) ------------------------------------------

export const orderStatusInfoSchema = z.looseObject({
  orderId: num,
  status: num,
  statusDesc: str,
  storeOrderId: str,
});

export const cancelOrderResultSchema = tolerantObject(
  z.looseObject({ orderId: num, status: num, statusDesc: str }),
);

export const updateOrderAddressResultSchema = tolerantObject(orderAddressInfoSchema);

export const stockOrderInfoSchema = z.looseObject({});

export const countryCodeSchema = z.looseObject({ countryCode: str, countryName: str });

export const logisticsSkuOptionSchema = z.looseObject({
  logisticsName: str,
  freight: num,
  deliveryDays: z.union([z.number(), z.string()]).nullish(),
});

export const orderListSchema = listOf(orderSchema);
export const orderStatusListSchema = listOf(orderStatusInfoSchema);
export const logisticsItemListSchema = listOf(logisticsItemSchema);
export const stockOrderInfoListSchema = listOf(stockOrderInfoSchema);
export const countryCodeListSchema = listOf(countryCodeSchema);
export const logisticsSkuOptionListSchema = listOf(logisticsSkuOptionSchema);

// ---- Types -----------------------------------------------------------------------------------

export type TokenRequest = z.infer<typeof tokenRequestSchema>;
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;
export type ExternalOrder = z.infer<typeof externalOrderSchema>;
export type ExternalLineItem = z.infer<typeof externalLineItemSchema>;
export type ExternalShippingAddress = z.infer<typeof externalShippingAddressSchema>;
export type TokenResponse = z.output<typeof tokenResponseSchema>;
export type HyperskuOrder = z.output<typeof orderSchema>;
export type HyperskuOrderBaseInfo = z.output<typeof orderBaseInfoSchema>;
export type HyperskuOrderAddressInfo = z.output<typeof orderAddressInfoSchema>;
export type HyperskuOrderItemInfo = z.output<typeof orderItemInfoSchema>;
export type HyperskuLogisticsItem = z.output<typeof logisticsItemSchema>;
export type HyperskuShippingItem = z.output<typeof shippingItemSchema>;
export type OrderStatusInfo = z.output<typeof orderStatusInfoSchema>;
export type CancelOrderResult = z.output<typeof cancelOrderResultSchema>;
export type UpdateOrderAddressResult = z.output<typeof updateOrderAddressResultSchema>;
export type StockOrderInfo = z.output<typeof stockOrderInfoSchema>;
export type CountryCode = z.output<typeof countryCodeSchema>;
export type LogisticsSkuOption = z.output<typeof logisticsSkuOptionSchema>;
