import type { FulfillmentOrderView } from "~/integrations/shopify/fulfillment-orders";
import { buildOrderSnapshot, buildRestLineItem } from "../../../tests/support/order-factories";
import { mapOrderToExternalOrder, type Routing } from "./map-order";
import { planForwarding } from "./plan-forwarding";
import { DEFAULT_FORWARDING_SETTINGS } from "./decide-forwarding";
import { fulfillmentHold, NO_PRODUCT_RULES, routeLine, type ProductFacts, type RoutingSettings } from "./route-lines";

const SHOP = { domain: "example-shop.myshopify.com", name: "Example Shop", platformCode: 1 };
const WAREHOUSE = { id: "gid://shopify/Location/1", name: "Shop location" };
const STUDIO = { id: "gid://shopify/Location/7", name: "Brooklyn studio" };
const EVERYWHERE: RoutingSettings = { hyperskuLocationIds: [], productRules: NO_PRODUCT_RULES };

let foSequence = 0;
function fulfillmentOrder(
  location: { id: string; name: string },
  lines: { lineItemId: string; remaining: number; total?: number }[],
  status = "OPEN",
): FulfillmentOrderView {
  foSequence += 1;
  return {
    id: `gid://shopify/FulfillmentOrder/${foSequence}`,
    status,
    locationId: location.id,
    locationName: location.name,
    holds: status === "ON_HOLD" ? [{ reason: "HIGH_RISK_OF_FRAUD", reasonNotes: null }] : [],
    lineItems: lines.map((line, index) => ({
      id: `gid://shopify/FulfillmentOrderLineItem/${foSequence * 100 + index}`,
      lineItemId: line.lineItemId,
      totalQuantity: line.total ?? line.remaining,
      remainingQuantity: line.remaining,
    })),
  };
}

/** A mixed cart: a mug HyperSKU sources, a poster a print-on-demand service prints, a candle from the studio. */
function mixedCart() {
  const mug = buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2, title: "Ceramic Mug" } });
  const poster = buildRestLineItem({ unitPrice: "30.00", overrides: { title: "Art Poster" } });
  const candle = buildRestLineItem({ unitPrice: "18.00", overrides: { quantity: 3, title: "Soy Candle" } });
  const snapshot = buildOrderSnapshot({}, { lineItems: [mug, poster, candle] });
  const [mugLine, posterLine, candleLine] = snapshot.lineItems;
  return { snapshot, mugLine, posterLine, candleLine };
}

const routing = (
  settings: RoutingSettings,
  fulfillmentOrders: FulfillmentOrderView[] | null,
  facts = new Map<string, ProductFacts>(),
): Routing => ({
  settings,
  context: { fulfillmentOrders, facts },
});

describe("routing by Shopify's fulfillment orders", () => {
  it("sends only the lines at the merchant's locations: a fulfillment service's line never goes", () => {
    const { snapshot, mugLine, candleLine } = mixedCart();
    // The poster's fulfillment order belongs to the print service: the app does not see it.
    const orders = [
      fulfillmentOrder(WAREHOUSE, [
        { lineItemId: mugLine.id, remaining: 2 },
        { lineItemId: candleLine.id, remaining: 3 },
      ]),
    ];
    const result = mapOrderToExternalOrder(snapshot, SHOP, routing(EVERYWHERE, orders));
    if (!result.ok) throw new Error(JSON.stringify(result.reasons));
    expect(result.request.lineItems.map((line) => [line.title, line.quantity])).toEqual([
      ["Ceramic Mug", 2],
      ["Soy Candle", 3],
    ]);
    expect(result.skippedLineItems).toEqual([
      {
        lineItemId: snapshot.lineItems[1].id,
        title: "Art Poster",
        code: "other_fulfiller",
        reason: "Shopify assigns it to another fulfillment service (such as a print-on-demand app or a 3PL).",
      },
    ]);
  });

  it("keeps lines at a location HyperSKU does not ship for, and names the location", () => {
    const { snapshot, mugLine, posterLine, candleLine } = mixedCart();
    const orders = [
      fulfillmentOrder(WAREHOUSE, [
        { lineItemId: mugLine.id, remaining: 2 },
        { lineItemId: posterLine.id, remaining: 1 },
      ]),
      fulfillmentOrder(STUDIO, [{ lineItemId: candleLine.id, remaining: 3 }]),
    ];
    const result = mapOrderToExternalOrder(snapshot, SHOP, routing({ ...EVERYWHERE, hyperskuLocationIds: [WAREHOUSE.id] }, orders));
    if (!result.ok) throw new Error(JSON.stringify(result.reasons));
    expect(result.request.lineItems.map((line) => line.title)).toEqual(["Ceramic Mug", "Art Poster"]);
    expect(result.skippedLineItems.map((line) => [line.title, line.code, line.reason])).toEqual([
      ["Soy Candle", "other_location", "It ships from Brooklyn studio, a location you do not fulfil through HyperSKU."],
    ]);
  });

  it("sends only the units still open at HyperSKU's location when a line is split between locations", () => {
    const { candleLine } = mixedCart();
    const orders = [
      fulfillmentOrder(WAREHOUSE, [{ lineItemId: candleLine.id, remaining: 1 }]),
      fulfillmentOrder(STUDIO, [{ lineItemId: candleLine.id, remaining: 2 }]),
    ];
    const route = routeLine(candleLine, 3, { ...EVERYWHERE, hyperskuLocationIds: [WAREHOUSE.id] }, routing(EVERYWHERE, orders).context);
    expect(route).toEqual({ quantity: 1 });
  });

  it("never sends more than the order still holds, whatever the fulfillment orders say", () => {
    const { candleLine } = mixedCart();
    const orders = [fulfillmentOrder(WAREHOUSE, [{ lineItemId: candleLine.id, remaining: 3 }])];
    expect(routeLine(candleLine, 2, EVERYWHERE, routing(EVERYWHERE, orders).context)).toEqual({ quantity: 2 });
  });

  it("counts closed and cancelled fulfillment orders as nothing to send", () => {
    const { mugLine } = mixedCart();
    const orders = [fulfillmentOrder(WAREHOUSE, [{ lineItemId: mugLine.id, remaining: 2 }], "CANCELLED")];
    expect(routeLine(mugLine, 2, EVERYWHERE, routing(EVERYWHERE, orders).context)).toMatchObject({ skip: "other_fulfiller" });
  });

  it("makes an order with nothing left for HyperSKU 'not for HyperSKU', skipped with each line's reason", () => {
    const { snapshot } = mixedCart();
    const settings = DEFAULT_FORWARDING_SETTINGS;
    const plan = planForwarding(snapshot, settings, SHOP, new Date("2026-07-15T00:00:00Z"), routing(EVERYWHERE, []));
    expect(plan).toMatchObject({ state: "skipped", code: "not_for_hypersku" });
    expect(plan.reason).toContain("Nothing in this order is for HyperSKU to fulfil.");
    expect(plan.reason).toContain('"Art Poster": Shopify assigns it to another fulfillment service');
  });

  it("routes on the order alone when the fulfillment orders are not known", () => {
    const { snapshot } = mixedCart();
    const result = mapOrderToExternalOrder(snapshot, SHOP, routing(EVERYWHERE, null));
    expect(result.ok && result.request.lineItems.length).toBe(3);
  });
});

describe("the merchant's product rules", () => {
  const facts = (entries: [string, ProductFacts][]) => new Map(entries);

  it("keeps excluded vendors, types and tags away, matching without regard to case or spaces", () => {
    const { snapshot, mugLine, posterLine, candleLine } = mixedCart();
    const known = facts([
      [mugLine.variantId!, { vendor: "Clay & Co", productType: "Mugs", tags: ["hypersku"] }],
      [posterLine.variantId!, { vendor: "Printify", productType: "Posters", tags: ["pod"] }],
      [candleLine.variantId!, { vendor: "Clay & Co", productType: "Candles", tags: ["Handmade "] }],
    ]);
    const settings: RoutingSettings = {
      hyperskuLocationIds: [],
      productRules: {
        include: [],
        exclude: [
          { field: "vendor", value: "printify" },
          { field: "tag", value: "handmade" },
        ],
      },
    };
    const result = mapOrderToExternalOrder(snapshot, SHOP, routing(settings, null, known));
    if (!result.ok) throw new Error(JSON.stringify(result.reasons));
    expect(result.request.lineItems.map((line) => line.title)).toEqual(["Ceramic Mug"]);
    expect(result.skippedLineItems.map((line) => [line.title, line.code, line.reason])).toEqual([
      ["Art Poster", "excluded_by_rule", 'Your rules keep vendor "printify" away from HyperSKU.'],
      ["Soy Candle", "excluded_by_rule", 'Your rules keep tag "handmade" away from HyperSKU.'],
    ]);
  });

  it("with include rules sends only matching products (by product id or product type)", () => {
    const { snapshot, mugLine, posterLine, candleLine } = mixedCart();
    const known = facts([
      [mugLine.variantId!, { vendor: null, productType: "Mugs", tags: [] }],
      [posterLine.variantId!, { vendor: null, productType: "Posters", tags: [] }],
      [candleLine.variantId!, { vendor: null, productType: "Candles", tags: [] }],
    ]);
    const settings: RoutingSettings = {
      hyperskuLocationIds: [],
      productRules: {
        include: [
          { field: "product_type", value: "Mugs" },
          { field: "product", value: `gid://shopify/Product/${candleLine.productId}` },
        ],
        exclude: [],
      },
    };
    const result = mapOrderToExternalOrder(snapshot, SHOP, routing(settings, null, known));
    if (!result.ok) throw new Error(JSON.stringify(result.reasons));
    expect(result.request.lineItems.map((line) => line.title)).toEqual(["Ceramic Mug", "Soy Candle"]);
    expect(result.skippedLineItems).toMatchObject([{ title: "Art Poster", code: "not_included_by_rule" }]);
  });

  it("lets an exclude rule win over an include rule for the same product", () => {
    const { mugLine } = mixedCart();
    const known = facts([[mugLine.variantId!, { vendor: "Clay & Co", productType: "Mugs", tags: [] }]]);
    const settings: RoutingSettings = {
      hyperskuLocationIds: [],
      productRules: { include: [{ field: "product_type", value: "mugs" }], exclude: [{ field: "vendor", value: "Clay & Co" }] },
    };
    expect(routeLine(mugLine, 2, settings, routing(settings, null, known).context)).toMatchObject({ skip: "excluded_by_rule" });
  });
});

describe("fulfillment held back in Shopify", () => {
  it("holds the order while a fulfillment order at HyperSKU's location is on hold, naming the reason", () => {
    const { mugLine } = mixedCart();
    const context = routing(EVERYWHERE, [fulfillmentOrder(WAREHOUSE, [{ lineItemId: mugLine.id, remaining: 2 }], "ON_HOLD")]).context;
    expect(fulfillmentHold(EVERYWHERE, context)).toBe(
      "Its fulfillment is on hold in Shopify (high risk of fraud). Release the hold in Shopify and the order is sent.",
    );
  });

  it("ignores a hold at a location HyperSKU does not ship for", () => {
    const { mugLine } = mixedCart();
    const settings = { ...EVERYWHERE, hyperskuLocationIds: [WAREHOUSE.id] };
    const context = routing(settings, [fulfillmentOrder(STUDIO, [{ lineItemId: mugLine.id, remaining: 2 }], "ON_HOLD")]).context;
    expect(fulfillmentHold(settings, context)).toBeNull();
  });

  it("waits for a fulfillment Shopify schedules for later", () => {
    const { mugLine } = mixedCart();
    const context = routing(EVERYWHERE, [fulfillmentOrder(WAREHOUSE, [{ lineItemId: mugLine.id, remaining: 2 }], "SCHEDULED")]).context;
    expect(fulfillmentHold(EVERYWHERE, context)).toMatch(/later date/);
  });
});

describe("an order larger than one Admin read", () => {
  it("is not sent on part of its lines: it needs the merchant, with the reason", () => {
    const { snapshot } = mixedCart();
    const result = mapOrderToExternalOrder({ ...snapshot, lineItemsTruncated: true }, SHOP, routing(EVERYWHERE, null));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reasons.map((r) => r.code)).toEqual(["too_many_lines"]);
    const plan = planForwarding(
      { ...snapshot, lineItemsTruncated: true },
      DEFAULT_FORWARDING_SETTINGS,
      SHOP,
      new Date("2026-07-15T00:00:00Z"),
    );
    expect(plan).toMatchObject({ state: "needs_attention", code: "too_many_lines" });
  });
});
