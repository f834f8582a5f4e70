/**
 * Money without float drift: amounts travel as decimal strings, arithmetic happens on integer minor
 * units (cents), and only the final value handed to HyperSKU becomes a JS number.
 */

/**
 * ISO 4217 minor units for the currencies that do not have two. Not `Intl` on purpose: CLDR's display
 * digits say 0 for HUF, TWD and others whose amounts do carry two decimals in Shopify.
 */
const ZERO_DECIMALS = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);
const THREE_DECIMALS = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMALS.has(code)) return 0;
  if (THREE_DECIMALS.has(code)) return 3;
  return 2;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** Rounds half away from zero; `null` for anything that is not a plain decimal number. */
export function toMinorUnits(amount: string | number, decimals: number): number | null {
  let text: string;
  if (typeof amount === "number") {
    if (!Number.isFinite(amount)) return null;
    text = /e/i.test(String(amount)) ? amount.toFixed(decimals + 3) : String(amount);
  } else {
    text = amount.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const digits = fraction.padEnd(decimals + 1, "0");
  let minor = Number(whole) * 10 ** decimals + Number(digits.slice(0, decimals) || "0");
  if (Number(digits[decimals]) >= 5) minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return sign && minor !== 0 ? -minor : minor;
}

/** 1999, 2 -> "19.99"; 1500, 0 -> "1500". */
export function formatMinorUnits(minor: number, decimals: number): string {
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(decimals + 1, "0");
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** The exact decimal as the nearest JS number (what JSON will carry): 1999, 2 -> 19.99. */
export function minorUnitsToNumber(minor: number, decimals: number): number {
  return Number(formatMinorUnits(minor, decimals));
}

/** "19.9" in USD -> "19.90"; "1500.0" in JPY -> "1500"; null when it is not an amount. */
export function normalizeAmount(amount: string | number, currency: string): string | null {
  const decimals = currencyDecimals(currency);
  const minor = toMinorUnits(amount, decimals);
  return minor === null ? null : formatMinorUnits(minor, decimals);
}

/** Adds amounts exactly; values that are not amounts are ignored. */
export function sumAmounts(amounts: readonly (string | number)[], currency: string): string {
  const decimals = currencyDecimals(currency);
  const total = amounts.reduce<number>((sum, value) => sum + (toMinorUnits(value, decimals) ?? 0), 0);
  return formatMinorUnits(total, decimals);
}
