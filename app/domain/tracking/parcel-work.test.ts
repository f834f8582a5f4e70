import { appFulfilledUnits, CLAIM_STALE_MS, describeParcelItems, describeTracking, parcelWork, type ParcelRow } from "./parcel-work";

const now = new Date("2026-11-01T12:00:00Z");
const row = (overrides: Partial<ParcelRow> = {}): ParcelRow => ({
  fulfillmentState: "pending",
  trackingCompany: "YunExpress",
  trackingNumber: "YT1",
  trackingUrl: null,
  shopifyFulfillmentId: null,
  syncedTracking: null,
  updatedAt: now,
  ...overrides,
});
const old = new Date(now.getTime() - CLAIM_STALE_MS);

describe("parcelWork", () => {
  it("creates a fulfillment once a pending parcel has a tracking number", () => {
    expect(parcelWork(row(), now)).toBe("create");
    expect(parcelWork(row({ trackingNumber: null }), now)).toBeNull();
  });

  it("leaves a fresh claim to its run and takes over a stale one", () => {
    expect(parcelWork(row({ fulfillmentState: "creating" }), now)).toBe("busy");
    expect(parcelWork(row({ fulfillmentState: "creating", updatedAt: old }), now)).toBe("create");
    expect(parcelWork(row({ fulfillmentState: "updating", shopifyFulfillmentId: "f" }), now)).toBe("busy");
    expect(parcelWork(row({ fulfillmentState: "updating", shopifyFulfillmentId: "f", updatedAt: old }), now)).toBe("update");
  });

  it("updates Shopify only when the tracking differs from what was written", () => {
    const created = { fulfillmentState: "created", shopifyFulfillmentId: "gid://shopify/Fulfillment/1" };
    expect(parcelWork(row({ ...created, syncedTracking: "YunExpress|YT1|" }), now)).toBeNull();
    expect(parcelWork(row({ ...created, syncedTracking: "YunExpress|YT0|" }), now)).toBe("update");
  });

  it("does nothing for settled parcels", () => {
    for (const state of ["conflict", "failed", "not_needed"]) expect(parcelWork(row({ fulfillmentState: state }), now)).toBeNull();
  });
});

describe("descriptions", () => {
  it("reads well on the timeline", () => {
    expect(
      describeParcelItems([
        { quantity: 2, title: "Mug", storeOrderLineItemId: "1" },
        { quantity: 1, title: null, storeOrderLineItemId: "2" },
      ]),
    ).toBe("2 × Mug, 1 × line item 2");
    expect(describeTracking({ trackingCompany: "4PX", trackingNumber: "N1" })).toBe("4PX N1");
    expect(describeTracking({ trackingCompany: null, trackingNumber: null })).toBe("no tracking number yet");
  });
});

describe("appFulfilledUnits", () => {
  const parcel = (fulfillmentState: string, items: unknown) => ({ fulfillmentState, items: JSON.stringify(items) });

  it("sums the units of parcels fulfilled or being fulfilled, per line", () => {
    const units = appFulfilledUnits([
      parcel("created", [{ storeOrderLineItemId: "11", quantity: 1 }]),
      parcel("creating", [
        { storeOrderLineItemId: "11", quantity: 1 },
        { storeOrderLineItemId: "12", quantity: 2 },
      ]),
      parcel("pending", [{ storeOrderLineItemId: "12", quantity: 5 }]),
      parcel("conflict", [{ storeOrderLineItemId: "12", quantity: 5 }]),
    ]);
    expect(units).toEqual(
      new Map([
        ["11", 2],
        ["12", 2],
      ]),
    );
  });

  it("is unknown when a fulfilled parcel does not name its line", () => {
    expect(appFulfilledUnits([parcel("created", [{ storeOrderLineItemId: null, quantity: 1 }])])).toBeNull();
    expect(appFulfilledUnits([parcel("pending", [{ storeOrderLineItemId: null, quantity: 1 }])])).toEqual(new Map());
  });
});
