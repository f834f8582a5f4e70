import { findShopifyTrackingCompany, SHOPIFY_TRACKING_COMPANIES, toShopifyTracking } from "./carriers";

describe("findShopifyTrackingCompany", () => {
  it.each([
    ["USPS", "USPS"],
    ["usps", "USPS"],
    ["United States Postal Service", "USPS"],
    ["YunExpress", "YunExpress"],
    ["Yun Express", "YunExpress"],
    ["YUN EXPRESS", "YunExpress"],
    ["4PX", "4PX"],
    ["4PX Express", "4PX"],
    ["China Post", "China Post"],
    ["china-post", "China Post"],
    ["China Post Registered Air Mail", "China Post"],
    ["DHL eCommerce", "DHL eCommerce"],
    ["DHL Express", "DHL Express"],
  ])("maps HyperSKU's %j to Shopify's %j", (name, company) => {
    expect(findShopifyTrackingCompany(name)).toBe(company);
  });

  it.each(["DHL", "dhl", "Hermes"])("does not guess a carrier for the ambiguous %j", (name) => {
    expect(findShopifyTrackingCompany(name)).toBeNull();
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
  it.each([
    ["USPS", "USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490"],
    ["usps", "USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490"],
    ["YunExpress", "YunExpress", "https://www.yuntrack.com/parcelTracking?id=YT2607140001"],
    ["Yun Express", "YunExpress", "https://www.yuntrack.com/parcelTracking?id=YT2607140001"],
    ["4PX", "4PX", "https://track.4px.com/#/result/0/4PX3000222333CN"],
    ["China Post", "China Post", "https://t.17track.net/en#nums=LX000123456CN"],
    ["DHL eCommerce", "DHL eCommerce", "https://www.dhl.com/global-en/home/tracking.html?tracking-id=GM1"],
    ["DHL", "DHL", "https://www.dhl.com/global-en/home/tracking.html?tracking-id=GM1"],
    ["Sunyou Economic Air Mail", "Sunyou Economic Air Mail", "https://www.sypost.net/search?orderNo=SYAE000123456"],
  ])("sends %j as company %j together with HyperSKU's URL", (trackingCompany, company, url) => {
    expect(toShopifyTracking({ trackingCompany, trackingNumber: " N1 ", trackingUrl: ` ${url} ` })).toEqual({
      company,
      number: "N1",
      url,
      knownCarrier: company !== "DHL" && company !== "Sunyou Economic Air Mail",
    });
  });

  it("lets Shopify build the link when HyperSKU gives no URL", () => {
    expect(toShopifyTracking({ trackingCompany: "Yun Express", trackingNumber: "YT1", trackingUrl: null })).toEqual({
      company: "YunExpress",
      number: "YT1",
      knownCarrier: true,
    });
  });

  it("sends the URL with the number when HyperSKU names no carrier", () => {
    expect(toShopifyTracking({ trackingCompany: null, trackingNumber: "X1", trackingUrl: "https://t.17track.net/en#nums=X1" })).toEqual({
      number: "X1",
      url: "https://t.17track.net/en#nums=X1",
      knownCarrier: false,
    });
  });

  it("never sends a URL without a number (Shopify wants both), nor one that is not a web address", () => {
    expect(toShopifyTracking({ trackingCompany: null, trackingNumber: null, trackingUrl: "https://x" })).toEqual({ knownCarrier: false });
    expect(toShopifyTracking({ trackingCompany: "Sunyou", trackingNumber: "SY1", trackingUrl: "javascript:alert(1)" })).toEqual({
      company: "Sunyou",
      number: "SY1",
      knownCarrier: false,
    });
    expect(toShopifyTracking({ trackingCompany: "Sunyou", trackingNumber: "SY1", trackingUrl: "www.sypost.net" })).toEqual({
      company: "Sunyou",
      number: "SY1",
      knownCarrier: false,
    });
  });
});
