/**
 * The small error set callers act on. Every failure of a HyperSKU call becomes exactly one of these;
 * `message` is safe to show a merchant and never contains a token, a secret or a response body.
 *
 * | class                                  | raised for                                     | caller should                                     |
 * |----------------------------------------|------------------------------------------------|---------------------------------------------------|
 * | HyperskuTokenRejectedError             | HTTP 401; body status 401, 40101 or 40301      | refresh the token once, retry once (token manager)|
 * | HyperskuReconnectNeededError           | token refused again after a refresh; a refused | ask the merchant to connect HyperSKU again        |
 * |                                        | refresh (401, 40101/40301, business refusal)   |                                                   |
 * | HyperskuNotConnectedError              | no token set stored for the shop               | (a ReconnectNeeded) the shop never connected      |
 * | HyperskuRejectedError                  | a business error; HTTP 4xx with an envelope;   | not retry; show HyperSKU's message                |
 * |                                        | any HTTP 403 without a token code              |                                                   |
 * | HyperskuUnavailableError               | 5xx, 429, timeout, connection lost; a read's   | retry later (after `retryAfterMs` when given)     |
 * |                                        | answer unreadable or over the size cap         |                                                   |
 * | HyperskuOutcomeUnknownError            | a create not answered, answered unreadably or  | look the order up before creating it again;       |
 * |                                        | over the cap, or whose answer does not prove   | never mark it sent                                |
 * |                                        | the order (no orderBaseInfo.orderId, another   |                                                   |
 * |                                        | storeOrderId), a create's 502/504              |                                                   |
 * | HyperskuAuthorizationCodeRejectedError | 60025 from accessToken                         | start the authorization flow again                |
 * | HyperskuClientCredentialsRejectedError | HTTP 401 from accessToken / refreshToken       | operator: fix HYPERSKU_CLIENT_ID / _SECRET        |
 * | HyperskuNotConfiguredError             | client id / secret not set (nothing was sent)  | operator: set HYPERSKU_CLIENT_ID / _SECRET        |
 * | HyperskuEndpointNotFoundError          | HTTP 404 / 405 whose body is no HyperSKU       | operator: fix HYPERSKU_PATHS / HYPERSKU_API_URL;  |
 * |                                        | envelope (HTML, empty, text): a wrong path     | hold the work; never send a shop to reconnect     |
 *
 * A 403 is not proof of a bad token (docs/hypersku-contract.md, "Transport", HTTP 403): one refused call must
 * never disconnect a whole shop. A 404 without an envelope means nothing answered at that path, so
 * HyperSKU cannot have acted, even on a create.
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
  | "not_configured"
  | "endpoint_not_found";

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
    super(`HyperSKU did not confirm whether the order was created (${reason}); it will be looked up before sending it again.`, details);
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
    super("HyperSKU rejected the app's credentials: the operator must check HYPERSKU_CLIENT_ID and HYPERSKU_CLIENT_SECRET.", details);
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

/**
 * Nothing at the configured path (HTTP 404/405 without a HyperSKU envelope). An operator error: the
 * request never reached an operation, so retrying or reconnecting cannot help until the path is fixed.
 */
export class HyperskuEndpointNotFoundError extends HyperskuError {
  readonly code = "endpoint_not_found";
  constructor(details: HyperskuErrorDetails & { operation: HyperskuOperation }) {
    super(
      `HyperSKU has no ${details.operation} endpoint at the configured address${statusSuffix(details)}: the operator must ` +
        `check HYPERSKU_API_URL and the "${details.operation}" entry of HYPERSKU_PATHS.`,
      details,
    );
  }
}

function statusSuffix(details: HyperskuErrorDetails): string {
  const parts = [
    details.httpStatus !== undefined ? `HTTP ${details.httpStatus}` : null,
    details.hyperskuStatus !== undefined ? `status ${details.hyperskuStatus}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
