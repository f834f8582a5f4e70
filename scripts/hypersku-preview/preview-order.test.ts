import type { FulfillmentOrderView } from "~/integrations/shopify/fulfillment-orders";
import { buildRestLineItem, buildRestOrder, restMoneySet, snapshotOfRest } from "../../tests/support/order-factories";
import { DEFAULT_FORWARDING_SETTINGS, type ForwardingSettings } from "../../app/domain/orders/decide-forwarding";
import { mapOrderToExternalOrder, type Routing, UNROUTED } from "../../app/domain/orders/map-order";
import { planForwarding } from "../../app/domain/orders/plan-forwarding";
import { NO_PRODUCT_RULES } from "../../app/domain/orders/route-lines";
import { routeByFulfillmentService } from "./fulfillment-orders";
import { FULFILLMENT_HOLD_CODE, HOLD_WINDOW_CODE, previewOrder, type PreviewInput } from "./preview-order";

const SHOP = { domain: "example-shop.myshopify.com", name: "Example Shop", platformCode: 1 };
// The factories' orders were processed at 2026-07-14T14:15:29Z.
const NOW = new Date("2026-07-20T12:00:00Z");

function input(payload = buildRestOrder(), overrides: Partial<PreviewInput> = {}): PreviewInput {
  return {
    order: snapshotOfRest(payload),
    shop: SHOP,
    forwarding: DEFAULT_FORWARDING_SETTINGS,
    routing: UNROUTED,
    routingTruncated: false,
    now: NOW,
    ...overrides,
  };
}

function routedBy(fulfillmentOrders: FulfillmentOrderView[] | null): Routing {
  return { settings: { hyperskuLocationIds: [], productRules: NO_PRODUCT_RULES }, context: { fulfillmentOrders, facts: new Map() } };
}

/** A cart with a mug of the merchant's and a poster Printful prints, routed by each line's fulfillment_service. */
function printfulCart(poster: "printful" | "manual" = "printful", mugQuantity = 2) {
  const mug = buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: mugQuantity, title: "Ceramic Mug" } });
  const art = buildRestLineItem({ unitPrice: "30.00", overrides: { title: "Art Poster", fulfillment_service: poster } });
  const payload = buildRestOrder({ lineItems: [mug, art] });
  const order = snapshotOfRest(payload);
  const routed = routeByFulfillmentService(payload, order);
  if (!routed) throw new Error("the factory's lines name their fulfillment_service");
  return { payload, order, routing: routedBy(routed.fulfillmentOrders), mugId: String(mug.id), posterId: String(art.id) };
}

describe("previewOrder: an order the app sends now", () => {
  it("gives the request the app maps, and its money warnings", () => {
    const payload = buildRestOrder();
    // Shopify's total one cent above its parts: sent as it is, with a warning for the merchant.
    const total = String(
      (Number((payload.total_price_set as { presentment_money: { amount: string } }).presentment_money.amount) + 0.01).toFixed(2),
    );
    const off = { ...payload, total_price: total, total_price_set: restMoneySet(total) };
    const preview = previewOrder(input(off));
    const mapped = mapOrderToExternalOrder(snapshotOfRest(off), SHOP);
    if (!mapped.ok || !preview.send) throw new Error("expected both to send");
    expect(preview.request).toEqual(mapped.request);
    expect(preview.moneyWarnings).toEqual(mapped.moneyWarnings);
    expect(preview.moneyWarnings).toEqual([expect.stringMatching(/^Shopify's total .* differs by 0\.01 USD from its parts/)]);
  });

  it("gives the other warnings the app records with the order: no phone anywhere", () => {
    const payload = buildRestOrder({ overrides: { phone: null, customer: null } });
    (payload.shipping_address as { phone: string | null }).phone = null;
    const preview = previewOrder(input(payload));
    if (!preview.send) throw new Error(preview.reason);
    expect(preview.warnings).toEqual([expect.stringMatching(/^The order has no phone number/)]);
    expect(preview.moneyWarnings).toEqual([]);
  });

  it("leaves out a REST line a fulfillment service ships, as the live path does", () => {
    const { order, routing, mugId, posterId } = printfulCart();
    const preview = previewOrder(input(undefined, { order, routing }));
    if (!preview.send) throw new Error(preview.reason);
    expect(preview.request.lineItems.map((line) => [line.storeOrderLineItemId, line.quantity])).toEqual([[mugId, 2]]);
    expect(preview.skippedLineItems).toEqual([expect.objectContaining({ lineItemId: posterId, code: "other_fulfiller" })]);
    // Unrouted, the poster would have gone: the routing is what keeps it out.
    const unrouted = previewOrder(input(undefined, { order }));
    expect(unrouted.send && unrouted.request.lineItems).toHaveLength(2);
  });
});

describe("previewOrder: an order the app does not send", () => {
  const plain = () => buildRestOrder();
  it.each([
    ["a test order", { test: true }, "skipped", "test_order"],
    ["a cancelled order", { cancelled_at: "2026-07-14T11:00:00-04:00", cancel_reason: "customer" }, "cancelled", "cancelled"],
    ["an unpaid order", { financial_status: "pending" }, "waiting", "awaiting_payment"],
    ["an archived order", { closed_at: "2026-07-15T09:00:00-04:00" }, "skipped", "closed"],
    ["an order with an excluded tag", { tags: "wholesale, pod" }, "skipped", "excluded_tag"],
  ] as const)("says why for %s, in the app's words", (_, overrides, state, code) => {
    const payload = { ...plain(), ...overrides };
    const forwarding: ForwardingSettings = { ...DEFAULT_FORWARDING_SETTINGS, excludedTags: ["POD"] };
    const preview = previewOrder(input(payload, { forwarding }));
    const plan = planForwarding(snapshotOfRest(payload), forwarding, SHOP, NOW);
    expect(preview).toMatchObject({ send: false, state, reason: plan.reason, routed: false, problems: [{ code, message: plan.reason }] });
    expect(preview.send === false && preview.problems[0].fix).toBeTruthy();
  });

  it("sends a test order when the settings do not skip them", () => {
    const forwarding = { ...DEFAULT_FORWARDING_SETTINGS, skipTestOrders: false };
    expect(previewOrder(input({ ...plain(), test: true }, { forwarding })).send).toBe(true);
  });

  it("waits out the settings' wait before sending, then sends", () => {
    const forwarding = { ...DEFAULT_FORWARDING_SETTINGS, holdMinutes: 60 };
    const paid = new Date("2026-07-14T14:15:29Z").getTime();
    const early = previewOrder(input(plain(), { forwarding, now: new Date(paid + 10 * 60_000) }));
    expect(early).toMatchObject({
      send: false,
      state: "scheduled",
      reason: "Your settings wait 60 minutes after an order is paid before sending it, so this one goes at 2026-07-14T15:15:29.000Z.",
      problems: [{ code: HOLD_WINDOW_CODE }],
    });
    expect(previewOrder(input(plain(), { forwarding, now: new Date(paid + 61 * 60_000) })).send).toBe(true);
  });

  it("holds an order whose fulfillment order Shopify holds, with the hold's reason", () => {
    const { order, mugId, posterId } = printfulCart("manual");
    const held: FulfillmentOrderView = {
      id: "gid://shopify/FulfillmentOrder/1",
      status: "ON_HOLD",
      locationId: "gid://shopify/Location/1",
      locationName: "Shop location",
      holds: [{ reason: "HIGH_RISK_OF_FRAUD", reasonNotes: "Checking the card" }],
      lineItems: [mugId, posterId].map((lineItemId, index) => ({
        id: `fo-line-${index}`,
        lineItemId,
        totalQuantity: 1,
        remainingQuantity: 1,
      })),
    };
    expect(previewOrder(input(undefined, { order, routing: routedBy([held]) }))).toEqual({
      send: false,
      state: "held",
      reason: "Its fulfillment is on hold in Shopify (Checking the card). Release the hold in Shopify and the order is sent.",
      problems: [{ code: FULFILLMENT_HOLD_CODE, message: expect.stringContaining("Checking the card"), fix: null }],
      routed: false,
      skippedLineItems: [],
    });
  });

  it("says nothing is for HyperSKU when a fulfillment service ships every line, listing them", () => {
    const art = buildRestLineItem({ overrides: { title: "Art Poster", fulfillment_service: "printful" } });
    const payload = buildRestOrder({ lineItems: [art] });
    const order = snapshotOfRest(payload);
    const routing = routedBy(routeByFulfillmentService(payload, order)!.fulfillmentOrders);
    const preview = previewOrder(input(payload, { order, routing }));
    expect(preview).toMatchObject({
      send: false,
      state: "skipped",
      reason: "Nothing in this order is for HyperSKU to fulfil.",
      routed: true,
      problems: [{ code: "not_for_hypersku" }],
      skippedLineItems: [{ lineItemId: String(art.id), code: "other_fulfiller" }],
    });
  });

  it("sends nothing when the fulfillment orders were not all read, as the app", () => {
    const { order, routing } = printfulCart("manual");
    expect(previewOrder(input(undefined, { order, routing, routingTruncated: true }))).toMatchObject({
      send: false,
      state: "needs_attention",
      problems: [{ code: "too_many_lines" }],
    });
  });

  it("names every problem, and how many more there are, when the address lacks several things", () => {
    const payload = buildRestOrder();
    const noCityNoStreet = { ...payload, shipping_address: { ...(payload.shipping_address as object), city: "", address1: "" } };
    const preview = previewOrder(input(noCityNoStreet));
    if (preview.send) throw new Error("expected not to send");
    expect(preview.state).toBe("needs_attention");
    expect(preview.problems.map((problem) => problem.code).sort()).toEqual(["missing_address_line", "missing_city"]);
    expect(preview.reason).toMatch(/ \(and 1 more problem listed above\)$/);
  });
});
