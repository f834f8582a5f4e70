/**
 * Pure: what one HTTP answer from HyperSKU means. Turns (HTTP status, Retry-After, body text) into
 * the validated result or exactly one error of the set in errors.ts (docs/hypersku-contract.md,
 * "Transport"). HTTP status is judged first; for 2xx the envelope's own status decides.
 * Only HTTP 401 and HyperSKU's token codes mean "token rejected"; a 403 is a refusal of the call
 * (docs/hypersku-contract.md, "Transport"); a 404/405 without an envelope is a wrong path.
 */
import type { z } from "zod";
import type { HyperskuOperation } from "./config";
import { classifyBody, envelopeMessage, envelopeStatus, isEnvelope, isFrameworkError, TOKEN_REJECTED_STATUSES } from "./envelope";
import {
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  type HyperskuError,
  type HyperskuErrorDetails,
  HyperskuOutcomeUnknownError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
  HyperskuUnavailableError,
} from "./errors";
import { parseRetryAfter } from "./retry-after";

export interface RawResponse {
  status: number;
  retryAfter: string | null;
  text: string;
}

export interface InterpretOptions<T> {
  operation: HyperskuOperation;
  schema: z.ZodType<T>;
  now: Date;
  /** Values (tokens, secrets) that must not reach an error message even if HyperSKU echoes them. */
  secrets?: readonly string[];
}

export type Interpretation<T> = { ok: true; value: T } | { ok: false; error: HyperskuError };

/** Operations whose failure after sending leaves us not knowing whether HyperSKU acted. */
const NOT_IDEMPOTENT: ReadonlySet<HyperskuOperation> = new Set(["createOrderFromExternal", "create"]);

/**
 * An answer that came but cannot be used (unreadable, wrong shape, too large): HyperSKU may have acted,
 * so for a create the outcome is unknown; any other call can simply be made again later.
 */
export function unreadableAnswer(reason: string, details: HyperskuErrorDetails & { operation: HyperskuOperation }): HyperskuError {
  return NOT_IDEMPOTENT.has(details.operation)
    ? new HyperskuOutcomeUnknownError(reason, details)
    : new HyperskuUnavailableError(reason, details);
}

export function interpretResponse<T>(raw: RawResponse, options: InterpretOptions<T>): Interpretation<T> {
  const { operation } = options;
  const body = parseJson(raw.text);
  const hyperskuStatus = body.ok ? (envelopeStatus(body.value) ?? undefined) : undefined;
  const details = { operation, httpStatus: raw.status, hyperskuStatus };
  const message = body.ok ? scrub(envelopeMessage(body.value), options.secrets) : null;
  const fail = (error: HyperskuError): Interpretation<T> => ({ ok: false, error });
  const unreadable = (reason: string): Interpretation<T> => fail(unreadableAnswer(reason, details));

  if (raw.status >= 200 && raw.status < 300) {
    if (!body.ok) return unreadable("its answer could not be read");
    const outcome = classifyBody(body.value);
    switch (outcome.kind) {
      case "success": {
        const parsed = options.schema.safeParse(outcome.data);
        if (parsed.success) return { ok: true, value: parsed.data };
        // For a create the schema demands proof that the order exists (schemas.ts, createdOrderSchema).
        return unreadable(
          operation === "createOrderFromExternal" ? "its answer did not show the created order" : "its answer had an unexpected shape",
        );
      }
      case "token-rejected":
        return fail(credentialFailure(operation, raw.status, details));
      case "authorization-code-rejected":
        return fail(
          operation === "accessToken" ? new HyperskuAuthorizationCodeRejectedError(details) : new HyperskuRejectedError(message, details),
        );
      case "business-error":
        return fail(new HyperskuRejectedError(message, details));
    }
  }
  if (raw.status === 401) return fail(credentialFailure(operation, raw.status, details));
  if ((raw.status === 404 || raw.status === 405) && !(body.ok && isEnvelope(body.value) && !isFrameworkError(body.value))) {
    // Nothing answered at this path (a web server's or framework's page, or nothing at all): our
    // configured path is wrong, and no operation ran, not even a create.
    return fail(new HyperskuEndpointNotFoundError(details));
  }
  if (raw.status === 429) {
    const retryAfterMs = parseRetryAfter(raw.retryAfter, options.now);
    return fail(new HyperskuUnavailableError("too many requests", { ...details, retryAfterMs }));
  }
  if (raw.status >= 500) {
    // A gateway error on a create may hide an order HyperSKU did store behind the gateway.
    if (NOT_IDEMPOTENT.has(operation) && (raw.status === 502 || raw.status === 504)) {
      return fail(new HyperskuOutcomeUnknownError(`HTTP ${raw.status}`, details));
    }
    return fail(new HyperskuUnavailableError(`HTTP ${raw.status}`, details));
  }
  if (raw.status >= 400) {
    if (operation === "accessToken" && hyperskuStatus === 60025) {
      return fail(new HyperskuAuthorizationCodeRejectedError(details));
    }
    if (hyperskuStatus !== undefined && TOKEN_REJECTED_STATUSES.has(hyperskuStatus)) {
      return fail(credentialFailure(operation, raw.status, details));
    }
    return fail(new HyperskuRejectedError(message, details));
  }
  // 1xx/3xx (redirects are not followed: a POST must never be replayed as a GET).
  return unreadable(`unexpected HTTP ${raw.status}`);
}

/**
 * "Credential not accepted", told apart by operation: the token exchanges authenticate with the app's
 * client secret (HTTP 401 = wrong secret, contract) or with the code / refresh token; everything else
 * with the shop's access token.
 */
function credentialFailure(operation: HyperskuOperation, httpStatus: number, details: HyperskuErrorDetails) {
  // A login (getToken, inferred) sends no token: a refusal is about the credentials it carried.
  if (operation === "getToken") return new HyperskuRejectedError("HyperSKU refused the login", details);
  if (operation === "accessToken" || operation === "refreshToken") {
    if (httpStatus === 401) return new HyperskuClientCredentialsRejectedError(details);
    if (operation === "accessToken") return new HyperskuAuthorizationCodeRejectedError(details);
  }
  return new HyperskuTokenRejectedError(details);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function scrub(message: string | null, secrets: readonly string[] = []): string | null {
  if (message === null) return null;
  let safe = message;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join("[redacted]");
  return safe;
}
