/**
 * The order's shipping address as HyperSKU's ShippingAddress (docs/hypersku-contract.md, "Shipping
 * address"). Text is passed on exactly as the buyer typed it (any script, no transliteration), only
 * trimmed; empty fields are left out rather than sent as "". What HyperSKU cannot ship without
 * (address-completeness.ts) becomes a reason instead; what a carrier may stumble on (no phone, a line
 * longer than labels print) becomes a warning, and the address still goes.
 *
 * HyperSKU's address has no company field and one `province` string:
 * - the company goes in front of address line 2 ("Analytical Engines Ltd, Suite 12"), where the
 *   courier reads it on the label; with no person's name it is the recipient (`lastName`);
 * - the province is written the way the destination's post writes it: the code in the countries
 *   whose addresses carry the abbreviation (PROVINCE_AS_CODE), the name everywhere else.
 */
import type { ExternalShippingAddress } from "~/integrations/hypersku/schemas";
import { parcelAddressGaps } from "./address-completeness";
import { compact } from "./compact";
import { countryCodeOf } from "./country-code";
import { companyTaxNumber, findCustomsIds } from "./customs-ids";
import type { MapReasonCode } from "./describe-problems";
import type { ShopifyAddressSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type AddressResult = { ok: true; address: ExternalShippingAddress; warnings: string[] } | { ok: false; codes: MapReasonCode[] };

/**
 * Countries whose postal address format writes the state or province as the abbreviation Shopify's
 * `provinceCode` holds: USPS ("WA"), Canada Post ("ON"), Australia Post ("NSW"), Correios ("SP"),
 * Poste Italiane ("MI"). It is also what HyperSKU's catalogue lists as region codes. Elsewhere
 * Shopify's code is not written on mail (Japan's "JP-13", Mexico's "JAL", Ireland's "D"): the name goes.
 */
const PROVINCE_AS_CODE: ReadonlySet<string> = new Set(["US", "CA", "AU", "BR", "IT"]);

/**
 * Carriers print this many characters of an address line at most (UPS 30-35, FedEx 35, USPS 46-47;
 * https://www.serviceobjects.com/blog/character-limits-in-address-lines-for-usps-ups-and-fedex/).
 * HyperSKU publishes no limit of its own, so a longer line is sent whole, with a warning.
 */
export const ADDRESS_LINE_WARN_LENGTH = 35;

function trimmed(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

const MACRONS: Record<string, string> = { ō: "o", Ō: "O", ū: "u", Ū: "U" };

/** "Tōkyō" -> "Tokyo", as Japan Post writes prefectures in Latin letters; other scripts untouched. */
const withoutMacrons = (name: string) => name.replace(/[ōŌūŪ]/g, (letter) => MACRONS[letter]).replace(/([oOuU])\u0304/g, "$1");

/** The `province` for the destination's carriers (see PROVINCE_AS_CODE). */
export function provinceFor(countryCode: string, address: Pick<ShopifyAddressSnapshot, "province" | "provinceCode">): string | undefined {
  const name = trimmed(address.province);
  // Shopify writes most codes bare ("WA") and some with the country ("JP-13").
  const given = trimmed(address.provinceCode)?.toUpperCase();
  const code = given?.startsWith(`${countryCode}-`) ? given.slice(countryCode.length + 1) : given;
  if (PROVINCE_AS_CODE.has(countryCode)) return code ?? name;
  const written = name ?? trimmed(address.provinceCode);
  return written && countryCode === "JP" ? withoutMacrons(written) : written;
}

const mentions = (line: string | undefined, text: string) => Boolean(line?.toLowerCase().includes(text.toLowerCase()));

/** Who the parcel is for and the company's line: see the file's comment. */
function recipient(address: ShopifyAddressSnapshot) {
  const firstName = trimmed(address.firstName);
  const lastName = trimmed(address.lastName);
  const address1 = trimmed(address.address1);
  const address2 = trimmed(address.address2);
  const company = companyTaxNumber(address) ? undefined : trimmed(address.company);
  if (!company) return { firstName, lastName, address2 };
  if (!firstName && !lastName) return { lastName: company, address2 };
  if (mentions(address1, company) || mentions(address2, company)) return { firstName, lastName, address2 };
  return { firstName, lastName, address2: address2 ? `${company}, ${address2}` : company };
}

const length = (text: string) => [...text].length;

function addressWarnings(address: ExternalShippingAddress): string[] {
  const warnings: string[] = [];
  const lines = [
    ["Address line 1", address.address1],
    ["Address line 2", address.address2],
  ] as const;
  for (const [label, line] of lines) {
    if (!line || length(line) <= ADDRESS_LINE_WARN_LENGTH) continue;
    warnings.push(
      `${label} of the shipping address (“${line}”) is ${length(line)} characters long. HyperSKU publishes no limit, but some carriers ` +
        `print only ${ADDRESS_LINE_WARN_LENGTH} characters a line and may cut the rest off the label: check the address at HyperSKU, ` +
        "and shorten it there if part of it could be lost.",
    );
  }
  if (!address.phone) {
    warnings.push(
      "The order has no phone number (not on the shipping address, the order or the customer). Couriers call the recipient " +
        "when a delivery fails and some need a number to clear customs: add one to the order's shipping address in Shopify " +
        "and the app passes it on to HyperSKU while the parcel has not shipped.",
    );
  }
  return warnings;
}

export function mapShippingAddress(order: ShopifyOrderSnapshot): AddressResult {
  const address = order.shippingAddress;
  if (!address) return { ok: false, codes: ["no_shipping_address"] };

  const address1 = trimmed(address.address1);
  const city = trimmed(address.city);
  const countryCode = countryCodeOf(address);

  // What a parcel needs (per country too) is decided in one place; this only maps a complete address.
  const codes = parcelAddressGaps(address);
  if (codes.length > 0 || !address1 || !city || !countryCode) return { ok: false, codes };

  const { firstName, lastName, address2 } = recipient(address);
  const mapped: ExternalShippingAddress = compact({
    firstName,
    lastName,
    address1,
    address2,
    city,
    province: provinceFor(countryCode, address),
    zip: trimmed(address.zip),
    countryCode,
    countryName: trimmed(address.country),
    phone: trimmed(address.phone) ?? trimmed(order.phone),
    email: trimmed(order.email),
    ...findCustomsIds(order.noteAttributes, address),
  });
  return { ok: true, address: mapped, warnings: addressWarnings(mapped) };
}
