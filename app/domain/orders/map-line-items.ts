/**
 * Which line items HyperSKU should buy and ship, and each as its LineItem (docs/hypersku-contract.md, "Operations").
 * Left out, each with its reason: gift cards, items that need no shipping (digital goods, services),
 * items refunded or removed by an order edit, items with nothing left to fulfill. Each item that goes
 * carries the variant and what the customer entered for it (engraving, gift message, file links) in
 * `variantAttr`, where the agent reads the item: the request has no field of its own for them.
 */
import type { ExternalLineItem } from "~/integrations/hypersku/schemas";
import { compact } from "./compact";
import { LINE_SKIP_REASONS, type LineSkipCode, type MapReasonCode } from "./describe-problems";
import { currencyDecimals, minorUnitsToNumber } from "./money";
import { lineMoney } from "./order-money";
import type { RouteSkipCode } from "./route-lines";
import type { ShopifyLineItemSnapshot } from "~/models/order-snapshot";

export type SkippedLineItem = { lineItemId: string; title: string; code: LineSkipCode | RouteSkipCode; reason: string };

/**
 * Units still to ship: the smallest of what Shopify says is fulfillable, what is still on the order,
 * and what was ordered minus what was refunded. Each source misses some case (older payloads lack
 * `current_quantity`, fulfillable counts ignore some refunds), and sending too many units costs the
 * merchant real money, so the most cautious count wins.
 */
export function shippableQuantity(item: ShopifyLineItemSnapshot): number {
  const bounds = [item.quantity - item.refundedQuantity];
  if (item.currentQuantity !== null) bounds.push(item.currentQuantity);
  if (item.fulfillableQuantity !== null) bounds.push(item.fulfillableQuantity);
  return Math.max(0, Math.min(...bounds));
}

export function lineSkipCode(item: ShopifyLineItemSnapshot): LineSkipCode | null {
  if (item.isGiftCard) return "gift_card";
  if (!item.requiresShipping) return "no_shipping_required";
  if (item.refundedQuantity > 0 && item.refundedQuantity >= item.quantity) return "refunded";
  if (item.currentQuantity === 0 || item.quantity === 0) return "removed";
  if (shippableQuantity(item) === 0) return "fulfilled";
  return null;
}

/** A custom line item (added by hand in the admin) names no product or variant for the agent to buy. */
function isCustomLineItem(item: ShopifyLineItemSnapshot): boolean {
  return !item.productId && !item.variantId;
}

/**
 * Why a line names nothing for the agent to buy, or null when it names a product or a variant.
 * Shopify clears a line's product and variant when the product is deleted after the order, so such a
 * line looks like a custom item; what the line keeps of the product (its SKU, its variant's title or
 * options, its handle) tells it was one. A deleted product with one variant and no SKU leaves no
 * trace: it reads as a custom item, whose message names both cases (describe-problems.ts).
 */
export function missingProductCode(item: ShopifyLineItemSnapshot): Extract<MapReasonCode, "custom_line_item" | "product_deleted"> | null {
  if (!isCustomLineItem(item)) return null;
  const traces = [item.sku, item.productHandle, variantText(item)].some((value) => Boolean(value?.trim()));
  return traces ? "product_deleted" : "custom_line_item";
}

/** "Blue / L" as Shopify names the variant, else "Color: Blue / Size: L"; nothing for "Default Title". */
function variantText(item: ShopifyLineItemSnapshot): string | undefined {
  const title = item.variantTitle?.trim();
  if (title && title !== "Default Title") return title;
  const options = item.options
    .map((option) => ({ name: option.name.trim(), value: option.value.trim() }))
    .filter((option) => option.value && option.value !== "Default Title")
    .map((option) => (option.name ? `${option.name}: ${option.value}` : option.value));
  return options.length > 0 ? options.join(" / ") : undefined;
}

/** One entered value at most this long (a gift message, a file link), the whole attribute at most this. */
const PROPERTY_VALUE_MAX = 500;
const VARIANT_ATTR_MAX = 1_000;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * What the customer entered for the item, as "Name: value". Properties whose name starts with `_`
 * are the store's own (apps' bookkeeping, hidden at checkout) and stay out.
 */
function personalisation(item: ShopifyLineItemSnapshot): string[] {
  return item.properties
    .map((property) => ({ name: oneLine(property.name), value: oneLine(property.value) }))
    .filter((property) => property.name && !property.name.startsWith("_") && property.value)
    .map((property) => `${property.name}: ${clip(property.value, PROPERTY_VALUE_MAX)}`);
}

/** The variant, then the customer's entries: "Blue / L | Engraving: Ada | Gift message: Happy birthday". */
export function variantAttr(item: ShopifyLineItemSnapshot): string | undefined {
  const parts = [variantText(item), ...personalisation(item)].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? clip(parts.join(" | "), VARIANT_ATTR_MAX) : undefined;
}

/**
 * One unit's price after every discount allocated to the line: the line's discounted total (its
 * allocations cover all units ordered) divided over `quantity`, rounded half up to the currency's
 * minor unit (order-money.ts; price × quantity misses the line's total by at most quantity / 2 minor units).
 */
export function unitPriceAfterDiscounts(item: ShopifyLineItemSnapshot, currency: string): number | null {
  const unit = lineMoney(item, currency).discountedUnitPrice;
  return unit === null ? null : minorUnitsToNumber(unit, currencyDecimals(currency));
}

export function productUrl(shopDomain: string, handle: string | null): string | undefined {
  return handle ? `https://${shopDomain}/products/${encodeURIComponent(handle)}` : undefined;
}

/**
 * `context.price`, when given, is the line's unit price after discounts in minor units as the order's
 * money breakdown has it (with its share of an order discount given only as a total); else the line's own.
 * `context.quantity`: the units routing leaves for HyperSKU (route-lines.ts); by default all still to ship.
 */
export function mapLineItem(
  item: ShopifyLineItemSnapshot,
  context: { shopDomain: string; currency: string; price?: number | null; quantity?: number },
): ExternalLineItem | null {
  const price =
    context.price === undefined
      ? unitPriceAfterDiscounts(item, context.currency)
      : context.price === null
        ? null
        : minorUnitsToNumber(context.price, currencyDecimals(context.currency));
  if (price === null) return null;
  return compact({
    storeOrderLineItemId: item.id,
    storeProductId: item.productId ?? undefined,
    storeVariantId: item.variantId ?? undefined,
    storeSkuId: item.sku?.trim() || undefined,
    title: item.title.trim() || undefined,
    variantAttr: variantAttr(item),
    variantImg: item.imageUrl ?? undefined,
    productUrl: productUrl(context.shopDomain, item.productHandle),
    price,
    quantity: context.quantity ?? shippableQuantity(item),
  });
}

/**
 * A Shopify product title has at most 255 characters; HyperSKU publishes no limit for `title`. A line
 * titled longer (written by an app or an import, not the product editor) is sent whole, with a warning.
 */
export const TITLE_WARN_LENGTH = 255;

/** What the merchant should know about a line as it is sent; empty when nothing. */
export function lineItemWarnings(line: Pick<ExternalLineItem, "title" | "storeOrderLineItemId">): string[] {
  const length = line.title ? [...line.title].length : 0;
  if (length <= TITLE_WARN_LENGTH) return [];
  const start = clip(oneLine(line.title ?? ""), 60);
  return [
    `The item “${start}” has a title of ${length} characters, longer than the ${TITLE_WARN_LENGTH} Shopify allows a product title. ` +
      "HyperSKU publishes no limit and may cut it; it buys by the product and variant sent with it, so check at HyperSKU that the order shows the right product.",
  ];
}

export function skippedLineItem(item: ShopifyLineItemSnapshot, code: LineSkipCode): SkippedLineItem {
  return { lineItemId: item.id, title: item.title, code, reason: LINE_SKIP_REASONS[code] };
}
