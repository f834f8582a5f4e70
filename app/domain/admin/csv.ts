/**
 * The one CSV writer of every export (RFC 4180: comma separated, CRLF line ends, quotes doubled),
 * made safe to open in a spreadsheet. Pure.
 *
 * - Every cell is quoted. A spreadsheet that splits on `;` or tabs (Excel in much of Europe)
 *   would otherwise cut `Bob;=1+1` into two cells, the second a formula; inside quotes it stays
 *   one cell of text.
 * - A text cell starting with = + - @, a tab or a carriage return (or the full-width ＝ ＋ － ＠,
 *   which some spreadsheets read as their ASCII forms) is a formula to Excel, LibreOffice and
 *   Google Sheets, so it gets a leading apostrophe and reads as text (OWASP, "CSV Injection":
 *   https://owasp.org/www-community/attacks/CSV_Injection). A text that is a plain decimal
 *   number (`-5.00`) is no formula and stays a number.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The text a cell holds: numbers as written, nothing for null, a formula made text. */
function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export function csvField(value: CsvValue): string {
  return `"${cellText(value).replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
