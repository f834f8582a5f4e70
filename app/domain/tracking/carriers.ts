/**
 * Carrier names as HyperSKU writes them -> the tracking company name Shopify knows, exactly as
 * Shopify spells it (capitals matter). With a known name Shopify builds the tracking link itself
 * and may follow the shipment; with any other name the app sends HyperSKU's tracking URL instead.
 * Pure.
 *
 * The names are from Shopify's list of supported tracking companies ("display for shops located in
 * any country", FulfillmentTrackingInfo.company in the Admin GraphQL reference), limited to carriers
 * that parcels from a Chinese dropshipping warehouse and their last-mile partners realistically use.
 * A name missing here is not an error: the URL keeps the tracking number clickable.
 */

export const SHOPIFY_TRACKING_COMPANIES = [
  "4PX",
  "Amazon Logistics UK",
  "An Post",
  "Anjun Logistics",
  "APC",
  "Asendia USA",
  "Australia Post",
  "BPost",
  "BPost International",
  "Canada Post",
  "Canpar",
  "China Post",
  "Chronopost",
  "Chukou1",
  "Colissimo",
  "Correios",
  "Correos",
  "CTT",
  "Deutsche Post",
  "DHL eCommerce",
  "DHL eCommerce Asia",
  "DHL Express",
  "DPD",
  "DPD Local",
  "DPD UK",
  "Evri",
  "FedEx",
  "GLS",
  "Israel Post",
  "La Poste",
  "New Zealand Post",
  "OnTrac",
  "Poste Italiane",
  "PostNL",
  "Purolator",
  "Royal Mail",
  "Sendle",
  "SF Express",
  "SFC Fulfillment",
  "Singapore Post",
  "StarTrack",
  "Swiss Post",
  "TNT",
  "UPS",
  "USPS",
  "YunExpress",
] as const;

export type ShopifyTrackingCompany = (typeof SHOPIFY_TRACKING_COMPANIES)[number];

/** Only letters and digits, lower case: "Yun Express" and "YUNEXPRESS" look alike. */
const normalizeCarrierName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Other spellings carriers go by on HyperSKU's pages and labels. */
const ALIASES: Record<string, ShopifyTrackingCompany> = {
  "4pxexpress": "4PX",
  "4pxworldwideexpress": "4PX",
  yuntrack: "YunExpress",
  yunexpressstandard: "YunExpress",
  yuntu: "YunExpress",
  chinapostairmail: "China Post",
  chinapostregisteredairmail: "China Post",
  chinapostordinarysmallpacket: "China Post",
  unitedstatespostalservice: "USPS",
  dhl: "DHL Express",
  dhlecommercesolutions: "DHL eCommerce",
  fedexinternational: "FedEx",
  ups: "UPS",
  royalmailtracked: "Royal Mail",
  sfinternational: "SF Express",
  sf: "SF Express",
  sfc: "SFC Fulfillment",
  anjun: "Anjun Logistics",
  laposte: "La Poste",
  postnlinternational: "PostNL",
  canadapostes: "Canada Post",
  hermes: "Evri",
  hermesuk: "Evri",
};

const EXACT = new Map<string, ShopifyTrackingCompany>(
  SHOPIFY_TRACKING_COMPANIES.map((company) => [normalizeCarrierName(company), company]),
);

/** Shopify's exact name for a carrier, or null when Shopify does not know it. */
export function findShopifyTrackingCompany(name: string | null | undefined): ShopifyTrackingCompany | null {
  if (!name) return null;
  const key = normalizeCarrierName(name);
  if (!key) return null;
  return EXACT.get(key) ?? ALIASES[key] ?? null;
}

export type ShopifyTrackingInput = { company?: string; number?: string; url?: string };

/**
 * The `trackingInfo` for Shopify: the known company name and the number (Shopify links it), or
 * HyperSKU's own name with its URL. A URL is only sent together with a number, as Shopify requires.
 */
export function toShopifyTracking(tracking: {
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): ShopifyTrackingInput & { knownCarrier: boolean } {
  const known = findShopifyTrackingCompany(tracking.trackingCompany);
  const number = tracking.trackingNumber?.trim() || undefined;
  const company = known ?? (tracking.trackingCompany?.trim() || undefined);
  const url = !known && number ? tracking.trackingUrl?.trim() || undefined : undefined;
  return {
    ...(company ? { company } : {}),
    ...(number ? { number } : {}),
    ...(url ? { url } : {}),
    knownCarrier: known !== null,
  };
}
