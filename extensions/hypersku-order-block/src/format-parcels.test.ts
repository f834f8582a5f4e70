import { describe, expect, it } from "vitest";
import { formatParcels, getSafeTrackingUrl } from "./format-parcels";
import { createTestI18n } from "./testing/i18n";
import { buildParcel } from "./testing/orders";

const i18n = createTestI18n();

describe("formatParcels", () => {
  it("lists each parcel with its carrier, a tracking link, status, items and Shopify fulfillment", () => {
    const lines = formatParcels(
      [
        buildParcel(),
        buildParcel({
          key: "2",
          carrier: "USPS",
          trackingNumber: "9400",
          trackingUrl: null,
          itemCount: 1,
          status: null,
          fulfillment: "pending",
        }),
      ],
      i18n,
    );
    expect(lines).toEqual([
      {
        key: "YT2607140001",
        heading: "Parcel 1 of 2",
        carrier: "YunExpress",
        tracking: { text: "YT2607140001", url: "https://www.yuntrack.com/parcelTracking?id=YT2607140001" },
        status: "In transit",
        items: "2 items",
        fulfillment: { text: "Fulfilled in Shopify", tone: "success" },
      },
      {
        key: "2",
        heading: "Parcel 2 of 2",
        carrier: "USPS",
        tracking: { text: "9400", url: null },
        status: null,
        items: "1 item",
        fulfillment: { text: "Not fulfilled in Shopify yet", tone: "neutral" },
      },
    ]);
  });

  it("says what is missing when HyperSKU has not given carrier or tracking yet", () => {
    const [line] = formatParcels([buildParcel({ carrier: null, trackingNumber: null, trackingUrl: null, itemCount: 0 })], i18n);
    expect(line).toMatchObject({ carrier: "Carrier not given yet", tracking: { text: "No tracking number yet", url: null }, items: null });
  });

  it("links a tracking page that came without a number", () => {
    const [line] = formatParcels([buildParcel({ trackingNumber: null })], i18n);
    expect(line.tracking).toEqual({ text: "Track parcel", url: "https://www.yuntrack.com/parcelTracking?id=YT2607140001" });
  });

  it("explains a fulfillment Shopify refused", () => {
    const [failed, conflict, notNeeded] = formatParcels(
      [
        buildParcel({ fulfillment: "failed", fulfillmentError: "The items were already fulfilled." }),
        buildParcel({ key: "b", fulfillment: "conflict" }),
        buildParcel({ key: "c", fulfillment: "not_needed" }),
      ],
      i18n,
    );
    expect(failed.fulfillment).toEqual({ text: "Could not be fulfilled in Shopify: The items were already fulfilled.", tone: "critical" });
    expect(conflict.fulfillment?.tone).toBe("critical");
    expect(notNeeded.fulfillment).toBeNull();
  });
});

describe("getSafeTrackingUrl", () => {
  it("keeps http(s) addresses only", () => {
    expect(getSafeTrackingUrl("https://t.17track.net/en#nums=YT1")).toBe("https://t.17track.net/en#nums=YT1");
    expect(getSafeTrackingUrl("javascript:alert(1)")).toBeNull();
    expect(getSafeTrackingUrl("/relative")).toBeNull();
    expect(getSafeTrackingUrl(null)).toBeNull();
  });
});
