/**
 * Which fields of what the app stores about an order are personal, and how each is erased: the one
 * list anonymise.ts works from. Three shapes: the Shopify order (Order.snapshot), the request sent
 * to HyperSKU (Order.sentRequest) and HyperSKU's answer as stored (Order.hyperskuResponse,
 * app/domain/orders/stored-hypersku-order.ts). Pure data.
 *
 * Every field of each shape is named (`Record<keyof ...>`): a field added to a shape's type does
 * not compile until it is classified here, personal or not. A stored field the list does not name
 * (written by an older version) is dropped by the erasure, never kept unexamined.
 */
import type {
  ExternalLineItem,
  ExternalOrder,
  ExternalShippingAddress,
  logisticsItemSchema,
  orderAddressInfoSchema,
  orderBaseInfoSchema,
  orderItemInfoSchema,
  orderSchema,
  shippingItemSchema,
} from "~/integrations/hypersku/schemas";
import type { NameValue, ShopifyAddressSnapshot, ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

/**
 * How one field is erased:
 * - "keep": not personal (ids, order name, dates, statuses, amounts, items, country);
 * - "null": a personal value (a name, an address line, an e-mail, a phone, a tax or ID number): null;
 * - "omit": the same, in a request whose fields are optional: left out;
 * - "redact": text the customer wrote (the order note, attribute and property values): "[redacted]".
 *   These three are also searched for, and replaced, in the order's free text (timeline, errors);
 * - "redact-whole": text holding the customer's words among others (the variant with an engraving):
 *   "[redacted]", and not searched for elsewhere, where its other words would be erased too.
 */
type Erasure = "keep" | "null" | "omit" | "redact" | "redact-whole";

/** A field's rule: an erasure, an object's fields (each by its rule), or a list's elements. */
export type FieldRule = Erasure | { fields: Readonly<Record<string, FieldRule>> } | { each: FieldRule };

/** An object's rules, one for every field of `T`. */
const fields = <T>(rules: Record<keyof T, FieldRule>): { fields: Readonly<Record<string, FieldRule>> } => ({
  fields: rules as Record<string, FieldRule>,
});
const each = (rule: FieldRule): FieldRule => ({ each: rule });
/** The keys of a zod object schema's shape (HyperSKU's answers are loose objects: their types take any key). */
type ShapeOf<S extends { shape: object }> = S["shape"];

/** Attributes and properties: the name is the store's (a form field), the value what the customer typed. */
const customerEntry = fields<NameValue>({ name: "keep", value: "redact" });

const SNAPSHOT_ADDRESS = fields<ShopifyAddressSnapshot>({
  firstName: "null",
  lastName: "null",
  company: "null",
  address1: "null",
  address2: "null",
  city: "null",
  province: "null",
  provinceCode: "null",
  country: "keep",
  countryCode: "keep",
  zip: "null",
  phone: "null",
});

const SNAPSHOT_LINE_ITEM = fields<ShopifyLineItemSnapshot>({
  id: "keep",
  productId: "keep",
  variantId: "keep",
  sku: "keep",
  title: "keep",
  variantTitle: "keep",
  name: "keep",
  // The variant's options (product data), unlike the properties the customer entered.
  options: "keep",
  properties: each(customerEntry),
  quantity: "keep",
  currentQuantity: "keep",
  fulfillableQuantity: "keep",
  refundedQuantity: "keep",
  requiresShipping: "keep",
  isGiftCard: "keep",
  unitPrice: "keep",
  discountTotal: "keep",
  productHandle: "keep",
  imageUrl: "keep",
});

export const SNAPSHOT_FIELDS = fields<ShopifyOrderSnapshot>({
  shopifyOrderId: "keep",
  adminGraphqlId: "keep",
  name: "keep",
  orderNumber: "keep",
  createdAt: "keep",
  processedAt: "keep",
  updatedAt: "keep",
  cancelledAt: "keep",
  closedAt: "keep",
  paidAt: "keep",
  financialStatus: "keep",
  fulfillmentStatus: "keep",
  test: "keep",
  // The merchant's labels for the order.
  tags: "keep",
  email: "null",
  phone: "null",
  // Shopify's number for the customer, not who they are; kept like the order's own ids, so a later
  // request naming the customer still finds the order (customer-match.ts).
  customerId: "keep",
  currency: "keep",
  shopCurrency: "keep",
  totalPrice: "keep",
  currentTotalPrice: "keep",
  totalTax: "keep",
  totalShipping: "keep",
  totalDiscounts: "keep",
  taxesIncluded: "keep",
  totalDuties: "keep",
  totalTip: "keep",
  unallocatedDiscount: "keep",
  lineItems: each(SNAPSHOT_LINE_ITEM),
  shippingAddress: SNAPSHOT_ADDRESS,
  noteAttributes: each(customerEntry),
  // Whoever wrote it (the customer or the staff), it is about the customer: names, phones, door codes.
  note: "redact",
  deliveryMethod: "keep",
  lineItemsTruncated: "keep",
});

const SENT_ADDRESS = fields<ExternalShippingAddress>({
  address1: "omit",
  address2: "omit",
  city: "omit",
  countryCode: "keep",
  countryName: "keep",
  email: "omit",
  firstName: "omit",
  idNo: "omit",
  lastName: "omit",
  phone: "omit",
  province: "omit",
  taxNo: "omit",
  zip: "omit",
});

const SENT_LINE_ITEM = fields<ExternalLineItem>({
  price: "keep",
  productUrl: "keep",
  quantity: "keep",
  storeOrderLineItemId: "keep",
  storeProductId: "keep",
  storeSkuId: "keep",
  storeVariantId: "keep",
  title: "keep",
  // The variant and what the customer entered for the item, one line, clipped (map-line-items.ts):
  // a form searching for the entered values can miss. The variant stays on the snapshot.
  variantAttr: "redact-whole",
  variantImg: "keep",
});

export const SENT_REQUEST_FIELDS = fields<ExternalOrder>({
  createdAt: "keep",
  currency: "keep",
  isPaid: "keep",
  lineItems: each(SENT_LINE_ITEM),
  paidAt: "keep",
  platform: "keep",
  shippingAddress: SENT_ADDRESS,
  status: "keep",
  storeCode: "keep",
  // The merchant's shop, not the customer.
  storeName: "keep",
  storeOrderId: "keep",
  storeOrderNo: "keep",
  taxAmount: "keep",
  totalPrice: "keep",
  totalShippingPrice: "keep",
});

// storeCode is stored beside the spec's fields when HyperSKU sends it (stored-hypersku-order.ts).
const ANSWER_BASE_INFO = fields<ShapeOf<typeof orderBaseInfoSchema> & { storeCode: unknown }>({
  actualAmount: "keep",
  amount: "keep",
  createTime: "keep",
  currencyCode: "keep",
  currencySymbol: "keep",
  freight: "keep",
  goodsAmount: "keep",
  isPaid: "keep",
  logisticsName: "keep",
  payTime: "keep",
  platform: "keep",
  platformDesc: "keep",
  purchaseTime: "keep",
  shelfTime: "keep",
  storeOrderNo: "keep",
  orderId: "keep",
  status: "keep",
  statusDesc: "keep",
  storeOrderId: "keep",
  storeCode: "keep",
});

const ANSWER_ADDRESS = fields<ShapeOf<typeof orderAddressInfoSchema>>({
  address1: "null",
  address2: "null",
  city: "null",
  countryCode: "keep",
  countryName: "keep",
  firstName: "null",
  idNo: "null",
  lastName: "null",
  phone: "null",
  province: "null",
  region: "null",
  taxNo: "null",
  vatNo: "null",
  zip: "null",
});

const ANSWER_ITEM = fields<ShapeOf<typeof orderItemInfoSchema>>({
  currencyCode: "keep",
  currencySymbol: "keep",
  // HyperSKU's copy of the variantAttr we sent (with the customer's entries).
  goodsAttr: "redact-whole",
  goodsId: "keep",
  id: "keep",
  imgUrl: "keep",
  productId: "keep",
  quantity: "keep",
  status: "keep",
  statusDes: "keep",
  storeOrderLineItemId: "keep",
  storeProductId: "keep",
  storeSkuId: "keep",
  storeVariantId: "keep",
  title: "keep",
  type: "keep",
  unitPrice: "keep",
});

const ANSWER_SHIPPING_ITEM = fields<ShapeOf<typeof shippingItemSchema>>({
  imgUrl: "keep",
  lineItemId: "keep",
  num: "keep",
  skuId: "keep",
  skuProductUrl: "keep",
  spuId: "keep",
  status: "keep",
  statusDes: "keep",
  storeOrderLineItemId: "keep",
  storeProductId: "keep",
  storeSkuId: "keep",
  storeVariantId: "keep",
  title: "keep",
  // HyperSKU's copy of the variantAttr we sent, like goodsAttr.
  variantTitle: "redact-whole",
});

const ANSWER_PARCEL = fields<ShapeOf<typeof logisticsItemSchema>>({
  orderId: "keep",
  shippingItems: each(ANSWER_SHIPPING_ITEM),
  trackingCompany: "keep",
  trackingNumber: "keep",
  trackingUrl: "keep",
});

export const HYPERSKU_ANSWER_FIELDS = fields<ShapeOf<typeof orderSchema>>({
  logisticsItems: each(ANSWER_PARCEL),
  orderAddressInfo: ANSWER_ADDRESS,
  orderBaseInfo: ANSWER_BASE_INFO,
  orderItemInfos: each(ANSWER_ITEM),
});
