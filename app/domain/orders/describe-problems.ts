/**
 * Every reason an order is not sent to HyperSKU, in the merchant's words, with what to do about it.
 * One catalogue so the mapper, the forwarding decision and the app's screens say the same thing.
 * The records are keyed by code: adding a code without its sentences does not compile.
 */

/** Why an order cannot be turned into a HyperSKU request (map-order.ts). */
export type MapReasonCode =
  | "no_shipping_address"
  | "nothing_to_ship"
  | "not_for_hypersku"
  | "too_many_lines"
  | "missing_country"
  | "unrecognised_country"
  | "missing_address_line"
  | "missing_city"
  | "missing_name"
  | "missing_currency"
  | "missing_price"
  | "missing_shop_domain"
  | "custom_line_item"
  | "product_deleted"
  | "missing_zip_code"
  | "missing_postal_code"
  | "missing_state"
  | "missing_province";

/** Why an order is held back or left alone (decide-forwarding.ts). */
export type DecisionCode =
  | "awaiting_payment"
  | "cancelled"
  | "test_order"
  | "excluded_tag"
  | "refunded"
  | "payment_voided"
  | "fulfilled"
  | "closed"
  | "local_pickup"
  | "local_delivery";

/** Why one line item is left out of an order that is sent (map-line-items.ts). */
export type LineSkipCode = "gift_card" | "no_shipping_required" | "refunded" | "removed" | "fulfilled";

// --- Pre-send catalogue check (catalogue-check.ts; docs/decisions/0027) ---
/** Why the catalogue keeps an order from being sent (the order's reason names the products). */
type CatalogueCheckCode = "needs_sourcing" | "destination_not_supported" | "sku_not_offered" | "product_deleted";

const CATALOGUE_PROBLEMS: Record<CatalogueCheckCode, { problem: string; fix: string }> = {
  needs_sourcing: {
    problem: "HyperSKU has not sourced an item of this order yet, so the order waits.",
    fix: "Ask HyperSKU to source the product (import it there first if it is not): the order is sent by itself once it is sourced. Or choose Send anyway and HyperSKU sources it with the order.",
  },
  destination_not_supported: {
    problem: "HyperSKU does not ship an item of this order to its destination.",
    fix: "Correct the shipping address in Shopify if it is wrong, or ask HyperSKU to add the country or region for the product, then choose Retry.",
  },
  sku_not_offered: {
    problem: "HyperSKU no longer offers an item of this order (or could not source it).",
    fix: "Ask HyperSKU to source it again or offer a replacement, or replace the item in the order in Shopify, then choose Retry.",
  },
  product_deleted: {
    problem: "A product of this order was deleted in Shopify.",
    fix: "Replace the item in the order in Shopify with a product you sell (or remove it), then choose Retry.",
  },
};
// --- end of the pre-send catalogue check's block ---

export type OrderProblemCode = MapReasonCode | DecisionCode | CatalogueCheckCode;

const RETRY_OR_SUPPORT = "Choose Retry; if it happens again, contact support with the order number.";

function fixAddress(what: string) {
  return `Edit the order's shipping address in Shopify to add ${what}, then choose Retry.`;
}

export const ORDER_PROBLEMS: Record<OrderProblemCode, { problem: string; fix: string }> = {
  ...CATALOGUE_PROBLEMS,
  no_shipping_address: {
    problem: "This order has no shipping address, so HyperSKU cannot ship it.",
    fix: "Add a shipping address to the order in Shopify, then choose Retry.",
  },
  nothing_to_ship: {
    problem: "Nothing in this order needs shipping.",
    fix: "Nothing to do if that is expected. If an item should ship, mark its product as a physical product in Shopify, then choose Retry.",
  },
  not_for_hypersku: {
    problem: "Nothing in this order is for HyperSKU to fulfil.",
    fix: "Nothing to do if that is expected. If HyperSKU should fulfil these items, change the location Shopify assigns them to or your product rules in the app's settings, then choose Retry.",
  },
  too_many_lines: {
    problem:
      "This order has more items (or more shipping locations) than the app reads from Shopify at once, so it cannot be sure what to send.",
    fix: "Send the HyperSKU items of this order at HyperSKU yourself, or split the order in Shopify into smaller ones, then choose Retry.",
  },
  missing_country: { problem: "The shipping address has no country.", fix: fixAddress("the country") },
  unrecognised_country: {
    problem: "The shipping address names a country the app does not recognise, and has no country code.",
    fix: "Edit the order's shipping address in Shopify and pick the country from Shopify's list, then choose Retry.",
  },
  missing_address_line: { problem: "The shipping address has no street address.", fix: fixAddress("the street address") },
  missing_city: { problem: "The shipping address has no city.", fix: fixAddress("the city") },
  missing_name: {
    problem: "The shipping address has no recipient: neither a name nor a company.",
    fix: fixAddress("the recipient's name (or the company's)"),
  },
  missing_currency: { problem: "Shopify did not say which currency this order was paid in.", fix: RETRY_OR_SUPPORT },
  missing_price: { problem: "Shopify did not give the price of an item in this order.", fix: RETRY_OR_SUPPORT },
  missing_shop_domain: {
    problem: "The app does not know this store's myshopify.com address.",
    fix: "Open the app from your Shopify admin once, then choose Retry.",
  },
  custom_line_item: {
    problem:
      "An item in this order names no product in Shopify (a custom item, or one whose product was deleted since), so HyperSKU cannot tell what to buy.",
    fix: "Edit the order in Shopify to replace it with a product from your catalogue (or fulfil that item yourself and remove it), then choose Retry.",
  },
  awaiting_payment: {
    problem: "This order is not paid yet. It will be sent to HyperSKU once Shopify marks it as paid.",
    fix: "Nothing to do. To send orders before payment, set 'Send orders when' to 'created' in the app's settings.",
  },
  cancelled: {
    problem: "This order was cancelled in Shopify, so it is not sent to HyperSKU.",
    fix: "Nothing to do. If it was cancelled by mistake, create a new order in Shopify.",
  },
  test_order: {
    problem: "This is a test order, and test orders are not sent to HyperSKU.",
    fix: "To send test orders too, turn off 'Skip test orders' in the app's settings, then choose Retry.",
  },
  excluded_tag: {
    problem: "This order has a tag you chose to keep away from HyperSKU.",
    fix: "Remove the tag from the order in Shopify, or from the excluded tags in the app's settings, then choose Retry.",
  },
  refunded: {
    problem: "This order was refunded in full, so there is nothing to buy or ship.",
    fix: "Nothing to do.",
  },
  payment_voided: {
    problem: "The payment for this order was voided or has expired, so it is not sent to HyperSKU.",
    fix: "Nothing to do. If the customer pays again, the order is sent once Shopify marks it as paid.",
  },
  fulfilled: {
    problem: "This order is already fulfilled in Shopify.",
    fix: "Nothing to do. If HyperSKU should still ship something, create a new order for it in Shopify.",
  },
  closed: {
    problem: "This order is archived in Shopify.",
    fix: "Unarchive the order in Shopify if it still needs shipping, then choose Retry.",
  },
  missing_zip_code: {
    problem: "The shipping address has no ZIP code, which parcels to this country need.",
    fix: fixAddress("the ZIP code"),
  },
  missing_postal_code: {
    problem: "The shipping address has no postal code, which parcels to this country need.",
    fix: fixAddress("the postal code"),
  },
  missing_state: { problem: "The shipping address has no state, which parcels to this country need.", fix: fixAddress("the state") },
  missing_province: {
    problem: "The shipping address has no province, which parcels to this country need.",
    fix: fixAddress("the province"),
  },
  local_pickup: {
    problem: "The customer picks this order up in person, so there is no parcel for HyperSKU to ship.",
    fix: "Nothing to do: hand the order over at your location. If it should be shipped instead, change its delivery method to shipping in Shopify, then choose Retry.",
  },
  local_delivery: {
    problem: "This order goes out by your own local delivery, so there is no parcel for HyperSKU to ship.",
    fix: "Nothing to do: deliver it yourself. If it should be shipped instead, change its delivery method to shipping in Shopify, then choose Retry.",
  },
};

export const LINE_SKIP_REASONS: Record<LineSkipCode, string> = {
  gift_card: "It is a gift card: nothing to ship.",
  no_shipping_required: "It does not need shipping (a digital item or a service).",
  refunded: "All of its units were refunded or removed from the order.",
  removed: "It was removed from the order by an edit.",
  fulfilled: "It has no units left to fulfill.",
};

/** The problem and its fix as one message, e.g. for a banner on the order. */
export function describeOrderProblem(code: OrderProblemCode): string {
  const { problem, fix } = ORDER_PROBLEMS[code];
  return `${problem} ${fix}`;
}
