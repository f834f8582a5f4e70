/**
 * One structured logger (pino). Tokens, secrets and personal data are redacted by key wherever
 * they appear in a log object, so a careless `log.info({ body })` cannot leak them.
 */
import pino from "pino";

/** Keys whose values never reach a log line, at any depth we log. */
export const REDACTED_KEYS = [
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
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: { paths, censor: "[redacted]" },
  base: { service: "hypersku-app" },
});

export type Logger = typeof logger;
