/**
 * CSV lines as spreadsheets read them (RFC 4180: comma separated, CRLF, fields with a comma, quote
 * or line break quoted, quotes doubled), safe to open: a text field starting with = + - @ or a tab
 * or carriage return is a formula to Excel, LibreOffice and Google Sheets, so it is prefixed with
 * an apostrophe and read as text (OWASP, "CSV Injection"). Pure.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
