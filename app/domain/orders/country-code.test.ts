import { countryCodeFromName, countryCodeOf } from "./country-code";

describe("countryCodeFromName", () => {
  it.each([
    ["United States", "US"],
    ["USA", "US"],
    ["United Kingdom", "GB"],
    ["UK", "GB"],
    ["England", "GB"],
    ["Germany", "DE"],
    ["Deutschland", "DE"],
    ["allemagne", "DE"],
    ["日本", "JP"],
    ["Japan", "JP"],
    ["España", "ES"],
    ["Espana", "ES"],
    ["Côte d'Ivoire", "CI"],
    ["Hong Kong SAR", "HK"],
    ["대한민국", "KR"],
    ["Brasil", "BR"],
    ["  méxico ", "MX"],
    ["Türkiye", "TR"],
    ["Turkey", "TR"],
  ])("reads %j as %s", (name, code) => {
    expect(countryCodeFromName(name)).toBe(code);
  });

  it.each(["Korea", "Congo", "Canary Islands", "Yugoslavia", "Atlantis", "", "  ", null])("does not guess a code for %j", (name) => {
    expect(countryCodeFromName(name)).toBeNull();
  });
});

describe("countryCodeOf", () => {
  it("prefers Shopify's two-letter code, upper-cased, over the name", () => {
    expect(countryCodeOf({ countryCode: " de ", country: "France" })).toBe("DE");
  });

  it("falls back to the name when the code is missing or not two letters", () => {
    expect(countryCodeOf({ countryCode: null, country: "France" })).toBe("FR");
    expect(countryCodeOf({ countryCode: "FRA", country: "France" })).toBe("FR");
    expect(countryCodeOf({ countryCode: "FRA", country: null })).toBeNull();
  });
});
