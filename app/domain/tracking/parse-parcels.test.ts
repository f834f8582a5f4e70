import type { HyperskuLogisticsItem } from "~/integrations/hypersku/schemas";
import { parseParcels, trackingSignature } from "./parse-parcels";

const item = (storeOrderLineItemId: string | null, num: number, extra: Record<string, unknown> = {}) => ({
  storeOrderLineItemId,
  num,
  title: `Item ${storeOrderLineItemId}`,
  variantTitle: "Blue",
  status: 4,
  statusDes: "Shipping",
  ...extra,
});

const parcel = (overrides: Partial<HyperskuLogisticsItem> = {}): HyperskuLogisticsItem => ({
  orderId: 1000001,
  trackingCompany: "YunExpress",
  trackingNumber: "YT0000011234567890",
  trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT0000011234567890",
  shippingItems: [item("11", 2), item("12", 1)],
  ...overrides,
});

describe("parseParcels", () => {
  it("keys a parcel by its contents, not its tracking number, so a carrier change is the same parcel", () => {
    const [before] = parseParcels([parcel()], "1000001");
    const [after] = parseParcels([parcel({ trackingNumber: "9400123", trackingCompany: "USPS" })], "1000001");
    expect(before.parcelKey).toBe("items:11x2,12x1");
    expect(after.parcelKey).toBe(before.parcelKey);
    expect(after.trackingNumber).toBe("9400123");
  });

  it("ignores the order in which HyperSKU lists items, and sums a line listed twice", () => {
    const [a] = parseParcels([parcel({ shippingItems: [item("12", 1), item("11", 1), item("11", 1)] })], null);
    expect(a.parcelKey).toBe("items:11x2,12x1");
    expect(a.items.find((i) => i.storeOrderLineItemId === "11")?.quantity).toBe(2);
  });

  it("numbers parcels with identical contents, and splits of one line stay apart", () => {
    const parcels = parseParcels(
      [
        parcel({ shippingItems: [item("11", 1)], trackingNumber: "A" }),
        parcel({ shippingItems: [item("11", 1)], trackingNumber: "B" }),
        parcel({ shippingItems: [item("11", 2)], trackingNumber: "C" }),
      ],
      null,
    );
    expect(parcels.map((p) => p.parcelKey)).toEqual(["items:11x1", "items:11x1#2", "items:11x2"]);
  });

  it("leaves out other HyperSKU orders' parcels and entries with nothing in them", () => {
    const parcels = parseParcels(
      [
        parcel({ orderId: 999 }),
        parcel({ shippingItems: [], trackingNumber: null }),
        parcel({ shippingItems: null, trackingNumber: "ONLY" }),
      ],
      "1000001",
    );
    expect(parcels).toHaveLength(1);
    expect(parcels[0]).toMatchObject({ parcelKey: "tracking:ONLY", items: [] });
  });

  it("tolerates missing fields: no tracking yet, blank strings, items without units", () => {
    const [p] = parseParcels(
      [
        parcel({
          trackingNumber: "  ",
          trackingCompany: "",
          trackingUrl: null,
          shippingItems: [item("11", 1), item("12", 0), item(null, 1, { lineItemId: 5 })],
        }),
      ],
      null,
    );
    expect(p).toMatchObject({ trackingNumber: null, trackingCompany: null, trackingUrl: null, status: "Shipping" });
    expect(p.parcelKey).toBe("items:11x1,hypersku-line-5x1");
    expect(p.items).toHaveLength(2);
    expect(p.items[1].storeOrderLineItemId).toBeNull();
  });

  it("signs tracking as one comparable string", () => {
    expect(trackingSignature({ trackingCompany: "4PX", trackingNumber: "N", trackingUrl: null })).toBe("4PX|N|");
  });
});
