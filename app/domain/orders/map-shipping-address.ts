/**
 * The order's shipping address as HyperSKU's ShippingAddress (docs/hypersku-contract.md, "Operations"). Text is passed on
 * exactly as the buyer typed it (any script, no transliteration), only trimmed; empty fields are left
 * out rather than sent as "". What HyperSKU cannot ship without (address-completeness.ts) becomes a
 * reason instead.
 */
import type { ExternalShippingAddress } from "~/integrations/hypersku/schemas";
import { parcelAddressGaps } from "./address-completeness";
import { compact } from "./compact";
import { findCustomsIds } from "./customs-ids";
import type { MapReasonCode } from "./describe-problems";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

export type AddressResult = { ok: true; address: ExternalShippingAddress } | { ok: false; codes: MapReasonCode[] };

function trimmed(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

export function mapShippingAddress(order: ShopifyOrderSnapshot): AddressResult {
  const address = order.shippingAddress;
  if (!address) return { ok: false, codes: ["no_shipping_address"] };

  const address1 = trimmed(address.address1);
  const city = trimmed(address.city);
  const countryCode = trimmed(address.countryCode)?.toUpperCase();
  const firstName = trimmed(address.firstName);
  const lastName = trimmed(address.lastName);

  // What a parcel needs (per country too) is decided in one place; this only maps a complete address.
  const codes = parcelAddressGaps(address);
  if (codes.length > 0 || !address1 || !city || !countryCode) return { ok: false, codes };

  return {
    ok: true,
    address: compact({
      firstName,
      lastName,
      address1,
      address2: trimmed(address.address2),
      city,
      // The name reads best on a label and suits every country; the code stands in when it is all we have.
      province: trimmed(address.province) ?? trimmed(address.provinceCode),
      zip: trimmed(address.zip),
      countryCode,
      countryName: trimmed(address.country),
      phone: trimmed(address.phone) ?? trimmed(order.phone),
      email: trimmed(order.email),
      ...findCustomsIds(order.noteAttributes, address),
    }),
  };
}
