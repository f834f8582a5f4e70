import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { ADDRESS_LINE_WARN_LENGTH, mapShippingAddress, provinceFor } from "./map-shipping-address";
import type { ShopifyAddressSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

const withAddress = (overrides: Partial<ShopifyAddressSnapshot> | null, order: Partial<ShopifyOrderSnapshot> = {}) => {
  const base = { ...buildOrderSnapshot(), ...order };
  return { ...base, shippingAddress: overrides === null ? null : { ...base.shippingAddress!, ...overrides } };
};

const sent = (overrides: Partial<ShopifyAddressSnapshot>, order: Partial<ShopifyOrderSnapshot> = {}) => {
  const result = mapShippingAddress(withAddress(overrides, order));
  if (!result.ok) throw new Error(`refused: ${result.codes.join(", ")}`);
  return result;
};

const JAPAN: Partial<ShopifyAddressSnapshot> = {
  firstName: "Taro",
  lastName: "Yamada",
  address1: "1-1 Chiyoda",
  address2: null,
  city: "Chiyoda-ku",
  province: "Tōkyō",
  provinceCode: "JP-13",
  country: "Japan",
  countryCode: "JP",
  zip: "100-0001",
};

describe("mapShippingAddress", () => {
  it("maps Shopify's address onto HyperSKU's field names", () => {
    expect(mapShippingAddress(withAddress({ provinceCode: "CA" }))).toEqual({
      ok: true,
      address: {
        firstName: "Ada",
        lastName: "Lovelace",
        address1: "1600 Amphitheatre Pkwy",
        address2: "Suite 12",
        city: "Mountain View",
        province: "CA",
        countryCode: "US",
        countryName: "United States",
        zip: "94043",
        phone: "+1 650-555-0100",
        email: "ada@example.com",
      },
      warnings: [],
    });
  });

  it("refuses a missing address", () => {
    expect(mapShippingAddress(withAddress(null))).toEqual({ ok: false, codes: ["no_shipping_address"] });
  });

  it("upper-cases a lower-case country code", () => {
    expect(sent({ countryCode: "gb" }).address.countryCode).toBe("GB");
  });

  it("takes the country code from the name when the code is missing or malformed", () => {
    expect(sent({ countryCode: null, country: "United States" }).address).toMatchObject({
      countryCode: "US",
      countryName: "United States",
    });
    expect(sent({ countryCode: "USA", country: "United States" }).address.countryCode).toBe("US");
    expect(sent({ ...JAPAN, countryCode: null, country: "日本" }).address.countryCode).toBe("JP");
  });

  it("refuses a country it cannot place, saying so, and no country as missing", () => {
    expect(mapShippingAddress(withAddress({ countryCode: null, country: "Atlantis" }))).toEqual({
      ok: false,
      codes: ["unrecognised_country"],
    });
    expect(mapShippingAddress(withAddress({ countryCode: "GBR", country: null }))).toEqual({ ok: false, codes: ["missing_country"] });
  });

  it("trims but does not otherwise touch the text", () => {
    const result = sent({ address1: "  Calle Mayor 1\u00a0", city: "\u3000東京\u3000" });
    expect([result.address.address1, result.address.city]).toEqual(["Calle Mayor 1", "東京"]);
  });
});

describe("mapShippingAddress: the province", () => {
  it("sends a US state as USPS writes it, the code (WA), not the name", () => {
    expect(sent({ province: "Washington", provinceCode: "WA", city: "Seattle", zip: "98101" }).address.province).toBe("WA");
  });

  it.each([
    ["CA", "Ontario", "ON", "ON"],
    ["AU", "New South Wales", "NSW", "NSW"],
    ["BR", "São Paulo", "SP", "SP"],
    ["IT", "Milano", "MI", "MI"],
    ["MX", "Jalisco", "JAL", "Jalisco"],
    ["IE", "Dublin", "D", "Dublin"],
    ["DE", "Bayern", null, "Bayern"],
    ["US", null, "US-WA", "WA"],
    ["US", "Washington", null, "Washington"],
    ["MX", null, "JAL", "JAL"],
  ])("%s: province %j, code %j -> %j", (countryCode, province, provinceCode, expected) => {
    expect(provinceFor(countryCode, { province, provinceCode })).toBe(expected);
  });

  it("sends a Japanese prefecture by name as Japan Post writes it in Latin letters (Tokyo), not JP-13", () => {
    expect(sent(JAPAN).address).toMatchObject({ province: "Tokyo", countryCode: "JP", zip: "100-0001" });
    expect(sent({ ...JAPAN, province: "To\u0304kyo\u0304" }).address.province).toBe("Tokyo");
    expect(sent({ ...JAPAN, province: "東京都" }).address.province).toBe("東京都");
  });
});

describe("mapShippingAddress: the company and the recipient", () => {
  it("puts the company in front of address line 2, where the courier reads it (HyperSKU has no company field)", () => {
    const { address } = sent({ company: "Analytical Engines Ltd" });
    expect(address).toMatchObject({ firstName: "Ada", lastName: "Lovelace", address2: "Analytical Engines Ltd, Suite 12" });
    expect(address).not.toHaveProperty("company");
    expect(sent({ company: "Analytical Engines Ltd", address2: null }).address.address2).toBe("Analytical Engines Ltd");
  });

  it("does not repeat a company the buyer already wrote in an address line", () => {
    expect(sent({ company: "Acme", address2: "c/o ACME, Suite 12" }).address.address2).toBe("c/o ACME, Suite 12");
  });

  it("sends a company-only recipient with the company as the name", () => {
    const result = sent({ firstName: null, lastName: " ", company: "Analytical Engines Ltd" });
    expect(result.address).toMatchObject({ lastName: "Analytical Engines Ltd", address2: "Suite 12" });
    expect(result.address).not.toHaveProperty("firstName");
  });

  it("refuses an address with neither a name nor a company", () => {
    expect(mapShippingAddress(withAddress({ firstName: null, lastName: null, company: null }))).toEqual({
      ok: false,
      codes: ["missing_name"],
    });
  });

  it("reads a Brazilian CPF in the company field as the tax number, not a company or a recipient", () => {
    const brazil = { city: "São Paulo", province: "São Paulo", provinceCode: "SP", country: "Brazil", countryCode: "BR", zip: "01310-200" };
    const { address } = sent({ ...brazil, company: "123.456.789-09" });
    expect(address).toMatchObject({ taxNo: "123.456.789-09", address2: "Suite 12", province: "SP" });
    expect(mapShippingAddress(withAddress({ ...brazil, company: "123.456.789-09", firstName: null, lastName: null }))).toEqual({
      ok: false,
      codes: ["missing_name"],
    });
  });
});

describe("mapShippingAddress: warnings", () => {
  it("warns, and still sends, when the order has no phone anywhere", () => {
    const result = sent({ phone: null }, { phone: null });
    expect(result.address).not.toHaveProperty("phone");
    expect(result.warnings).toEqual([expect.stringContaining("The order has no phone number")]);
  });

  it("takes the order's phone when the address has none, without a warning", () => {
    const result = sent({ phone: " " }, { phone: "+33 1 23 45 67 89" });
    expect(result.address.phone).toBe("+33 1 23 45 67 89");
    expect(result.warnings).toEqual([]);
  });

  it("warns about an address line longer than carriers print, and sends it whole", () => {
    const long = "Flat 4B, Building 7, 1600 Amphitheatre Parkway North";
    const result = sent({ address1: long });
    expect(result.address.address1).toBe(long);
    expect(result.warnings).toEqual([
      expect.stringContaining(`Address line 1 of the shipping address (“${long}”) is ${long.length} characters long`),
    ]);
    expect(result.warnings[0]).toContain(`${ADDRESS_LINE_WARN_LENGTH} characters a line`);
  });

  it("counts the company placed on line 2, and characters rather than UTF-16 units", () => {
    expect(sent({ company: "Analytical Engines Research Laboratories" }).warnings).toEqual([expect.stringContaining("Address line 2")]);
    expect(sent({ address1: "𠮷".repeat(ADDRESS_LINE_WARN_LENGTH) }).warnings).toEqual([]);
  });
});
