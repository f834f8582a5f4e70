/**
 * Reference data HyperSKU would hold: the countries it ships to (returned by getCountryCode, and used
 * to fill `countryName`), currency symbols, and the stable numeric ids it gives sourced products.
 */
import { createHash } from "node:crypto";

export const COUNTRIES: readonly { countryCode: string; countryName: string }[] = [
  { countryCode: "US", countryName: "United States" },
  { countryCode: "CA", countryName: "Canada" },
  { countryCode: "GB", countryName: "United Kingdom" },
  { countryCode: "IE", countryName: "Ireland" },
  { countryCode: "AU", countryName: "Australia" },
  { countryCode: "NZ", countryName: "New Zealand" },
  { countryCode: "DE", countryName: "Germany" },
  { countryCode: "FR", countryName: "France" },
  { countryCode: "ES", countryName: "Spain" },
  { countryCode: "IT", countryName: "Italy" },
  { countryCode: "NL", countryName: "Netherlands" },
  { countryCode: "BE", countryName: "Belgium" },
  { countryCode: "AT", countryName: "Austria" },
  { countryCode: "CH", countryName: "Switzerland" },
  { countryCode: "SE", countryName: "Sweden" },
  { countryCode: "NO", countryName: "Norway" },
  { countryCode: "DK", countryName: "Denmark" },
  { countryCode: "FI", countryName: "Finland" },
  { countryCode: "PL", countryName: "Poland" },
  { countryCode: "PT", countryName: "Portugal" },
  { countryCode: "JP", countryName: "Japan" },
  { countryCode: "KR", countryName: "South Korea" },
  { countryCode: "SG", countryName: "Singapore" },
  { countryCode: "MX", countryName: "Mexico" },
  { countryCode: "BR", countryName: "Brazil" },
  { countryCode: "IL", countryName: "Israel" },
  { countryCode: "AE", countryName: "United Arab Emirates" },
  { countryCode: "SA", countryName: "Saudi Arabia" },
];

export function countryName(code: string): string {
  return COUNTRIES.find((country) => country.countryCode === code)?.countryName ?? "";
}

const SYMBOLS: Record<string, string> = {
  USD: "$",
  CAD: "CA$",
  AUD: "A$",
  NZD: "NZ$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  CNY: "¥",
  KRW: "₩",
  SGD: "S$",
  CHF: "CHF",
  SEK: "kr",
  NOK: "kr",
  DKK: "kr",
  PLN: "zł",
  MXN: "MX$",
  BRL: "R$",
  ILS: "₪",
};

export function currencySymbol(code: string): string {
  return SYMBOLS[code] ?? code;
}

/**
 * A stable positive id derived from a store-side id, standing in for HyperSKU's catalogue ids
 * (the same Shopify variant always maps to the same skuId across orders).
 */
export function catalogueId(kind: string, key: string): number {
  const digest = createHash("sha256").update(`${kind}:${key}`).digest();
  return 100_000_000 + (digest.readUInt32BE(0) % 900_000_000);
}
