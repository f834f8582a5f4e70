/**
 * The small error set callers act on. Every failure of a HyperSKU call becomes exactly one of these;
 * `message` is safe to show a merchant and never contains a token, a secret or a response body.
 *
 * | class                                   | caller should                                        |
 * |-----------------------------------------|------------------------------------------------------|
 * | HyperskuTokenRejectedError              | refresh the token once, retry once (token manager)   |
 * | HyperskuReconnectNeededError            | ask the merchant to connect HyperSKU again           |
 * | HyperskuNotConnectedError               | (a ReconnectNeeded) the shop never connected         |
 * | HyperskuRejectedError                   | not retry; show HyperSKU's message                   |
 * | HyperskuUnavailableError                | retry later (after `retryAfterMs` when given)        |
 * | HyperskuOutcomeUnknownError             | look the order up before creating it again           |
 * | HyperskuAuthorizationCodeRejectedError  | start the authorization flow again                   |
 * | HyperskuClientCredentialsRejectedError  | operator: fix HYPERSKU_CLIENT_ID / _SECRET           |
 * | HyperskuNotConfiguredError              | operator: set HYPERSKU_CLIENT_ID / _SECRET           |
 */
import type { HyperskuOperation } from "./config";

export type HyperskuErrorCode =
  | "token_rejected"
  | "reconnect_needed"
  | "not_connected"
  | "rejected"
  | "unavailable"
  | "outcome_unknown"
  | "authorization_code_rejected"
  | "client_credentials_rejected"
  | "not_configured";

export interface HyperskuErrorDetails {
  /** The operation that failed; null when no HyperSKU call was involved (e.g. not connected). */
  operation: HyperskuOperation | null;
  httpStatus?: number;
  /** The envelope's own `status` when the body carried one. */
  hyperskuStatus?: number;
  cause?: unknown;
}

export abstract class HyperskuError extends Error {
  abstract readonly code: HyperskuErrorCode;
  /** True when the same call may simply be made again later. */
  readonly retryable: boolean = false;
  readonly operation: HyperskuOperation | null;
  readonly httpStatus?: number;
  readonly hyperskuStatus?: number;

  constructor(message: string, details: HyperskuErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.operation = details.operation;
    if (details.httpStatus !== undefined) this.httpStatus = details.httpStatus;
    if (details.hyperskuStatus !== undefined) this.hyperskuStatus = details.hyperskuStatus;
  }
}

export class HyperskuTokenRejectedError extends HyperskuError {
  readonly code = "token_rejected";
  constructor(details: HyperskuErrorDetails) {
    super("HyperSKU did not accept this shop's access token.", details);
  }
}

export class HyperskuReconnectNeededError extends HyperskuError {
  readonly code: "reconnect_needed" | "not_connected" = "reconnect_needed";
  constructor(
    readonly reason: string,
    details: HyperskuErrorDetails,
    message = "HyperSKU no longer accepts this shop's connection; connect to HyperSKU again.",
  ) {
    super(message, details);
  }
}

/** No token set is stored for the shop: it has never connected (or disconnected). */
export class HyperskuNotConnectedError extends HyperskuReconnectNeededError {
  override readonly code = "not_connected";
  constructor() {
    super("not_connected", { operation: null }, "This shop is not connected to HyperSKU yet; connect to HyperSKU first.");
  }
}

/** HyperSKU refused the request itself; `message` is HyperSKU's own when it gave one. */
export class HyperskuRejectedError extends HyperskuError {
  readonly code = "rejected";
  constructor(message: string | null, details: HyperskuErrorDetails) {
    super(message ?? `HyperSKU rejected the request${statusSuffix(details)}.`, details);
  }
}

export class HyperskuUnavailableError extends HyperskuError {
  readonly code = "unavailable";
  override readonly retryable = true;
  readonly retryAfterMs?: number;
  constructor(reason: string, details: HyperskuErrorDetails & { retryAfterMs?: number }) {
    super(`HyperSKU is not available right now (${reason}); it will be tried again later.`, details);
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

export class HyperskuOutcomeUnknownError extends HyperskuError {
  readonly code = "outcome_unknown";
  constructor(reason: string, details: HyperskuErrorDetails) {
    super(
      `HyperSKU did not confirm whether the order was created (${reason}); it will be looked up before sending it again.`,
      details,
    );
  }
}

export class HyperskuAuthorizationCodeRejectedError extends HyperskuError {
  readonly code = "authorization_code_rejected";
  constructor(details: HyperskuErrorDetails) {
    super("HyperSKU did not accept the authorization; connect again.", details);
  }
}

export class HyperskuClientCredentialsRejectedError extends HyperskuError {
  readonly code = "client_credentials_rejected";
  constructor(details: HyperskuErrorDetails) {
    super(
      "HyperSKU rejected the app's credentials: the operator must check HYPERSKU_CLIENT_ID and HYPERSKU_CLIENT_SECRET.",
      details,
    );
  }
}

export class HyperskuNotConfiguredError extends HyperskuError {
  readonly code = "not_configured";
  constructor(
    readonly missing: string[],
    operation: HyperskuOperation | null,
  ) {
    super(`HyperSKU is not configured: set ${missing.join(" and ")}.`, { operation });
  }
}

function statusSuffix(details: HyperskuErrorDetails): string {
  const parts = [
    details.httpStatus !== undefined ? `HTTP ${details.httpStatus}` : null,
    details.hyperskuStatus !== undefined ? `status ${details.hyperskuStatus}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
