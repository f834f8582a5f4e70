/**
 * One structured logger (pino). Tokens, secrets and personal data are redacted by key wherever
 * they appear in a log object, so a careless `log.info({ body })` cannot leak them; and no line is
 * longer than MAX_LOG_LINE, so a request cannot fill the disk through the log.
 */
import pino from "pino";

/** Keys whose values never reach a log line, at any depth we log. */
const REDACTED_KEYS = [
  "accessToken",
  "refreshToken",
  "access_token",
  "refresh_token",
  "clientSecret",
  "client_secret",
  "authorization",
  "Authorization",
  "code",
  "idToken",
  "id_token",
  "password",
  "secret",
  "email",
  "phone",
  "firstName",
  "lastName",
  "first_name",
  "last_name",
  "name",
  "address1",
  "address2",
  "zip",
  "idNo",
  "taxNo",
  "shippingAddress",
  "shipping_address",
  "billing_address",
  "customer",
];

const paths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/** A logged string longer than this is cut, saying how much was left out. */
const MAX_LOGGED_STRING = 2_000;
/** No line is longer than this (characters, newline included), however much it was given. */
export const MAX_LOG_LINE = 16_000;
const MAX_LOGGED_ITEMS = 50;
const MAX_LOGGED_DEPTH = 8;

function cut(text: string, max = MAX_LOGGED_STRING): string {
  return text.length <= max ? text : `${text.slice(0, max)}... [${text.length - max} more characters]`;
}

/** A parsed log line with every string cut, long arrays and deep objects shortened. */
function shorten(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return cut(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_LOGGED_DEPTH) return "[too deep]";
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_LOGGED_ITEMS).map((item) => shorten(item, depth + 1));
    return value.length > MAX_LOGGED_ITEMS ? [...kept, `[${value.length - MAX_LOGGED_ITEMS} more items]`] : kept;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shorten(item, depth + 1)]));
}

/**
 * The last step before a line is written, after redaction: a line past MAX_LOG_LINE (a request's
 * value logged whole, a huge upstream answer) is parsed back and its strings cut; if that is not
 * enough, only its level, time, message and how long it was are kept. Lines under the cap, nearly
 * all of them, pass untouched.
 */
export function capLogLine(line: string): string {
  if (line.length <= MAX_LOG_LINE) return line;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${JSON.stringify({ msg: cut(line, 1_000), truncated: true, lineChars: line.length })}\n`;
  }
  const shortened = JSON.stringify({ ...(shorten(parsed) as object), truncated: true, lineChars: line.length });
  if (shortened.length < MAX_LOG_LINE) return `${shortened}\n`;
  const { level, time, pid, hostname, service, msg } = parsed;
  const essentials = { level, time, pid, hostname, service, msg: cut(String(msg ?? ""), 1_000), truncated: true, lineChars: line.length };
  return `${JSON.stringify(essentials)}\n`;
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  redact: { paths, censor: "[redacted]" },
  base: { service: "hypersku-app" },
  hooks: {
    // A long message is cut before the line is even built (no 4 MB string made to be thrown away).
    logMethod(args, method) {
      const shortened = args.map((arg) => (typeof arg === "string" ? cut(arg) : arg)) as typeof args;
      return method.apply(this, shortened);
    },
    streamWrite: capLogLine,
  },
});

/**
 * Sends every line, from now on and from every child logger, to `destination` instead of stdout.
 * The tests keep them in memory, to prove that no token or personal data reaches the logs. pino
 * keeps a logger's stream under `symbols.streamSym`, which it exposes for such integrations.
 */
export function setLogDestination(destination: pino.DestinationStream) {
  (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym] = destination;
}

export type Logger = typeof logger;

const LIBRARY_LEVELS = ["error", "warn", "info", "debug"] as const;

/**
 * The Shopify library's log (its `logger.log` option: severity 0 error, 1 warning, 2 info, 3
 * debug): through this logger, so its lines are capped and redacted like the app's. Left to
 * itself the library writes to the console, the shop of a 2 MB login post twice.
 */
export function logShopifyLibrary(severity: number, message: string) {
  logger[LIBRARY_LEVELS[severity] ?? "info"]({ source: "shopify-api" }, message);
}
