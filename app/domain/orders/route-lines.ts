/**
 * Which of an order's lines HyperSKU fulfils, and how many units of each. Pure.
 *
 * Two layers decide, Shopify's first:
 * 1. Shopify's own routing. Each line's units sit in fulfillment orders, each assigned to a location.
 *    The app holds only the merchant-managed fulfillment-order scopes, so Shopify shows it only the
 *    fulfillment orders of the merchant's own locations: units it does not see are assigned to a
 *    fulfillment service (Printful, a 3PL) and never go. Of the visible ones, only those at a location
 *    HyperSKU ships for count (the shop's setting; none chosen = every location of the merchant's).
 * 2. The merchant's product rules: include rules (when there are any, only matching items go) and
 *    exclude rules (matching items never go), by product, vendor, product type or tag.
 *
 * Without fulfillment orders (an order read before routing was known, a preview of a webhook file)
 * only the product rules apply. A fulfillment order on hold or scheduled for later holds the whole
 * order back rather than sending it in parts the merchant did not intend.
 */
import type { FulfillmentOrderView } from "~/integrations/shopify/fulfillment-orders";
import type { ShopifyLineItemSnapshot } from "~/models/order-snapshot";

/** What the app knows of a line's product beyond the order itself (read per variant from Shopify). */
export type ProductFacts = { vendor: string | null; productType: string | null; tags: readonly string[] };

type ProductRuleField = "product" | "vendor" | "product_type" | "tag";
export type ProductRule = { field: ProductRuleField; value: string };
export type ProductRules = { include: ProductRule[]; exclude: ProductRule[] };

export const NO_PRODUCT_RULES: Readonly<ProductRules> = Object.freeze({ include: [], exclude: [] });

export type RoutingSettings = {
  /** Location GIDs HyperSKU ships for; empty = every location of the merchant's own. */
  hyperskuLocationIds: readonly string[];
  productRules: ProductRules;
};

export type RoutingContext = {
  /** The order's fulfillment orders as the app sees them; null when not read. */
  fulfillmentOrders: readonly FulfillmentOrderView[] | null;
  /** Facts per variant id, for rules by vendor, product type or tag. */
  facts: ReadonlyMap<string, ProductFacts>;
};

export type RouteSkipCode = "other_fulfiller" | "other_location" | "excluded_by_rule" | "not_included_by_rule";

export type LineRoute = { quantity: number } | { skip: RouteSkipCode; detail: string };

const FIELD_LABELS: Record<ProductRuleField, string> = { product: "product", vendor: "vendor", product_type: "product type", tag: "tag" };

function describeRule(rule: ProductRule): string {
  return `${FIELD_LABELS[rule.field]} "${rule.value}"`;
}

const same = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/** A "product" rule names the product by its numeric id or its GID (what the settings page stores). */
const productIdOf = (value: string) => value.trim().replace(/^gid:\/\/shopify\/Product\//, "");

function matches(rule: ProductRule, item: Pick<ShopifyLineItemSnapshot, "productId">, facts: ProductFacts | undefined): boolean {
  switch (rule.field) {
    case "product":
      return item.productId !== null && item.productId === productIdOf(rule.value);
    case "vendor":
      return same(facts?.vendor, rule.value);
    case "product_type":
      return same(facts?.productType, rule.value);
    case "tag":
      return (facts?.tags ?? []).some((tag) => same(tag, rule.value));
  }
}

/** Why the merchant's product rules keep an item of this product from HyperSKU, or null (the catalogue asks too). */
export function ruleSkip(
  item: Pick<ShopifyLineItemSnapshot, "productId">,
  rules: ProductRules,
  facts: ProductFacts | undefined,
): LineRoute | null {
  const excluded = rules.exclude.find((rule) => matches(rule, item, facts));
  if (excluded) return { skip: "excluded_by_rule", detail: `Your rules keep ${describeRule(excluded)} away from HyperSKU.` };
  if (rules.include.length > 0 && !rules.include.some((rule) => matches(rule, item, facts))) {
    return { skip: "not_included_by_rule", detail: `It matches none of the products your rules send to HyperSKU.` };
  }
  return null;
}

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);
const WAITING = new Set(["ON_HOLD", "SCHEDULED"]);

const forHypersku = (settings: RoutingSettings, locationId: string | null) =>
  settings.hyperskuLocationIds.length === 0 || (locationId !== null && settings.hyperskuLocationIds.includes(locationId));

/**
 * Units of the line HyperSKU may fulfil, at most `shippable` (what the order still holds), or why
 * none. `shippable` comes from the line itself (map-line-items.ts shippableQuantity).
 */
export function routeLine(item: ShopifyLineItemSnapshot, shippable: number, settings: RoutingSettings, context: RoutingContext): LineRoute {
  let quantity = shippable;
  if (context.fulfillmentOrders) {
    const holding = context.fulfillmentOrders.flatMap((order) =>
      order.lineItems
        .filter((line) => line.lineItemId === item.id && line.remainingQuantity > 0 && FULFILLABLE.has(order.status))
        .map((line) => ({ order, units: line.remainingQuantity })),
    );
    const ours = holding.filter(({ order }) => forHypersku(settings, order.locationId));
    if (ours.length === 0) {
      const elsewhere = holding[0]?.order.locationName;
      return elsewhere
        ? { skip: "other_location", detail: `It ships from ${elsewhere}, a location you do not fulfil through HyperSKU.` }
        : {
            skip: "other_fulfiller",
            detail: "Shopify assigns it to another fulfillment service (such as a print-on-demand app or a 3PL).",
          };
    }
    quantity = Math.min(
      quantity,
      ours.reduce((sum, { units }) => sum + units, 0),
    );
  }
  const facts = item.variantId ? context.facts.get(item.variantId) : undefined;
  return ruleSkip(item, settings.productRules, facts) ?? { quantity };
}

/**
 * A fulfillment order of the merchant's (at a location HyperSKU ships for) that Shopify holds back:
 * on hold (fraud review, an app's hold) or scheduled for a later date. The reason in plain words.
 */
export function fulfillmentHold(settings: RoutingSettings, context: RoutingContext): string | null {
  const waiting = (context.fulfillmentOrders ?? []).find(
    (order) => WAITING.has(order.status) && forHypersku(settings, order.locationId) && order.lineItems.some((l) => l.remainingQuantity > 0),
  );
  if (!waiting) return null;
  if (waiting.status === "SCHEDULED")
    return "Shopify schedules this order's fulfillment for a later date; it is sent when that date comes.";
  const notes = waiting.holds.map((hold) => hold.reasonNotes?.trim() || hold.reason.toLowerCase().replaceAll("_", " ")).join("; ");
  return `Its fulfillment is on hold in Shopify${notes ? ` (${notes})` : ""}. Release the hold in Shopify and the order is sent.`;
}
