/**
 * Shipping methods per SKU and destination country, with cost and delivery days: a fixed table by
 * zone, the cost growing with the SKU's weight, so every answer is deterministic. Quotes for several
 * SKUs offer only the methods all of them can use (HyperSKU ships an order as one parcel by default).
 */
import type { CatalogueSku } from "./private-products";

type Zone = "NA" | "EU" | "OC" | "AS" | "ROW";

const ZONES: Record<string, Zone> = {
  US: "NA",
  CA: "NA",
  MX: "NA",
  AU: "OC",
  NZ: "OC",
  JP: "AS",
  KR: "AS",
  SG: "AS",
  ...Object.fromEntries(
    ["GB", "IE", "DE", "FR", "ES", "IT", "NL", "BE", "AT", "CH", "SE", "NO", "DK", "FI", "PL", "PT"].map((code) => [code, "EU"]),
  ),
};

interface Method {
  logisticsName: string;
  /** Per zone: first unit, each further unit (USD, for a 100 g item), delivery days. */
  zones: Partial<Record<Zone, { first: number; further: number; days: [number, number] }>>;
}

const METHODS: readonly Method[] = [
  {
    logisticsName: "YunExpress Standard",
    zones: {
      NA: { first: 4.5, further: 1.2, days: [7, 15] },
      EU: { first: 5.2, further: 1.3, days: [8, 16] },
      OC: { first: 6.1, further: 1.5, days: [10, 18] },
      AS: { first: 3.9, further: 1.0, days: [5, 10] },
      ROW: { first: 7.5, further: 2.0, days: [12, 25] },
    },
  },
  {
    logisticsName: "4PX Priority",
    zones: {
      NA: { first: 7.9, further: 1.8, days: [5, 9] },
      EU: { first: 8.6, further: 1.9, days: [6, 10] },
      OC: { first: 9.4, further: 2.2, days: [7, 12] },
    },
  },
];

export interface ShippingMethod {
  logisticsName: string;
  /** Cost of the first unit and of each further unit, in `currencyCode`. */
  firstUnit: number;
  furtherUnit: number;
  currencyCode: string;
  minDays: number;
  maxDays: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Pure: the methods a SKU can use to a country; none when it does not ship there. */
function shippingMethods(sku: CatalogueSku, countryCode: string): ShippingMethod[] {
  if (!sku.countries.some((country) => country.countryCode === countryCode)) return [];
  const zone = ZONES[countryCode] ?? "ROW";
  const weightFactor = Math.max(1, sku.weightGrams / 100);
  return METHODS.flatMap((method) => {
    const rate = method.zones[zone];
    if (!rate) return [];
    return [
      {
        logisticsName: method.logisticsName,
        firstUnit: round(rate.first * weightFactor),
        furtherUnit: round(rate.further * weightFactor),
        currencyCode: "USD",
        minDays: rate.days[0],
        maxDays: rate.days[1],
      },
    ];
  });
}

/** Pure: quotes for a parcel of several SKUs (the methods all share; cost summed, days the longest). */
export function quoteParcel(items: { sku: CatalogueSku; num: number }[], countryCode: string) {
  const perItem = items.map(({ sku, num }) => ({ num, methods: shippingMethods(sku, countryCode) }));
  const names = METHODS.map((method) => method.logisticsName).filter((name) =>
    perItem.every((item) => item.methods.some((method) => method.logisticsName === name)),
  );
  return names.map((logisticsName) => {
    const used = perItem.map((item) => ({ num: item.num, method: item.methods.find((method) => method.logisticsName === logisticsName)! }));
    const freight = round(used.reduce((sum, { num, method }) => sum + method.firstUnit + method.furtherUnit * (num - 1), 0));
    const minDays = Math.max(...used.map(({ method }) => method.minDays));
    const maxDays = Math.max(...used.map(({ method }) => method.maxDays));
    return {
      logisticsName,
      freight,
      currencyCode: "USD",
      deliveryDays: `${minDays}-${maxDays}`,
      minDeliveryDays: minDays,
      maxDeliveryDays: maxDays,
    };
  });
}
