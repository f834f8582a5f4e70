/**
 * HyperSKU may wrap results as `{status, message, data, rel}` (the Java ObjectRestResponse) or send
 * the bare result (docs/hypersku-contract.md, "Transport"). Pure: recognises the envelope, unwraps it
 * and says what the body-level status means. HTTP status is judged elsewhere, before this.
 */

export interface Envelope {
  status: number;
  message: string | null;
  data: unknown;
  rel?: unknown;
}

export type EnvelopeOutcome =
  | { kind: "success"; data: unknown; wrapped: boolean }
  | { kind: "token-rejected"; status: number; message: string | null }
  | { kind: "authorization-code-rejected"; status: number; message: string | null }
  | { kind: "business-error"; status: number; message: string | null };

/**
 * Body statuses meaning "this access token is not accepted" (notes part 2). Not 403: the spec gives 403
 * no meaning, and a refusal of one call (e.g. "Store not authorised for this SKU") must not disconnect a
 * shop (notes, revised 2026-11-23). 40301 stays: it is HyperSKU's explicit token code.
 */
export const TOKEN_REJECTED_STATUSES: ReadonlySet<number> = new Set([401, 40101, 40301]);

/** Envelope statuses meaning success: the spec lists 200 and 201 as success for both shown operations. */
const SUCCESS_STATUSES: ReadonlySet<number> = new Set([200, 201]);

/** From `accessToken`: the authorization code was invalid, expired or already used. */
const AUTHORIZATION_CODE_REJECTED_STATUS = 60025;

/** An object with a numeric `status` and a `data` or `message` key (contract, "Transport"). */
export function isEnvelope(body: unknown): body is Envelope {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.status === "number" && ("data" in candidate || "message" in candidate);
}

/**
 * A web framework's own error page in JSON, e.g. Spring Boot's `{timestamp, status, error, message?, path}`:
 * the server's router answered, not a HyperSKU operation. It can look like an envelope (numeric status
 * and a message) but has `error` and `path` and never `data`.
 */
export function isFrameworkError(body: unknown): boolean {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.error === "string" && typeof candidate.path === "string" && !("data" in candidate);
}

export function envelopeMessage(body: unknown): string | null {
  if (body === null || typeof body !== "object") return null;
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" && message.trim() !== "" ? message.trim() : null;
}

export function envelopeStatus(body: unknown): number | null {
  if (body === null || typeof body !== "object") return null;
  const status = (body as { status?: unknown }).status;
  return typeof status === "number" ? status : null;
}

/** `rel: false` alone is not a failure: only `status` decides. */
export function classifyBody(body: unknown): EnvelopeOutcome {
  if (!isEnvelope(body)) return { kind: "success", data: body, wrapped: false };
  const message = envelopeMessage(body);
  if (SUCCESS_STATUSES.has(body.status)) return { kind: "success", data: body.data, wrapped: true };
  if (TOKEN_REJECTED_STATUSES.has(body.status)) return { kind: "token-rejected", status: body.status, message };
  if (body.status === AUTHORIZATION_CODE_REJECTED_STATUS) {
    return { kind: "authorization-code-rejected", status: body.status, message };
  }
  return { kind: "business-error", status: body.status, message };
}
