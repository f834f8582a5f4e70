/**
 * The destination's ISO 3166-1 alpha-2 code, from Shopify's `countryCode` or, when that is missing
 * or malformed (imported orders, apps that write only the name), from the country's name. Pure.
 *
 * Names are recognised in the languages a buyer or an import is likely to use, from the runtime's
 * own CLDR data (Intl.DisplayNames), compared without case, accents, spaces or punctuation
 * ("Côte d'Ivoire" = "cote divoire"). A name that two codes share in any of those languages is not
 * guessed. A two-letter code that Shopify sent always wins over the name.
 */

/** Locales whose country names are recognised. */
const NAME_LOCALES = "en fr de es it pt nl pl sv da nb fi cs ja zh zh-Hant ko ru ar he tr".split(" ");

/**
 * Region codes CLDR names that are not a destination Shopify ships to: deprecated codes (UK, YU, SU…),
 * groupings (EU, UN, QO) and places Shopify files under another country (Canary Islands, Ceuta and
 * Melilla: ES; Diego Garcia: IO; Clipperton: FR; Sark: GG).
 */
// prettier-ignore
const NOT_A_DESTINATION = new Set([
  "AN", "BU", "CS", "DD", "DY", "FX", "HV", "NH", "RH", "SU", "TP", "UK", "VD", "YD", "YU", "ZR",
  "EU", "EZ", "UN", "QO", "XA", "XB", "ZZ", "CP", "CQ", "DG", "EA", "IC",
]);

/** Names CLDR does not give that buyers and imports write. */
const ALIASES: Record<string, string> = {
  usa: "US",
  unitedstatesofamerica: "US",
  greatbritain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  northernireland: "GB",
  holland: "NL",
  hongkongsar: "HK",
  macaosar: "MO",
  macau: "MO",
  turkey: "TR",
  czechrepublic: "CZ",
  uae: "AE",
};

/** Names that people use for two countries, though some languages give them to one only. */
const AMBIGUOUS = ["congo", "korea"];

const normalizeName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

let namesToCodes: Map<string, string | null> | null = null;

/** name -> code, or null for a name two codes share. Built once, on first use (a few milliseconds). */
function countryNames(): Map<string, string | null> {
  if (namesToCodes) return namesToCodes;
  const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (!NOT_A_DESTINATION.has(code) && english.of(code)) codes.push(code);
    }
  }
  const names = new Map<string, string | null>();
  const add = (name: string | undefined, code: string) => {
    const key = name ? normalizeName(name) : "";
    if (!key) return;
    const known = names.get(key);
    names.set(key, known === undefined || known === code ? code : null);
  };
  for (const locale of NAME_LOCALES) {
    for (const style of ["long", "short"] as const) {
      const display = new Intl.DisplayNames([locale], { type: "region", fallback: "none", style });
      for (const code of codes) add(display.of(code), code);
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) if (!names.has(alias)) names.set(alias, code);
  for (const name of AMBIGUOUS) names.set(name, null);
  namesToCodes = names;
  return names;
}

/** The code for a country's name ("Deutschland" -> "DE"), or null when unknown or ambiguous. */
export function countryCodeFromName(name: string | null | undefined): string | null {
  const key = name ? normalizeName(name) : "";
  return key ? (countryNames().get(key) ?? null) : null;
}

/** Shopify's code when it is two letters ("us" -> "US"), else the one the name says, else null. */
export function countryCodeOf(address: { countryCode: string | null; country: string | null }): string | null {
  const code = address.countryCode?.trim().toUpperCase();
  if (code && /^[A-Z]{2}$/.test(code)) return code;
  return countryCodeFromName(address.country);
}
