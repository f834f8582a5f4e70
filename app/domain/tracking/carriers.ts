/**
 * Carrier names as HyperSKU writes them -> the tracking company name Shopify knows, exactly as
 * Shopify spells it (capitals matter), and the `trackingInfo` the app sends Shopify. Pure.
 *
 * The names are from Shopify's list of supported tracking companies ("display for shops located in
 * any country", FulfillmentTrackingInfo.company in the Admin GraphQL reference), limited to carriers
 * that parcels from a Chinese dropshipping warehouse and their last-mile partners realistically use.
 * A name is mapped only when it can mean one carrier: "DHL" alone is left as HyperSKU wrote it, since
 * a China-origin DHL parcel is as often DHL eCommerce as DHL Express, and a wrong company would make
 * Shopify build a link to the wrong carrier's page.
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

/**
 * Other spellings carriers go by on HyperSKU's pages and labels, each naming one carrier only. Not
 * here on purpose: "dhl" (DHL Express or DHL eCommerce) and "hermes" (Evri in the UK; Hermes
 * Germany is another company).
 */
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

/** HyperSKU's tracking link when it is a web address; anything else (`javascript:`, a bare host) is dropped. */
function webUrl(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" || url.protocol === "http:" ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `trackingInfo` for Shopify: the company by Shopify's name when the carrier is certain (else as
 * HyperSKU wrote it), the number, and HyperSKU's tracking URL whenever it gives one. The URL goes
 * even for a carrier Shopify knows: it wins over the link Shopify would build, so a wrong guess of
 * ours never leaves the customer on the wrong carrier's page. Shopify wants a URL only together with
 * a number (https://shopify.dev/docs/api/admin-graphql/latest/input-objects/FulfillmentTrackingInput).
 */
export function toShopifyTracking(tracking: {
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): ShopifyTrackingInput & { knownCarrier: boolean } {
  const known = findShopifyTrackingCompany(tracking.trackingCompany);
  const number = tracking.trackingNumber?.trim() || undefined;
  const company = known ?? (tracking.trackingCompany?.trim() || undefined);
  const url = number ? webUrl(tracking.trackingUrl) : undefined;
  return {
    ...(company ? { company } : {}),
    ...(number ? { number } : {}),
    ...(url ? { url } : {}),
    knownCarrier: known !== null,
  };
}
