/**
 * What a shipping address must hold before a parcel can go to it: a country (its code, or a name the
 * app recognises: country-code.ts), a street line, a city and a recipient (a name or a company)
 * everywhere, plus the postal code and the state or province where the country's carriers route by
 * them. A missing part becomes the code whose fix names it ("add the ZIP code"),
 * so the order waits for the merchant instead of reaching HyperSKU with an address a carrier rejects.
 *
 * The table is deliberately short: the countries HyperSKU ships to most whose addresses Shopify's
 * checkout can still leave without these parts (imports, drafts, apps). A country not listed is held
 * to the universal parts only.
 */
import { countryCodeOf } from "./country-code";
import { companyTaxNumber } from "./customs-ids";
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

/**
 * Who the parcel is for: a person's name, or a company's (a business address with no contact name
 * is still deliverable). A Brazilian CPF/CNPJ in the company field is a tax number, not a recipient.
 */
function hasRecipient(address: ShopifyAddressSnapshot): boolean {
  if (present(address.firstName) || present(address.lastName)) return true;
  return present(address.company) && !companyTaxNumber(address);
}

/** Every part the address lacks for a parcel, in the order the merchant reads them; none when complete. */
export function parcelAddressGaps(address: ShopifyAddressSnapshot): MapReasonCode[] {
  const gaps: MapReasonCode[] = [];
  const country = countryCodeOf(address);
  // A name the app cannot place is not the same fix as no country at all.
  if (!country) gaps.push(present(address.country) ? "unrecognised_country" : "missing_country");
  if (!present(address.address1)) gaps.push("missing_address_line");
  if (!present(address.city)) gaps.push("missing_city");
  if (!hasRecipient(address)) gaps.push("missing_name");
  const rule = country && Object.hasOwn(COUNTRY_RULES, country) ? COUNTRY_RULES[country] : {};
  if (rule.postalCode && !present(address.zip)) gaps.push(rule.postalCode);
  if (rule.region && !present(address.province) && !present(address.provinceCode)) gaps.push(rule.region);
  return gaps;
}
