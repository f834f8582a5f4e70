import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import {
  anonymiseHyperskuResponse,
  anonymiseSentRequest,
  anonymiseSnapshot,
  collectPersonalValues,
  REDACTED,
  scrubText,
} from "./anonymise";

const snapshot: ShopifyOrderSnapshot = buildOrderSnapshot({
  email: "zelda@example.org",
  phone: "+44 7700 900123",
  noteAttributes: [{ name: "tax_id", value: "GB123456789" }],
});
const sentRequest = JSON.stringify({
  storeOrderId: snapshot.shopifyOrderId,
  totalPrice: 60.2,
  lineItems: [{ storeOrderLineItemId: "1", quantity: 2, price: 24 }],
  shippingAddress: {
    firstName: "Ada",
    lastName: "Lovelace",
    address1: "1600 Amphitheatre Pkwy",
    city: "Mountain View",
    countryCode: "US",
    countryName: "United States",
    email: "zelda@example.org",
    taxNo: "GB123456789",
  },
});
const hyperskuResponse = JSON.stringify({
  orderBaseInfo: { orderId: 1000001, status: 4 },
  orderAddressInfo: {
    firstName: "Ada",
    lastName: "Lovelace",
    address1: "1600 Amphitheatre Pkwy",
    city: "Mountain View",
    countryCode: "US",
    countryName: "United States",
    phone: "+1 650-555-0100",
  },
  logisticsItems: [{ trackingNumber: "YT1" }],
});

describe("anonymising an order", () => {
  it("blanks every personal field of the snapshot and keeps the rest", () => {
    const clean = anonymiseSnapshot(snapshot);
    expect(clean).toMatchObject({
      email: null,
      phone: null,
      shopifyOrderId: snapshot.shopifyOrderId,
      totalPrice: snapshot.totalPrice,
      name: snapshot.name,
    });
    expect(clean.shippingAddress).toEqual({
      firstName: null,
      lastName: null,
      company: null,
      address1: null,
      address2: null,
      city: null,
      province: null,
      provinceCode: null,
      zip: null,
      phone: null,
      country: "United States",
      countryCode: "US",
    });
    expect(clean.noteAttributes).toEqual([{ name: "tax_id", value: REDACTED }]);
    expect(clean.lineItems.map((item) => item.quantity)).toEqual(snapshot.lineItems.map((item) => item.quantity));
  });

  it("drops what the list does not know, and what is not of the shape it expects", () => {
    const older = { ...snapshot, billingAddress: { address1: "10 Downing St" } } as ShopifyOrderSnapshot;
    expect(anonymiseSnapshot(older)).not.toHaveProperty("billingAddress");
    const odd = { ...snapshot, shippingAddress: "10 Downing St, London", note: null } as unknown as ShopifyOrderSnapshot;
    expect(anonymiseSnapshot(odd)).toMatchObject({ shippingAddress: null, note: null });
    const request = JSON.parse(anonymiseSentRequest(JSON.stringify({ storeOrderId: "1", customer: { name: "Ada" } }))!);
    expect(request).toEqual({ storeOrderId: "1" });
  });

  it("keeps only the country of the addresses sent to and held by HyperSKU", () => {
    const request = JSON.parse(anonymiseSentRequest(sentRequest)!);
    expect(request.shippingAddress).toEqual({ countryCode: "US", countryName: "United States" });
    expect(request.lineItems).toHaveLength(1);
    const response = JSON.parse(anonymiseHyperskuResponse(hyperskuResponse)!);
    expect(response.orderAddressInfo).toMatchObject({ firstName: null, address1: null, phone: null, countryCode: "US" });
    expect(response.logisticsItems[0].trackingNumber).toBe("YT1");
    expect(anonymiseSentRequest(null)).toBeNull();
    expect(anonymiseSentRequest("not json")).toBe(REDACTED);
  });

  it("collects every personal value, longest first, leaving out values too short to search for", () => {
    const values = collectPersonalValues({ snapshot: JSON.stringify(snapshot), sentRequest, hyperskuResponse }, ["x@y.z", "ab"]);
    expect(values).toEqual(
      expect.arrayContaining([
        "Ada Lovelace",
        "Lovelace",
        "1600 Amphitheatre Pkwy",
        "Mountain View",
        "zelda@example.org",
        "+44 7700 900123",
        "GB123456789",
        "x@y.z",
      ]),
    );
    expect(values).not.toContain("ab");
    expect(values[0].length).toBeGreaterThanOrEqual(values[values.length - 1].length);
    // A note written over several lines is also searched for as quoted on one.
    const noted = collectPersonalValues({
      snapshot: JSON.stringify(buildOrderSnapshot({ note: "Ring Zelda\n  on the bell" })),
      sentRequest: null,
      hyperskuResponse: null,
    });
    expect(noted).toEqual(expect.arrayContaining(["Ring Zelda\n  on the bell", "Ring Zelda on the bell"]));
  });

  it("scrubs free text case-insensitively, JSON-escaped forms included", () => {
    const values = ['Zoë O"Neil', "Mountain View"];
    expect(scrubText('HyperSKU cannot ship to MOUNTAIN VIEW for Zoë O"Neil', values)).toBe(
      `HyperSKU cannot ship to ${REDACTED} for ${REDACTED}`,
    );
    expect(scrubText(JSON.stringify({ to: 'Zoë O"Neil' }), values)).toBe(`{"to":"${REDACTED}"}`);
    expect(scrubText(null, values)).toBeNull();
  });
});
