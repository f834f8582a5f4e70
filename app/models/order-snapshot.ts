/**
 * The app's own picture of a Shopify order: what it stores, decides on and maps to HyperSKU.
 * Both Shopify shapes (the REST-shaped order webhook and the Admin GraphQL `Order`) are parsed into
 * this one type (by app/domain/orders/parse-*.ts), so nothing downstream knows which one it came from.
 *
 * Conventions (no Shopify wire quirks past the parsers):
 * - ids are Shopify's numeric ids as strings ("450789469"), never GIDs, never JS numbers;
 * - instants are ISO 8601 in UTC with `Z` ("2024-05-01T12:00:00.000Z"), or null when unknown;
 * - statuses are lowercase snake case ("paid", "partially_refunded", "partially_fulfilled");
 * - money is a decimal string with exactly the currency's decimals ("19.99", "1500" for JPY), in the
 *   order's presentment currency (what the buyer saw and paid), or null when the payload lacks it.
 *   Strings keep amounts exact; arithmetic happens in integer minor units (app/domain/orders/money.ts).
 */

/** A decimal string with the currency's number of decimals, e.g. "19.99". */
type DecimalAmount = string;

export type NameValue = { name: string; value: string };

export type ShopifyAddressSnapshot = {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  /** ISO 3166-1 alpha-2 as Shopify gives it ("US"). */
  countryCode: string | null;
  zip: string | null;
  phone: string | null;
};

export type ShopifyLineItemSnapshot = {
  id: string;
  productId: string | null;
  variantId: string | null;
  sku: string | null;
  /** The product's title at order time. */
  title: string;
  variantTitle: string | null;
  /** Shopify's display name, usually "Product - Variant". */
  name: string | null;
  /** The variant's options ("Color" = "Blue"), when the source says (GraphQL does, REST does not). */
  options: NameValue[];
  /** Custom line item properties from the storefront (engraving text etc.). */
  properties: NameValue[];
  /** Units ordered, including later refunded or removed units. */
  quantity: number;
  /** Units still on the order after edits and refunds; null when the source does not say. */
  currentQuantity: number | null;
  /** Units still waiting to be fulfilled; null when the source does not say. */
  fulfillableQuantity: number | null;
  /** Units refunded (order-edit removals show up here too), summed over all refunds. */
  refundedQuantity: number;
  requiresShipping: boolean;
  isGiftCard: boolean;
  /** Price of one unit before discounts. */
  unitPrice: DecimalAmount | null;
  /** All discounts allocated to this line (line and order level), over all its units. */
  discountTotal: DecimalAmount;
  productHandle: string | null;
  imageUrl: string | null;
};

/**
 * How the buyer gets the goods. Only "shipping" is a parcel HyperSKU can send; "pickup" (the buyer
 * collects them, or bought them in the store) and "local_delivery" (the merchant's own drivers) are not.
 */
export type DeliveryMethod = "shipping" | "pickup" | "local_delivery";

export type ShopifyOrderSnapshot = {
  shopifyOrderId: string;
  adminGraphqlId: string;
  /** "#1001" */
  name: string | null;
  orderNumber: number | null;
  createdAt: string | null;
  processedAt: string | null;
  updatedAt: string | null;
  cancelledAt: string | null;
  closedAt: string | null;
  /** When the order became paid, when the source says (GraphQL transactions); REST webhooks do not. */
  paidAt: string | null;
  financialStatus: string | null;
  fulfillmentStatus: string;
  test: boolean;
  tags: string[];
  /** The order's contact e-mail, falling back to the customer's. */
  email: string | null;
  /** The order's phone, falling back to the customer's. */
  phone: string | null;
  /**
   * Shopify's customer id ("207119551"), when the source says: REST webhooks carry it; the Admin
   * GraphQL read does not (its `customer` needs the read_customers scope). Absent in older snapshots.
   */
  customerId?: string | null;
  /** Presentment currency: the one the buyer paid in. All amounts below are in it. */
  currency: string | null;
  shopCurrency: string | null;
  /**
   * Money (docs/hypersku-contract.md, "Money"; app/domain/orders/order-money.ts puts it together):
   * Σ line (unitPrice × quantity − discountTotal − its share of unallocatedDiscount) + totalShipping
   * + (totalTax unless taxesIncluded) + totalDuties + totalTip = totalPrice, all as placed.
   */
  totalPrice: DecimalAmount | null;
  /**
   * What the order comes to now, after refunds, returns and edits (REST `current_total_price_set`,
   * GraphQL `currentTotalPriceSet`): 0 once it is fully refunded. Null when unreadable; absent in
   * older snapshots (not known).
   */
  currentTotalPrice?: DecimalAmount | null;
  totalTax: DecimalAmount | null;
  /** Shipping after shipping discounts (a free-shipping code makes it 0). Older snapshots may hold it before them. */
  totalShipping: DecimalAmount | null;
  /** Every discount on the order (line, order and shipping level), as Shopify totals it. */
  totalDiscounts: DecimalAmount | null;
  /** Whether line prices and shipping include tax (REST `taxes_included`, GraphQL `taxesIncluded`). Absent in older snapshots: false. */
  taxesIncluded?: boolean;
  /** Duties charged at checkout, as placed ("0.00" when none); null when unreadable; absent in older snapshots (none). */
  totalDuties?: DecimalAmount | null;
  /** Tips received ("0.00" when none); null when unknown (REST gives tips only in the shop's currency); absent in older snapshots (none). */
  totalTip?: DecimalAmount | null;
  /**
   * An order-level discount that the payload gives only as a total, allocated to no line (older REST
   * payloads without `discount_allocations`). order-money.ts shares it over the lines cent-exactly.
   */
  unallocatedDiscount?: DecimalAmount | null;
  lineItems: ShopifyLineItemSnapshot[];
  shippingAddress: ShopifyAddressSnapshot | null;
  noteAttributes: NameValue[];
  /** The order note (the customer's or the staff's). HyperSKU's request has no field for it. Absent in older snapshots. */
  note?: string | null;
  /** Absent in snapshots stored before the app read it: those count as "shipping". */
  deliveryMethod?: DeliveryMethod;
  /** True when Shopify's answer held only the first of the order's lines (an Admin read's size limit). */
  lineItemsTruncated?: boolean;
};
