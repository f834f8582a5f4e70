/**
 * The one function that sends a request to HyperSKU: URL from the configured path, JSON body,
 * Authorization header, per-request timeout, a cap on the bytes read from the answer
 * (HYPERSKU_MAX_RESPONSE_BYTES; issue 14 item 11: a 300 MB answer once took the process to 4 GB),
 * then response.ts decides what the answer means.
 * Logs one structured line per call: operation, shop, duration, HTTP status, outcome. Never the
 * token, never a body (bodies carry buyers' personal data).
 */
import type { z } from "zod";
import { logger as appLogger } from "~/logger.server";
import { type HyperskuConfig, type HyperskuOperation, operationMethod } from "./config";
import { HyperskuError, HyperskuOutcomeUnknownError, HyperskuUnavailableError } from "./errors";
import { interpretResponse, unreadableAnswer } from "./response";
import { buildOperationUrl, type PathParams, type QueryParams } from "./url";

/** The slice of pino we use, so tests can pass a recorder. */
export interface HyperskuLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface HyperskuHttpDeps {
  /** Defaults to globalThis.fetch, looked up per call (so test network guards apply). */
  fetch?: typeof fetch;
  logger?: HyperskuLogger;
  now?: () => Date;
}

export interface HyperskuRequest<T> {
  operation: HyperskuOperation;
  schema: z.ZodType<T>;
  pathParams?: PathParams;
  query?: QueryParams;
  /** JSON-serialised as the request body when defined. */
  body?: unknown;
  /** Sent as `Authorization: <authPrefix><accessToken>` when given. */
  accessToken?: string;
  /** For the log line only. */
  shop?: string;
  /** Extra values that must never appear in an error message (client secret, codes, refresh tokens). */
  secrets?: readonly string[];
}

/** Errors meaning the request never left this machine, so HyperSKU cannot have acted on it. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

export async function sendHyperskuRequest<T>(config: HyperskuConfig, request: HyperskuRequest<T>, deps: HyperskuHttpDeps = {}): Promise<T> {
  const { operation } = request;
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const log = deps.logger ?? appLogger;
  const now = deps.now ?? (() => new Date());
  const url = buildOperationUrl(config, operation, request.pathParams, request.query);
  const headers: Record<string, string> = { Accept: "application/json", "Content-Type": "application/json" };
  if (request.accessToken !== undefined) headers.Authorization = `${config.authPrefix}${request.accessToken}`;
  const secrets = [request.accessToken, config.clientSecret, ...(request.secrets ?? [])].filter(
    (value): value is string => typeof value === "string" && value !== "",
  );

  const started = performance.now();
  let httpStatus: number | undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  try {
    let text: string | null;
    let retryAfter: string | null;
    try {
      const response = await fetchImpl(url, {
        method: operationMethod(config, operation),
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
        redirect: "manual",
      });
      httpStatus = response.status;
      retryAfter = response.headers.get("retry-after");
      text = await readCapped(response, config.maxResponseBytes, () => controller.abort());
    } catch (error) {
      throw transportError(operation, error, controller.signal.aborted, httpStatus);
    }
    if (text === null) {
      throw unreadableAnswer(`its answer was larger than ${config.maxResponseBytes} bytes`, { operation, httpStatus });
    }
    const result = interpretResponse(
      { status: httpStatus, retryAfter, text },
      {
        operation,
        schema: request.schema,
        now: now(),
        secrets,
      },
    );
    if (!result.ok) throw result.error;
    log.info({ ...logFields(request, started, httpStatus), outcome: "ok" }, "hypersku call");
    return result.value;
  } catch (error) {
    const fields = logFields(request, started, httpStatus);
    if (error instanceof HyperskuError) {
      log.warn({ ...fields, outcome: error.code, hyperskuStatus: error.hyperskuStatus }, "hypersku call failed");
    } else {
      log.warn({ ...fields, outcome: "bug" }, "hypersku call failed");
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body as text, or null as soon as it exceeds `limit` bytes: then reading stops and `abort` closes
 * the connection, so an endless or huge answer costs at most `limit` bytes of memory and no more time.
 */
async function readCapped(response: Response, limit: number, abort: () => void): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    abort();
    return null;
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      abort();
      void reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function logFields(request: HyperskuRequest<unknown>, started: number, httpStatus: number | undefined) {
  return {
    operation: request.operation,
    shop: request.shop,
    durationMs: Math.round(performance.now() - started),
    httpStatus,
  };
}

/**
 * No (complete) answer. For a create, anything but "never connected" may mean HyperSKU stored the
 * order and we missed the reply: the caller must look it up before sending it again.
 */
function transportError(operation: HyperskuOperation, error: unknown, timedOut: boolean, httpStatus: number | undefined): HyperskuError {
  const details = { operation, httpStatus, cause: timedOut ? undefined : safeCause(error) };
  const reason = timedOut ? "no answer in time" : "the connection failed";
  const neverSent = !timedOut && httpStatus === undefined && NOT_SENT_CODES.has(errorCode(error) ?? "");
  if (operation === "createOrderFromExternal" && !neverSent) return new HyperskuOutcomeUnknownError(reason, details);
  return new HyperskuUnavailableError(reason, details);
}

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Keep only name and code of a network error: its message is safe, but keep the cause small. */
function safeCause(error: unknown): Error {
  const code = errorCode(error);
  const name = error instanceof Error ? error.name : "Error";
  return new Error(`${name}${code ? ` (${code})` : ""}`);
}
