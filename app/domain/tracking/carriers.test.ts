import { findShopifyTrackingCompany, SHOPIFY_TRACKING_COMPANIES, toShopifyTracking } from "./carriers";

describe("findShopifyTrackingCompany", () => {
  it("returns Shopify's exact spelling for carriers HyperSKU writes differently", () => {
    expect(findShopifyTrackingCompany("YUN EXPRESS")).toBe("YunExpress");
    expect(findShopifyTrackingCompany("yunexpress")).toBe("YunExpress");
    expect(findShopifyTrackingCompany("4PX Express")).toBe("4PX");
    expect(findShopifyTrackingCompany("china-post")).toBe("China Post");
    expect(findShopifyTrackingCompany("DHL")).toBe("DHL Express");
    expect(findShopifyTrackingCompany("Usps")).toBe("USPS");
  });

  it("knows nothing of carriers Shopify does not list, or of empty names", () => {
    expect(findShopifyTrackingCompany("Sunyou Economic Air Mail")).toBeNull();
    expect(findShopifyTrackingCompany("  ")).toBeNull();
    expect(findShopifyTrackingCompany(null)).toBeNull();
  });

  it("lists every name once", () => {
    expect(new Set(SHOPIFY_TRACKING_COMPANIES).size).toBe(SHOPIFY_TRACKING_COMPANIES.length);
  });
});

describe("toShopifyTracking", () => {
  it("sends a known carrier by Shopify's name with the number, and lets Shopify build the link", () => {
    expect(toShopifyTracking({ trackingCompany: "Yun Express", trackingNumber: "YT1", trackingUrl: "https://x/YT1" })).toEqual({
      company: "YunExpress",
      number: "YT1",
      knownCarrier: true,
    });
  });

  it("sends an unknown carrier's own name with its URL, so the number stays clickable", () => {
    expect(toShopifyTracking({ trackingCompany: "Sunyou", trackingNumber: "SY1", trackingUrl: "https://sunyou/SY1" })).toEqual({
      company: "Sunyou",
      number: "SY1",
      url: "https://sunyou/SY1",
      knownCarrier: false,
    });
  });

  it("never sends a URL without a number", () => {
    expect(toShopifyTracking({ trackingCompany: null, trackingNumber: null, trackingUrl: "https://x" })).toEqual({ knownCarrier: false });
  });
});
