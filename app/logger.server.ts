/**
 * One structured logger (pino). Tokens, secrets and personal data are redacted by key wherever
 * they appear in a log object, so a careless `log.info({ body })` cannot leak them.
 */
import { Writable } from "node:stream";
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

const isTest = process.env.NODE_ENV === "test";

/**
 * In tests every line, at every level, is kept in memory instead of printed, so a test can prove
 * that no token or personal data reaches the logs.
 */
export const capturedLogLines: string[] = [];
const memoryDestination = new Writable({
  write(chunk, _encoding, done) {
    capturedLogLines.push(String(chunk));
    if (capturedLogLines.length > 5_000) capturedLogLines.splice(0, 1_000);
    done();
  },
});

const options = {
  level: isTest ? "trace" : (process.env.LOG_LEVEL ?? "info"),
  redact: { paths, censor: "[redacted]" },
  base: { service: "hypersku-app" },
};

export const logger = isTest ? pino(options, memoryDestination) : pino(options);

export type Logger = typeof logger;
