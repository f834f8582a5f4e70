import {
  buildGraphqlAddress,
  buildGraphqlOrder,
  buildRestAddress,
  buildRestOrder,
  type JsonObject,
  snapshotOfGraphql,
  snapshotOfRest,
} from "../../../tests/support/order-factories";
import { parcelAddressGaps } from "./address-completeness";
import type { MapReasonCode } from "./describe-problems";

/** A buyer's address in each country, as Shopify's REST webhook carries it: complete for a parcel. */
const ADDRESSES: Record<string, JsonObject> = {
  US: {},
  CA: {
    address1: "290 Bremner Blvd",
    city: "Toronto",
    province: "Ontario",
    province_code: "ON",
    country: "Canada",
    country_code: "CA",
    zip: "M5V 3L9",
  },
  GB: {
    address1: "10 Downing St",
    city: "London",
    province: null,
    province_code: null,
    country: "United Kingdom",
    country_code: "GB",
    zip: "SW1A 2AA",
  },
  DE: {
    address1: "Unter den Linden 77",
    city: "Berlin",
    province: null,
    province_code: null,
    country: "Germany",
    country_code: "DE",
    zip: "10117",
  },
  FR: {
    address1: "5 Avenue Anatole France",
    city: "Paris",
    province: null,
    province_code: null,
    country: "France",
    country_code: "FR",
    zip: "75007",
  },
  AU: {
    address1: "Bennelong Point",
    city: "Sydney",
    province: "New South Wales",
    province_code: "NSW",
    country: "Australia",
    country_code: "AU",
    zip: "2000",
  },
  JP: {
    address1: "千代田区千代田1-1",
    city: "千代田区",
    province: "東京都",
    province_code: "JP-13",
    country: "Japan",
    country_code: "JP",
    zip: "100-0001",
  },
  BR: {
    address1: "Av. Paulista, 1578",
    city: "São Paulo",
    province: "São Paulo",
    province_code: "SP",
    country: "Brazil",
    country_code: "BR",
    zip: "01310-200",
  },
  HK: {
    address1: "1 Harbour Rd",
    city: "Wan Chai",
    province: null,
    province_code: null,
    country: "Hong Kong",
    country_code: "HK",
    zip: null,
  },
  IE: {
    address1: "1 Grafton St",
    city: "Dublin",
    province: "Dublin",
    province_code: "D",
    country: "Ireland",
    country_code: "IE",
    zip: null,
  },
};

const gaps = (country: string, change: JsonObject = {}) =>
  parcelAddressGaps(
    snapshotOfRest(buildRestOrder({ overrides: { shipping_address: buildRestAddress({ ...ADDRESSES[country], ...change }) } }))
      .shippingAddress!,
  );

describe("parcelAddressGaps", () => {
  it.each(Object.keys(ADDRESSES))("finds nothing missing in a complete %s address", (country) => {
    expect(gaps(country)).toEqual([]);
  });

  it.each<[string, JsonObject, MapReasonCode[]]>([
    ["US", { zip: null }, ["missing_zip_code"]],
    ["US", { zip: "   " }, ["missing_zip_code"]],
    ["US", { province: null, province_code: null }, ["missing_state"]],
    ["US", { province: null }, []], // the code alone ("CA") is enough
    ["US", { zip: null, province: null, province_code: null }, ["missing_zip_code", "missing_state"]],
    ["CA", { zip: "" }, ["missing_postal_code"]],
    ["CA", { province: null, province_code: null }, ["missing_province"]],
    ["GB", { zip: null }, ["missing_postal_code"]],
    ["DE", { zip: null }, ["missing_postal_code"]],
    ["FR", { zip: null }, ["missing_postal_code"]],
    ["AU", { zip: null, province: null, province_code: null }, ["missing_postal_code", "missing_state"]],
    ["JP", { zip: null }, ["missing_postal_code"]],
    ["BR", { province: null, province_code: null }, ["missing_state"]],
    ["GB", { province: null, province_code: null }, []], // no county needed
    ["HK", { zip: null, province: null }, []], // no postal codes at all
    ["IE", { zip: null }, []], // Eircodes are optional
    ["US", { address1: null }, ["missing_address_line"]],
    ["DE", { city: " " }, ["missing_city"]],
    ["FR", { first_name: null, last_name: null }, ["missing_name"]],
    ["FR", { first_name: null, last_name: null, company: "Atelier Dupont" }, []], // the company is the recipient
    ["BR", { first_name: null, last_name: null, company: "123.456.789-09" }, ["missing_name"]], // a CPF is no recipient
    ["US", { country_code: null, country: null, zip: null }, ["missing_country"]], // no country, no country's rules
    ["US", { country_code: "USA", country: null }, ["missing_country"]],
    ["US", { country_code: null, zip: null }, ["missing_zip_code"]], // the name "United States" says US
    ["US", { country_code: "USA" }, []],
    ["DE", { country_code: null, country: "Deutschland", zip: null }, ["missing_postal_code"]],
    ["DE", { country_code: null, country: "Atlantis" }, ["unrecognised_country"]],
  ])("%s address with %j lacks %j", (country, change, expected) => {
    expect(gaps(country, change)).toEqual(expected);
  });

  it("reads the Admin GraphQL address the same way (countryCodeV2, lower-case tolerated)", () => {
    const order = snapshotOfGraphql(
      buildGraphqlOrder({ overrides: { shippingAddress: buildGraphqlAddress({ zip: null, countryCodeV2: "us" }) } }),
    );
    expect(parcelAddressGaps(order.shippingAddress!)).toEqual(["missing_zip_code"]);
  });
});
