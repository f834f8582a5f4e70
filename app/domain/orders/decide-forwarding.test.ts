import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { decideForwarding, DEFAULT_FORWARDING_SETTINGS, type ForwardingSettings } from "./decide-forwarding";

const NOW = new Date("2026-07-14T15:00:00Z");
const settings = (overrides: Partial<ForwardingSettings> = {}): ForwardingSettings => ({
  ...DEFAULT_FORWARDING_SETTINGS,
  ...overrides,
});

describe("DEFAULT_FORWARDING_SETTINGS", () => {
  it("sends paid orders at once, skips test orders, excludes no tag", () => {
    expect(DEFAULT_FORWARDING_SETTINGS).toEqual({ trigger: "paid", holdMinutes: 0, skipTestOrders: true, excludedTags: [] });
    expect(Object.isFrozen(DEFAULT_FORWARDING_SETTINGS)).toBe(true);
  });
});

describe("decideForwarding: forward", () => {
  it("forwards a paid order from the moment it was paid", () => {
    const order = buildOrderSnapshot({ paidAt: "2026-07-14T14:20:00.000Z" });
    expect(decideForwarding(order, settings(), NOW)).toEqual({ action: "forward", notBefore: new Date("2026-07-14T14:20:00Z") });
  });

  it("falls back to processedAt when the paid time is unknown (REST webhooks)", () => {
    const order = buildOrderSnapshot({ paidAt: null, processedAt: "2026-07-14T14:15:29.000Z" });
    expect(decideForwarding(order, settings(), NOW)).toEqual({ action: "forward", notBefore: new Date("2026-07-14T14:15:29Z") });
  });

  it("adds the hold window", () => {
    const order = buildOrderSnapshot({ paidAt: "2026-07-14T14:20:00.000Z" });
    expect(decideForwarding(order, settings({ holdMinutes: 90 }), NOW)).toEqual({
      action: "forward",
      notBefore: new Date("2026-07-14T15:50:00Z"),
    });
  });

  it("counts the hold window from creation when the trigger is 'created', paid or not", () => {
    const order = buildOrderSnapshot({ financialStatus: "pending", createdAt: "2026-07-14T10:00:00.000Z" });
    expect(decideForwarding(order, settings({ trigger: "created", holdMinutes: 30 }), NOW)).toEqual({
      action: "forward",
      notBefore: new Date("2026-07-14T10:30:00Z"),
    });
  });

  it("treats a negative or broken hold window as none", () => {
    const order = buildOrderSnapshot({ paidAt: "2026-07-14T14:20:00.000Z" });
    for (const holdMinutes of [-5, Number.NaN]) {
      expect(decideForwarding(order, settings({ holdMinutes }), NOW)).toEqual({
        action: "forward",
        notBefore: new Date("2026-07-14T14:20:00Z"),
      });
    }
  });

  it("counts from now when the order carries no usable time", () => {
    const order = buildOrderSnapshot({ paidAt: null, processedAt: null, createdAt: null });
    expect(decideForwarding(order, settings({ holdMinutes: 1 }), NOW)).toEqual({
      action: "forward",
      notBefore: new Date("2026-07-14T15:01:00Z"),
    });
  });

  it("forwards a partly refunded or partly fulfilled order (the mapper sends what is left)", () => {
    const order = buildOrderSnapshot({ financialStatus: "partially_refunded", fulfillmentStatus: "partially_fulfilled" });
    expect(decideForwarding(order, settings(), NOW).action).toBe("forward");
  });

  it("forwards a test order when the shop wants test orders", () => {
    expect(decideForwarding(buildOrderSnapshot({ test: true }), settings({ skipTestOrders: false }), NOW).action).toBe("forward");
  });
});

describe("decideForwarding: wait", () => {
  it.each(["pending", "authorized", "partially_paid", null])("waits for payment when the order is %s", (financialStatus) => {
    expect(decideForwarding(buildOrderSnapshot({ financialStatus }), settings(), NOW)).toEqual({
      action: "wait",
      code: "awaiting_payment",
      reason: "This order is not paid yet. It will be sent to HyperSKU once Shopify marks it as paid.",
    });
  });
});

describe("decideForwarding: skip", () => {
  it("skips a cancelled order", () => {
    expect(decideForwarding(buildOrderSnapshot({ cancelledAt: "2026-07-14T14:30:00.000Z" }), settings(), NOW)).toEqual({
      action: "skip",
      code: "cancelled",
      reason: "This order was cancelled in Shopify, so it is not sent to HyperSKU.",
    });
  });

  it("skips a test order by default", () => {
    expect(decideForwarding(buildOrderSnapshot({ test: true }), settings(), NOW)).toMatchObject({ action: "skip", code: "test_order" });
  });

  it("skips an order with an excluded tag, ignoring case and spaces, and names the tag", () => {
    const order = buildOrderSnapshot({ tags: ["VIP", " Local Pickup "] });
    expect(decideForwarding(order, settings({ excludedTags: ["  local pickup", ""] }), NOW)).toEqual({
      action: "skip",
      code: "excluded_tag",
      reason: 'This order has a tag you chose to keep away from HyperSKU. (tag "Local Pickup")',
    });
  });

  it("does not skip on a partial tag match or an empty excluded tag", () => {
    const order = buildOrderSnapshot({ tags: ["pickup-later"] });
    expect(decideForwarding(order, settings({ excludedTags: ["pickup", " "] }), NOW).action).toBe("forward");
  });

  it.each([
    [{ financialStatus: "refunded" }, "refunded"],
    [{ financialStatus: "voided" }, "payment_voided"],
    [{ financialStatus: "expired" }, "payment_voided"],
    [{ fulfillmentStatus: "fulfilled" }, "fulfilled"],
    [{ closedAt: "2026-07-14T14:40:00.000Z" }, "closed"],
  ] as const)("skips %j as %s", (overrides, code) => {
    expect(decideForwarding(buildOrderSnapshot(overrides), settings({ trigger: "created" }), NOW)).toMatchObject({ action: "skip", code });
  });

  it("skips pickup and local delivery orders, saying why; an old snapshot without the field is a shipment", () => {
    expect(decideForwarding(buildOrderSnapshot({ deliveryMethod: "pickup" }), settings(), NOW)).toEqual({
      action: "skip",
      code: "local_pickup",
      reason: "The customer picks this order up in person, so there is no parcel for HyperSKU to ship.",
    });
    expect(decideForwarding(buildOrderSnapshot({ deliveryMethod: "local_delivery" }), settings(), NOW)).toEqual({
      action: "skip",
      code: "local_delivery",
      reason: "This order goes out by your own local delivery, so there is no parcel for HyperSKU to ship.",
    });
    const { deliveryMethod: _dropped, ...stored } = buildOrderSnapshot({ deliveryMethod: "shipping" });
    expect(decideForwarding(stored, settings(), NOW).action).toBe("forward");
  });

  it("names a pickup before it waits for payment, but after a cancellation", () => {
    const pickup = buildOrderSnapshot({ deliveryMethod: "pickup", financialStatus: "pending" });
    expect(decideForwarding(pickup, settings(), NOW)).toMatchObject({ code: "local_pickup" });
    expect(decideForwarding({ ...pickup, cancelledAt: "2026-07-14T14:30:00.000Z" }, settings(), NOW)).toMatchObject({ code: "cancelled" });
  });

  it("gives the most final reason first: cancelled, then test, then tag, then payment", () => {
    const everything = buildOrderSnapshot({
      cancelledAt: "2026-07-14T14:30:00.000Z",
      test: true,
      tags: ["no-ship"],
      financialStatus: "pending",
    });
    const noShip = settings({ excludedTags: ["no-ship"] });
    expect(decideForwarding(everything, noShip, NOW)).toMatchObject({ code: "cancelled" });
    expect(decideForwarding({ ...everything, cancelledAt: null }, noShip, NOW)).toMatchObject({ code: "test_order" });
    expect(decideForwarding({ ...everything, cancelledAt: null, test: false }, noShip, NOW)).toMatchObject({ code: "excluded_tag" });
    expect(decideForwarding({ ...everything, cancelledAt: null, test: false, tags: [] }, noShip, NOW)).toMatchObject({
      code: "awaiting_payment",
    });
  });
});
