import type { ParsedParcel } from "./parse-parcels";
import { planParcelChanges, type StoredParcel } from "./plan-parcel-changes";

const parsed = (overrides: Partial<ParsedParcel> = {}): ParsedParcel => ({
  parcelKey: "items:11x1",
  trackingCompany: "YunExpress",
  trackingNumber: "YT1",
  trackingUrl: "https://t/YT1",
  items: [{ storeOrderLineItemId: "11", quantity: 1, title: "Mug", variantTitle: null, imgUrl: null, status: 4, statusDes: "Shipping" }],
  status: "Shipping",
  ...overrides,
});

const stored = (parcel: ParsedParcel, id = "p1", fulfillmentState = "pending"): StoredParcel => ({
  id,
  parcelKey: parcel.parcelKey,
  trackingCompany: parcel.trackingCompany,
  trackingNumber: parcel.trackingNumber,
  trackingUrl: parcel.trackingUrl,
  items: JSON.stringify(parcel.items),
  status: parcel.status,
  fulfillmentState,
  shopifyFulfillmentId: null,
});

describe("planParcelChanges", () => {
  it("creates what is new and leaves what is unchanged alone", () => {
    const first = parsed();
    const second = parsed({ parcelKey: "items:12x1", trackingNumber: "YT2" });
    const plan = planParcelChanges([stored(first)], [first, second]);
    expect(plan.create).toEqual([second]);
    expect(plan.update).toEqual([]);
    expect(plan.vanished).toEqual([]);
  });

  it("sees a new tracking number on the same contents as a tracking change", () => {
    const before = parsed();
    const after = parsed({ trackingCompany: "USPS", trackingNumber: "9400", trackingUrl: null });
    const plan = planParcelChanges([stored(before)], [after]);
    expect(plan.create).toEqual([]);
    expect(plan.update).toEqual([
      expect.objectContaining({
        id: "p1",
        trackingChanged: true,
        contentsChanged: false,
        previous: { trackingCompany: "YunExpress", trackingNumber: "YT1", trackingUrl: "https://t/YT1" },
      }),
    ]);
  });

  it("matches by tracking number when HyperSKU changed the listed contents", () => {
    const before = parsed();
    const after = parsed({ parcelKey: "items:11x1,12x1" });
    const plan = planParcelChanges([stored(before)], [after]);
    expect(plan.create).toEqual([]);
    expect(plan.update[0]).toMatchObject({ trackingChanged: false, contentsChanged: true });
  });

  it("refreshes item statuses, and reports parcels HyperSKU no longer lists", () => {
    const before = parsed();
    const delivered = parsed({ status: "Delivered", items: [{ ...before.items[0], status: 5, statusDes: "Delivered" }] });
    expect(planParcelChanges([stored(before)], [delivered]).update[0]).toMatchObject({ trackingChanged: false, contentsChanged: false });
    expect(planParcelChanges([stored(before)], []).vanished.map((p) => p.id)).toEqual(["p1"]);
  });

  it("brings back a parcel HyperSKU had stopped listing", () => {
    const parcel = parsed();
    expect(planParcelChanges([stored(parcel, "p1", "not_needed")], [parcel]).update.map((u) => u.id)).toEqual(["p1"]);
  });
});
