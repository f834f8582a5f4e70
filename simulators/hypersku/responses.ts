/**
 * How HyperSKU answers, in one place: the `{status, message, data, rel}` envelope or the bare result,
 * business errors, token rejection in either style, and transport-level failures
 * (docs/hypersku-contract.md "Transport").
 */
import type { SimulatorOptions } from "./options";

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type EnvelopeOptions = Pick<SimulatorOptions, "envelope" | "authErrorStyle">;

/** Business status codes. Only 60025 is HyperSKU's (spec); the others are the simulator's choice. */
export const BUSINESS = {
  invalidRequest: 40001,
  notFound: 40004,
  conflict: 40009,
  codeRejected: 60025,
} as const;

/** In bare mode a business error needs an HTTP status of its own; the contract allows 400/409/422. */
const BARE_HTTP_STATUS: Record<number, number> = {
  [BUSINESS.invalidRequest]: 400,
  [BUSINESS.notFound]: 422,
  [BUSINESS.conflict]: 409,
  [BUSINESS.codeRejected]: 400,
};

export function success(options: EnvelopeOptions, data: unknown): Reply {
  if (options.envelope === "bare") return { status: 200, body: data };
  return { status: 200, body: { status: 200, message: null, data, rel: true } };
}

export function businessError(options: EnvelopeOptions, code: number, message: string): Reply {
  if (options.envelope === "bare") return { status: BARE_HTTP_STATUS[code] ?? 400, body: { status: code, message } };
  return { status: 200, body: { status: code, message, data: null, rel: false } };
}

export function tokenRejected(options: EnvelopeOptions, message: string): Reply {
  if (options.authErrorStyle === "body") return { status: 200, body: { status: 40101, message, data: null, rel: false } };
  return { status: 401, body: { status: 401, message } };
}

/** Wrong clientId or clientSecret at the token endpoints: always HTTP 401 (contract, "ours"). */
export function clientRejected(message: string): Reply {
  return { status: 401, body: { status: 401, message } };
}

export function httpError(status: number, message: string, headers?: Record<string, string>): Reply {
  return { status, body: { status, message }, headers };
}

/**
 * No operation at this path, or the wrong method: the Java framework's own error body
 * (`{timestamp, status, error, path}`, Spring Boot's default), not a HyperSKU envelope. Ours: HyperSKU's
 * real answer is unknown (notes part 2: "HTTP 404 body unknown"), and its schema names are Spring's.
 */
export function routeError(status: 404 | 405, path: string, headers?: Record<string, string>): Reply {
  const error = status === 404 ? "Not Found" : "Method Not Allowed";
  return { status, body: { timestamp: new Date().toISOString(), status, error, path }, headers };
}

/** The `notFound` fault: what a proxy in front of the API answers for a path it does not know. */
export const NOT_FOUND_PAGE =
  "<!doctype html><html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>";

/** Whether a reply is a successful result (HTTP 200, and envelope status 200 when wrapped). */
export function isSuccess(options: EnvelopeOptions, reply: Reply): boolean {
  if (reply.status !== 200) return false;
  if (options.envelope === "bare") return true;
  return (reply.body as { status?: unknown } | null)?.status === 200;
}
