/**
 * The Products page's shipping card: for a sourced variant and a country, HyperSKU's shipping methods
 * with cost and delivery time (getLogisticsSku for one unit of its SKU). The country list
 * (getCountryCode) changes rarely and is kept per shop for a day in this process.
 */
import type { CountryCode, LogisticsSkuOption } from "~/integrations/hypersku/schemas";
import { HyperskuError } from "~/integrations/hypersku/errors";
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { getCatalogueEntry } from "~/models/catalogue.server";

const COUNTRIES_TTL_MS = 24 * 3600_000;
const countriesByShop = new Map<string, { at: number; countries: { code: string; name: string }[] }>();

export async function getShippingCountries(shop: string, now = Date.now()): Promise<{ code: string; name: string }[]> {
  const cached = countriesByShop.get(shop);
  if (cached && now - cached.at < COUNTRIES_TTL_MS) return cached.countries;
  const list: CountryCode[] = await withHyperskuAccess(shop, (auth) => getHypersku().client.getCountryCode({ ...auth, shop }));
  const countries = list
    .flatMap((country) => (country.countryCode ? [{ code: country.countryCode, name: country.countryName ?? country.countryCode }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
  countriesByShop.set(shop, { at: now, countries });
  return countries;
}

interface ShippingMethod {
  name: string;
  cost: number | null;
  currency: string | null;
  /** "7-15 days", or null when HyperSKU gave no time. */
  deliveryTime: string | null;
}

export type ShippingAnswer = { ok: true; methods: ShippingMethod[]; shipsThere: boolean } | { ok: false; message: string };

/** Pure: HyperSKU's delivery days as text ("7-15" / min and max / a number). */
export function deliveryTimeOf(option: Pick<LogisticsSkuOption, "deliveryDays" | "minDeliveryDays" | "maxDeliveryDays">): string | null {
  const { deliveryDays, minDeliveryDays: min, maxDeliveryDays: max } = option;
  if (typeof deliveryDays === "string" && deliveryDays.trim()) return `${deliveryDays.trim()} days`;
  if (typeof deliveryDays === "number") return `${deliveryDays} days`;
  if (min != null && max != null) return min === max ? `${min} days` : `${min}-${max} days`;
  if (max != null) return `up to ${max} days`;
  return null;
}

export async function getShippingMethods(shop: string, variantId: string, countryCode: string): Promise<ShippingAnswer> {
  const entry = await getCatalogueEntry(shop, variantId);
  if (!entry || entry.sourcing !== "sourced" || !entry.hyperskuSkuId) {
    return { ok: false, message: "HyperSKU has no SKU for this variant yet: shipping is quoted for sourced variants." };
  }
  const shipsThere = entry.shipsTo.length === 0 || entry.shipsTo.some((country) => country.countryCode === countryCode);
  try {
    const options = await withHyperskuAccess(shop, (auth) =>
      getHypersku().client.getLogisticsSku({ ...auth, shop }, { countryCode, skuItems: [{ skuId: Number(entry.hyperskuSkuId), num: 1 }] }),
    );
    return {
      ok: true,
      shipsThere,
      methods: options.map((option) => ({
        name: option.logisticsName ?? "Shipping",
        cost: option.freight ?? null,
        currency: option.currencyCode ?? null,
        deliveryTime: deliveryTimeOf(option),
      })),
    };
  } catch (error) {
    if (error instanceof HyperskuError) return { ok: false, message: `HyperSKU did not quote shipping: ${error.message}` };
    throw error;
  }
}
