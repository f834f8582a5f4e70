/**
 * One structured logger (pino). Tokens, secrets and personal data are redacted by key wherever
 * they appear in a log object, so a careless `log.info({ body })` cannot leak them.
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

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  redact: { paths, censor: "[redacted]" },
  base: { service: "hypersku-app" },
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
