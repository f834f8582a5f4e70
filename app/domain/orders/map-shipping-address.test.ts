import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { mapShippingAddress } from "./map-shipping-address";
import type { ShopifyAddressSnapshot } from "~/models/order-snapshot";

const withAddress = (overrides: Partial<ShopifyAddressSnapshot> | null) => {
  const order = buildOrderSnapshot();
  return { ...order, shippingAddress: overrides === null ? null : { ...order.shippingAddress!, ...overrides } };
};

describe("mapShippingAddress", () => {
  it("maps Shopify's address onto HyperSKU's field names", () => {
    expect(mapShippingAddress(withAddress({ company: "Analytical Engines Ltd", provinceCode: "CA" }))).toEqual({
      ok: true,
      address: {
        firstName: "Ada",
        lastName: "Lovelace",
        address1: "1600 Amphitheatre Pkwy",
        address2: "Suite 12",
        city: "Mountain View",
        province: "California",
        countryCode: "US",
        countryName: "United States",
        zip: "94043",
        phone: "+1 650-555-0100",
        email: "ada@example.com",
      },
    });
  });

  it("refuses a missing address", () => {
    expect(mapShippingAddress(withAddress(null))).toEqual({ ok: false, codes: ["no_shipping_address"] });
  });

  it("upper-cases a lower-case country code and refuses one that is not two letters", () => {
    const lower = mapShippingAddress(withAddress({ countryCode: "gb" }));
    expect(lower.ok && lower.address.countryCode).toBe("GB");
    expect(mapShippingAddress(withAddress({ countryCode: "GBR" }))).toEqual({ ok: false, codes: ["missing_country"] });
  });

  it("trims but does not otherwise touch the text", () => {
    const result = mapShippingAddress(withAddress({ address1: "  Calle Mayor 1\u00a0", city: "\u3000東京\u3000" }));
    expect(result.ok && [result.address.address1, result.address.city]).toEqual(["Calle Mayor 1", "東京"]);
  });
});
