/**
 * What a shipping address must hold before a parcel can go to it: a valid country, a street line, a
 * city and a recipient everywhere, plus the postal code and the state or province where the country's
 * carriers route by them. A missing part becomes the code whose fix names it ("add the ZIP code"),
 * so the order waits for the merchant instead of reaching HyperSKU with an address a carrier rejects.
 *
 * The table is deliberately short: the countries HyperSKU ships to most whose addresses Shopify's
 * checkout can still leave without these parts (imports, drafts, apps). A country not listed is held
 * to the universal parts only.
 */
import type { MapReasonCode } from "./describe-problems";
import type { ShopifyAddressSnapshot } from "~/models/order-snapshot";

type CountryRule = {
  postalCode?: Extract<MapReasonCode, "missing_zip_code" | "missing_postal_code">;
  region?: Extract<MapReasonCode, "missing_state" | "missing_province">;
};

const POSTAL: CountryRule = { postalCode: "missing_postal_code" };
const POSTAL_AND_STATE: CountryRule = { postalCode: "missing_postal_code", region: "missing_state" };

const COUNTRY_RULES: Readonly<Record<string, CountryRule>> = {
  US: { postalCode: "missing_zip_code", region: "missing_state" },
  CA: { postalCode: "missing_postal_code", region: "missing_province" },
  CN: { postalCode: "missing_postal_code", region: "missing_province" },
  AU: POSTAL_AND_STATE,
  BR: POSTAL_AND_STATE,
  IN: POSTAL_AND_STATE,
  MX: POSTAL_AND_STATE,
  AT: POSTAL,
  BE: POSTAL,
  CH: POSTAL,
  DE: POSTAL,
  ES: POSTAL,
  FR: POSTAL,
  GB: POSTAL,
  IT: POSTAL,
  JP: POSTAL,
  KR: POSTAL,
  NL: POSTAL,
  NZ: POSTAL,
  PL: POSTAL,
  SE: POSTAL,
};

const present = (value: string | null | undefined) => Boolean(value?.trim());

/** The country code when it is two letters ("us" -> "US"), else null. */
function validCountryCode(address: ShopifyAddressSnapshot): string | null {
  const code = address.countryCode?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** Every part the address lacks for a parcel, in the order the merchant reads them; none when complete. */
export function parcelAddressGaps(address: ShopifyAddressSnapshot): MapReasonCode[] {
  const gaps: MapReasonCode[] = [];
  const country = validCountryCode(address);
  if (!country) gaps.push("missing_country");
  if (!present(address.address1)) gaps.push("missing_address_line");
  if (!present(address.city)) gaps.push("missing_city");
  if (!present(address.firstName) && !present(address.lastName)) gaps.push("missing_name");
  const rule = country && Object.hasOwn(COUNTRY_RULES, country) ? COUNTRY_RULES[country] : {};
  if (rule.postalCode && !present(address.zip)) gaps.push(rule.postalCode);
  if (rule.region && !present(address.province) && !present(address.provinceCode)) gaps.push(rule.region);
  return gaps;
}
