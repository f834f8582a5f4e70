/**
 * A Shopify order -> the body of HyperSKU's createOrderFromExternal (docs/hypersku-contract.md, "Operations"),
 * following the mapping choices recorded there. Pure: same order and shop, same request.
 *
 * Decisions the notes leave open:
 * - `isPaid` is true for "paid" and "partially_refunded" (payment-status.ts says why); `paidAt` is
 *   sent only then: when the customer paid, which intake keeps in the snapshot (paid-at.ts); an
 *   order stored before that falls back to `processedAt`, else `createdAt`.
 * - Totals (`totalPrice`, `taxAmount`, `totalShippingPrice`) describe the lines sent. When every line
 *   of the order goes, they are Shopify's order totals as placed, unchanged. When some stay behind (a
 *   mixed cart: another fulfiller's lines, gift cards, refunded or excluded items), they are the sum
 *   of the sent lines' shares of the order's money (line-shares.ts), so HyperSKU is not told the
 *   customer paid for goods it never ships. The order page keeps showing Shopify's whole order.
 * - `taxNo`/`idNo` come from order attributes or a Brazilian company field (customs-ids.ts).
 * - Money (docs/hypersku-contract.md, "Money"; order-money.ts): each line's `price` is its discounted
 *   total over its units, rounded half up. Where Shopify's total does not meet its parts by the rule,
 *   the order still goes, with `moneyWarnings` saying how far off.
 * - A line naming no product or variant is not sent: a custom item, or a product deleted since the
 *   order (missingProductCode tells which). What a carrier or the agent may stumble on (no phone, an
 *   address line or an item title longer than they print) goes with the request as `warnings`.
 */
import type { ExternalLineItem, ExternalOrder } from "~/integrations/hypersku/schemas";
import { compact } from "./compact";
import { type MapReasonCode, ORDER_PROBLEMS } from "./describe-problems";
import {
  lineItemWarnings,
  lineSkipCode,
  mapLineItem,
  missingProductCode,
  shippableQuantity,
  type SkippedLineItem,
  skippedLineItem,
} from "./map-line-items";
import { mapShippingAddress } from "./map-shipping-address";
import { lineShares, sharesTotal } from "./line-shares";
import { currencyDecimals, minorUnitsToNumber, toMinorUnits } from "./money";
import { moneyWarnings, type OrderMoney, orderMoney } from "./order-money";
import { isOrderPaid } from "./payment-status";
import { NO_PRODUCT_RULES, routeLine, type RoutingContext, type RoutingSettings } from "./route-lines";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type ShopIdentity = { domain: string; name: string; platformCode: number };

type MapReason = { code: MapReasonCode; message: string };

/** How lines are routed: the shop's settings and what is known of the order's fulfillment orders and products. */
export type Routing = { settings: RoutingSettings; context: RoutingContext };

/** No fulfillment orders read, no rules: every shippable line goes (the mapping before routing is known). */
export const UNROUTED: Routing = Object.freeze({
  settings: { hyperskuLocationIds: [], productRules: NO_PRODUCT_RULES },
  context: { fulfillmentOrders: null, facts: new Map() },
});

export type MapResult =
  | {
      ok: true;
      request: ExternalOrder;
      skippedLineItems: SkippedLineItem[];
      /** Where Shopify's money does not add up by the documented rule, for the merchant; the request is sent anyway. */
      moneyWarnings: string[];
      /** What else the merchant should check at HyperSKU (the address's phone and line lengths, item titles); sent anyway. */
      warnings: string[];
    }
  | { ok: false; reasons: MapReason[]; skippedLineItems: SkippedLineItem[] };

function reason(code: MapReasonCode, detail?: string): MapReason {
  const { problem } = ORDER_PROBLEMS[code];
  return { code, message: detail ? `${problem} ${detail}` : problem };
}

/** "https://My-Shop.myshopify.com/" -> "my-shop.myshopify.com". */
export function normalizeShopDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "")
    .toLowerCase();
}

function isoUtc(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function amount(value: string | null, currency: string): number | undefined {
  if (value === null) return undefined;
  return wireAmount(toMinorUnits(value, currencyDecimals(currency)), currency);
}

function wireAmount(minor: number | null, currency: string): number | undefined {
  return minor === null || minor < 0 ? undefined : minorUnitsToNumber(minor, currencyDecimals(currency));
}

const isPartial = (order: ShopifyOrderSnapshot, sent: ReadonlySet<string>) => order.lineItems.some((item) => !sent.has(item.id));

type Totals = Pick<ExternalOrder, "totalPrice" | "taxAmount" | "totalShippingPrice">;

/** Shopify's totals when every line goes (`sent` holds them all); else the sent lines' shares of the order's money. */
function sentTotals(order: ShopifyOrderSnapshot, money: OrderMoney, sent: ReadonlySet<string>): Totals {
  if (!isPartial(order, sent)) {
    return {
      totalPrice: amount(order.totalPrice, money.currency),
      taxAmount: amount(order.totalTax, money.currency),
      totalShippingPrice: amount(order.totalShipping, money.currency),
    };
  }
  const part = sharesTotal(lineShares(order, money), sent);
  return {
    totalPrice: wireAmount(part.totalPrice, money.currency),
    taxAmount: wireAmount(part.tax, money.currency),
    totalShippingPrice: wireAmount(part.shipping, money.currency),
  };
}

/** Reasons that already say why no line is sent: "nothing to ship" would only add noise. */
const LINE_REASONS = new Set<MapReasonCode>(["missing_price", "missing_currency", "custom_line_item", "product_deleted"]);

const ROUTE_SKIPS = new Set<SkippedLineItem["code"]>(["other_fulfiller", "other_location", "excluded_by_rule", "not_included_by_rule"]);

function describeSkips(skipped: SkippedLineItem[]): string {
  return skipped.map((item) => `"${item.title || item.lineItemId}": ${item.reason}`).join(" ");
}

export function mapOrderToExternalOrder(order: ShopifyOrderSnapshot, shop: ShopIdentity, routing: Routing = UNROUTED): MapResult {
  const reasons: MapReason[] = [];
  const shopDomain = normalizeShopDomain(shop.domain);
  if (!shopDomain) reasons.push(reason("missing_shop_domain"));
  const currency = order.currency?.trim().toUpperCase();
  if (!currency) reasons.push(reason("missing_currency"));

  if (order.lineItemsTruncated) reasons.push(reason("too_many_lines"));
  const address = mapShippingAddress(order);
  if (!address.ok) reasons.push(...address.codes.map((code) => reason(code)));

  const money = currency ? orderMoney(order, currency) : null;
  const unitPrices = new Map(money?.lines.map((line) => [line.lineItemId, line.discountedUnitPrice]) ?? []);
  const lineItems: ExternalLineItem[] = [];
  const skippedLineItems: SkippedLineItem[] = [];
  for (const item of order.lineItems) {
    const skip = lineSkipCode(item);
    if (skip) {
      skippedLineItems.push(skippedLineItem(item, skip));
      continue;
    }
    const route = routeLine(item, shippableQuantity(item), routing.settings, routing.context);
    if ("skip" in route) {
      skippedLineItems.push({ lineItemId: item.id, title: item.title, code: route.skip, reason: route.detail });
      continue;
    }
    // A line naming no product (a custom item, or one whose product was deleted): the agent could only guess from its title.
    const missing = missingProductCode(item);
    if (missing) {
      reasons.push(reason(missing, `(item "${item.title || item.id}")`));
      continue;
    }
    if (!currency) continue;
    const line = mapLineItem(item, { shopDomain, currency, price: unitPrices.get(item.id), quantity: route.quantity });
    if (line) lineItems.push(line);
    else reasons.push(reason("missing_price", `(item "${item.title || item.id}")`));
  }
  if (lineItems.length === 0 && !reasons.some((r) => LINE_REASONS.has(r.code))) {
    const routedAway = skippedLineItems.some((item) => ROUTE_SKIPS.has(item.code));
    reasons.push(reason(routedAway ? "not_for_hypersku" : "nothing_to_ship", describeSkips(skippedLineItems)));
  }

  if (reasons.length > 0 || !address.ok || !currency || !money) return { ok: false, reasons, skippedLineItems };

  const isPaid = isOrderPaid(order.financialStatus);
  const sent = new Set(lineItems.map((line) => line.storeOrderLineItemId));
  const request: ExternalOrder = compact({
    storeOrderId: order.shopifyOrderId,
    storeOrderNo: order.name?.trim() || undefined,
    storeCode: shopDomain,
    storeName: shop.name.trim() || undefined,
    platform: shop.platformCode,
    createdAt: isoUtc(order.createdAt),
    paidAt: isPaid ? isoUtc(order.paidAt ?? order.processedAt ?? order.createdAt) : undefined,
    isPaid,
    status: order.financialStatus ?? undefined,
    currency,
    ...sentTotals(order, money, sent),
    lineItems,
    shippingAddress: address.address,
  });
  return {
    ok: true,
    request,
    skippedLineItems,
    moneyWarnings: moneyWarnings(money, { partial: isPartial(order, sent) }),
    warnings: [...address.warnings, ...lineItems.flatMap(lineItemWarnings)],
  };
}
