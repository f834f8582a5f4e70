import {
  countParcelItems,
  getAllowedActions,
  isIntentAllowed,
  mapOrderBlockView,
  mapSafeTrackingUrl,
  parseOrderBlockIntent,
  type OrderBlockOrder,
  type OrderBlockParcelRow,
} from "./order-block-view";

function order(overrides: Partial<OrderBlockOrder> = {}): OrderBlockOrder {
  return {
    shopifyOrderId: "5600000000001",
    name: "#1001",
    state: "sent",
    stateCode: null,
    stateReason: null,
    hyperskuOrderId: "HS-20260714-0001",
    hyperskuStatus: 4,
    hyperskuStatusDesc: null,
    sentAt: new Date("2026-07-14T14:20:00Z"),
    flagCode: null,
    flagReason: null,
    nextAttemptAt: null,
    shopifyCancelled: false,
    ...overrides,
  };
}

function parcel(overrides: Partial<OrderBlockParcelRow> = {}): OrderBlockParcelRow {
  return {
    parcelKey: "YT2607140001",
    trackingCompany: "YunExpress",
    trackingNumber: "YT2607140001",
    trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT2607140001",
    items: JSON.stringify([{ storeOrderLineItemId: "1", quantity: 2, title: "Mug" }]),
    status: "Shipping",
    fulfillmentState: "created",
    fulfillmentError: null,
    ...overrides,
  };
}

describe("mapOrderBlockView", () => {
  it("shows a sent order with its HyperSKU id, status meaning and parcels, and no actions", () => {
    const view = mapOrderBlockView(order(), [
      parcel(),
      parcel({ parcelKey: "2", trackingCompany: "USPS", trackingNumber: "9400", trackingUrl: null }),
    ]);
    expect(view).toMatchObject({
      shopifyOrderId: "5600000000001",
      state: "sent",
      stateLabel: "Shipped",
      handled: true,
      sentToHypersku: true,
      sentAt: "2026-07-14T14:20:00.000Z",
      hypersku: {
        orderId: "HS-20260714-0001",
        status: { code: 4, name: "Shipping", meaning: "Shipped; tracking is available.", tone: "success" },
      },
      problems: [],
      actions: { sendNow: false, retry: false },
    });
    expect(view.parcels).toEqual([
      {
        key: "YT2607140001",
        carrier: "YunExpress",
        trackingNumber: "YT2607140001",
        trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT2607140001",
        status: "Shipping",
        itemCount: 2,
        fulfillment: "created",
        fulfillmentError: null,
      },
      expect.objectContaining({ key: "2", carrier: "USPS", trackingUrl: null }),
    ]);
  });

  it("names the shop's time zone for the block's times; UTC before it is known or for an unknown one", () => {
    expect(mapOrderBlockView(order(), [], { timeZone: "America/New_York" }).timeZone).toBe("America/New_York");
    expect(mapOrderBlockView(order(), []).timeZone).toBe("UTC");
    expect(mapOrderBlockView(order(), [], { timeZone: "Mars/Olympus_Mons" }).timeZone).toBe("UTC");
  });

  it("prefers HyperSKU's own status words and keeps the meaning from the table", () => {
    const view = mapOrderBlockView(order({ hyperskuStatus: 2, hyperskuStatusDesc: "Purchasing" }), []);
    expect(view.hypersku?.status).toMatchObject({ code: 2, name: "Purchasing", meaning: expect.stringContaining("purchasing the items") });
  });

  it("offers Send now for an order still waiting its turn, with no HyperSKU data", () => {
    const view = mapOrderBlockView(order({ state: "scheduled", hyperskuOrderId: null, hyperskuStatus: null, sentAt: null }), []);
    expect(view).toMatchObject({ sentToHypersku: false, hypersku: null, actions: { sendNow: true, retry: false } });
  });

  it("offers Retry for a failed order and gives the problem with its fix", () => {
    const view = mapOrderBlockView(
      order({
        state: "failed",
        stateCode: "hypersku_unavailable",
        stateReason: "Sending failed 12 times. Last error: HyperSKU did not answer.",
        hyperskuOrderId: null,
        hyperskuStatus: null,
        sentAt: null,
      }),
      [],
    );
    expect(view.actions).toEqual({ sendNow: false, retry: true });
    expect(view.problems).toEqual([
      {
        source: "state",
        code: "hypersku_unavailable",
        message: "Sending failed 12 times. Last error: HyperSKU did not answer.",
        fix: expect.stringContaining("choose Retry"),
        severity: "critical",
      },
    ]);
  });

  it("takes the fix of a reason the order cannot be sent from the orders catalogue", () => {
    const view = mapOrderBlockView(
      order({
        state: "needs_attention",
        stateCode: "missing_city",
        stateReason: "The shipping address has no city.",
        hyperskuOrderId: null,
      }),
      [],
    );
    expect(view.problems[0]).toMatchObject({ code: "missing_city", fix: expect.stringContaining("add the city"), severity: "critical" });
  });

  it("marks an order left alone on purpose as not handled, with its reason", () => {
    const view = mapOrderBlockView(
      order({
        state: "skipped",
        stateCode: "nothing_to_ship",
        stateReason: "Nothing in this order needs shipping.",
        hyperskuOrderId: null,
      }),
      [],
    );
    expect(view).toMatchObject({ handled: false, actions: { sendNow: false, retry: true } });
    expect(view.problems[0]).toMatchObject({ code: "nothing_to_ship", severity: "info", fix: expect.any(String) });
  });

  it("adds a flag raised after sending, even with an unknown code", () => {
    const view = mapOrderBlockView(order({ flagCode: "something_new", flagReason: "HyperSKU refused the address change." }), []);
    expect(view.problems).toEqual([
      { source: "flag", code: "something_new", message: "HyperSKU refused the address change.", fix: null, severity: "warning" },
    ]);
  });

  it("names an order at HyperSKU by its pipeline stage, as the app's pages do, not a plain Sent", () => {
    const label = (overrides: Partial<OrderBlockOrder>, parcels: OrderBlockParcelRow[] = []) =>
      mapOrderBlockView(order(overrides), parcels).stateLabel;
    expect(label({ hyperskuStatus: 1 })).toBe("Awaiting payment");
    expect(label({ hyperskuStatus: 10 })).toBe("Needs you");
    expect(label({ hyperskuStatus: 11 }, [parcel()])).toBe("Needs you");
    expect(label({ hyperskuStatus: 6 })).toBe("Cancelled");
    expect(label({ hyperskuStatus: 6 }, [parcel()])).toBe("Delivered");
    expect(mapOrderBlockView(order({ hyperskuStatus: 6, shopifyCancelled: true }), []).stateMeaning).toBe(
      "Cancelled in Shopify and at HyperSKU.",
    );
  });

  it("explains a held order by what it waits for, with the fix for that cause", () => {
    const held = (stateCode: string, stateReason: string) =>
      mapOrderBlockView(order({ state: "held", stateCode, stateReason, hyperskuOrderId: null, hyperskuStatus: null, sentAt: null }), []);
    const sourcing = held("needs_sourcing", 'HyperSKU has not sourced "Mug" yet.');
    expect(sourcing.stateMeaning).toMatch(/^Waiting for HyperSKU to source/);
    expect(sourcing.problems[0]).toMatchObject({ code: "needs_sourcing", severity: "warning", fix: expect.stringMatching(/Send anyway/) });
    const shopifyHold = held("fulfillment_on_hold", "Its fulfillment is on hold in Shopify (fraud).");
    expect(shopifyHold.stateMeaning).toMatch(/^Waiting for Shopify/);
    expect(shopifyHold.problems[0].fix).toMatch(/release its fulfillment hold/);
    const uninstalled = held("app_uninstalled", "The app was uninstalled.");
    expect(uninstalled.problems[0].fix).toMatch(/^Reinstall the app/);
    for (const view of [sourcing, shopifyHold]) expect(view.stateMeaning).not.toMatch(/connect/i);
  });

  it("keeps an unknown state readable", () => {
    expect(mapOrderBlockView(order({ state: "teleported" }), [])).toMatchObject({
      stateLabel: "teleported",
      stateMeaning: "",
      actions: { sendNow: false, retry: false },
    });
  });
});

describe("actions", () => {
  it.each([
    ["waiting", true, false],
    ["scheduled", true, false],
    ["held", true, false],
    ["sending", false, false],
    ["checking", false, false],
    ["sent", false, false],
    ["needs_attention", false, true],
    ["failed", false, true],
    ["skipped", false, true],
    ["cancelled", false, false],
  ])("%s: send now %s, retry %s", (state, sendNow, retry) => {
    expect(getAllowedActions(state)).toEqual({ sendNow, retry });
    expect(isIntentAllowed(state, "send-now")).toBe(sendNow);
    expect(isIntentAllowed(state, "retry")).toBe(retry);
  });

  it("offers Retry for an order shown sending or checking that no job runs any more", () => {
    for (const state of ["sending", "checking"]) {
      expect(getAllowedActions(state, true)).toEqual({ sendNow: false, retry: true });
      expect(isIntentAllowed(state, "retry", true)).toBe(true);
    }
    const view = mapOrderBlockView(
      order({ state: "checking", stateCode: "create_unconfirmed", stateReason: "HyperSKU did not confirm." }),
      [],
      { stalled: false },
    );
    expect(view).toMatchObject({ stateLabel: "Checking with HyperSKU", actions: { sendNow: false, retry: false } });
    expect(view.problems[0]).toMatchObject({ severity: "info", fix: expect.stringMatching(/cancels a copy that arrives there late/) });
  });

  it("parses only the two intents", () => {
    expect(parseOrderBlockIntent("send-now")).toBe("send-now");
    expect(parseOrderBlockIntent("retry")).toBe("retry");
    expect(parseOrderBlockIntent("delete")).toBeNull();
    expect(parseOrderBlockIntent(null)).toBeNull();
  });
});

describe("parcel details", () => {
  it("links only to http(s) tracking pages", () => {
    expect(mapSafeTrackingUrl("https://t.17track.net/en#nums=YT1")).toBe("https://t.17track.net/en#nums=YT1");
    expect(mapSafeTrackingUrl("javascript:alert(1)")).toBeNull();
    expect(mapSafeTrackingUrl("not a url")).toBeNull();
    expect(mapSafeTrackingUrl(null)).toBeNull();
  });

  it("counts units and survives unreadable item lists", () => {
    expect(countParcelItems(JSON.stringify([{ quantity: 2 }, { quantity: 1 }, { quantity: "x" }, null]))).toBe(3);
    expect(countParcelItems("{oops")).toBe(0);
    expect(countParcelItems("{}")).toBe(0);
  });
});
