import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { HYPERSKU_OPERATIONS, type HyperskuOperation } from "./config";
import {
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  HyperskuError,
  HyperskuOutcomeUnknownError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
  HyperskuUnavailableError,
} from "./errors";
import { sendHyperskuRequest } from "./http.server";
import { cancelOrderResultSchema, countryCodeListSchema, orderSchema, tokenResponseSchema } from "./schemas";
import { createCaptureLogger } from "./testing/capture-logger";
import { buildOrderJson, buildTestConfig } from "./testing/factories";
import { connectionRefused, connectionReset, createFakeFetch, hang, jsonResponse, type Responder, wrapped } from "./testing/fake-fetch";

const TOKEN = "access-token-SENSITIVE-xyz";
const anyList = z.array(z.unknown());
const now = () => new Date("2024-05-01T12:00:00Z");

async function call(operation: HyperskuOperation, responder: Responder, options: { timeoutMs?: number } = {}) {
  const { fetch, requests } = createFakeFetch(responder);
  const logger = createCaptureLogger();
  const schema = operation === "createOrderFromExternal" ? orderSchema : operation.endsWith("Token") ? tokenResponseSchema : anyList;
  const config = buildTestConfig({ timeoutMs: options.timeoutMs ?? 1_000 });
  const promise = sendHyperskuRequest(
    config,
    {
      operation,
      schema: schema as z.ZodType<unknown>,
      accessToken: operation.endsWith("Token") ? undefined : TOKEN,
      body: operation === "getCountryCode" ? undefined : { a: 1 },
      pathParams: { storeOrderId: "5000001" },
      shop: "example.myshopify.com",
    },
    { fetch, logger, now },
  );
  const result = await promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...result, requests, logs: logger.entries };
}

async function failure(operation: HyperskuOperation, responder: Responder, options?: { timeoutMs?: number }) {
  const { error } = await call(operation, responder, options);
  expect(error).toBeInstanceOf(HyperskuError);
  return error as HyperskuError;
}

describe("sendHyperskuRequest: success", () => {
  it("unwraps an envelope and accepts the bare form", async () => {
    expect((await call("getCountryCode", () => jsonResponse(wrapped([{ countryCode: "US" }])))).value).toEqual([{ countryCode: "US" }]);
    expect((await call("getCountryCode", () => jsonResponse([{ countryCode: "US" }]))).value).toEqual([{ countryCode: "US" }]);
  });

  it("validates with the operation's schema", async () => {
    const { value } = await call("createOrderFromExternal", () => jsonResponse(wrapped(buildOrderJson())));
    expect((value as { orderBaseInfo: { createTime: Date } }).orderBaseInfo.createTime).toBeInstanceOf(Date);
  });

  it("tolerates an empty 2xx body when the schema does", async () => {
    const { fetch } = createFakeFetch(() => new Response(null, { status: 200 }));
    const deps = { fetch, logger: createCaptureLogger() };
    const config = buildTestConfig();
    await expect(
      sendHyperskuRequest(config, { operation: "getCountryCode", schema: countryCodeListSchema, accessToken: "t" }, deps),
    ).resolves.toEqual([]);
    await expect(
      sendHyperskuRequest(config, { operation: "cancelOrder", schema: cancelOrderResultSchema, accessToken: "t" }, deps),
    ).resolves.toEqual({});
    await expect(
      sendHyperskuRequest(config, { operation: "createOrderFromExternal", schema: orderSchema, accessToken: "t" }, deps),
    ).rejects.toBeInstanceOf(HyperskuOutcomeUnknownError);
  });

  it("sends JSON with Content-Type and the Authorization header with the configured prefix", async () => {
    const { fetch, requests } = createFakeFetch(() => jsonResponse([]));
    await sendHyperskuRequest(
      buildTestConfig({ authPrefix: "Bearer " }),
      { operation: "getOrdersStatus", schema: anyList, accessToken: TOKEN, body: [1, 2] },
      { fetch, logger: createCaptureLogger() },
    );
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "https://api.hypersku.test/api/customer/admin/orders/status",
      body: [1, 2],
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    });
  });

  it("sends no Authorization header without a token (token exchanges)", async () => {
    const { requests } = await call("accessToken", () => jsonResponse({ accessToken: "t" }));
    expect(requests[0].headers.authorization).toBeUndefined();
  });

  it("looks up globalThis.fetch at call time", async () => {
    const original = globalThis.fetch;
    const { fetch, requests } = createFakeFetch(() => jsonResponse([]));
    globalThis.fetch = fetch;
    try {
      await sendHyperskuRequest(
        buildTestConfig(),
        { operation: "getCountryCode", schema: anyList, accessToken: "t" },
        {
          logger: createCaptureLogger(),
        },
      );
    } finally {
      globalThis.fetch = original;
    }
    expect(requests).toHaveLength(1);
  });
});

describe("sendHyperskuRequest: error mapping", () => {
  it.each([
    ["HTTP 401", () => jsonResponse({ status: 401, message: "unauthorized" }, { status: 401 })],
    ["body 40101", () => jsonResponse(wrapped(null, 40101, "token expired"))],
    ["body 40301", () => jsonResponse(wrapped(null, 40301, "no permission"))],
    ["HTTP 400 with body 40101", () => jsonResponse({ status: 40101, message: "token expired" }, { status: 400 })],
  ])("%s -> HyperskuTokenRejectedError", async (_name, responder) => {
    const error = await failure("getCountryCode", responder);
    expect(error).toBeInstanceOf(HyperskuTokenRejectedError);
    expect(error.operation).toBe("getCountryCode");
  });

  it("a body business error -> HyperskuRejectedError with HyperSKU's message", async () => {
    const error = await failure("cancelOrder", () => jsonResponse(wrapped(null, 40009, "order already shipped")));
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect(error).toMatchObject({ message: "order already shipped", httpStatus: 200, hyperskuStatus: 40009, retryable: false });
  });

  it.each([400, 404, 409, 422])("HTTP %i -> HyperskuRejectedError", async (status) => {
    const error = await failure("updateOrderAddress", () => jsonResponse({ status: 40001, message: "city is required" }, { status }));
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect(error).toMatchObject({ message: "city is required", httpStatus: status });
  });

  it("HTTP 404 with a plain-text body -> HyperskuEndpointNotFoundError (was Rejected before issue 14)", async () => {
    const error = await failure("cancelOrder", () => new Response("Not Found", { status: 404 }));
    expect(error).toBeInstanceOf(HyperskuEndpointNotFoundError);
    expect(error.httpStatus).toBe(404);
  });

  it.each([500, 502, 503])("HTTP %i on a read -> HyperskuUnavailableError", async (status) => {
    const error = await failure("getCountryCode", () => jsonResponse({ status, message: "boom" }, { status }));
    expect(error).toBeInstanceOf(HyperskuUnavailableError);
    expect(error).toMatchObject({ httpStatus: status, retryable: true });
  });

  it("HTTP 500 on a create -> Unavailable (HyperSKU answered: it failed); 504 -> OutcomeUnknown", async () => {
    expect(await failure("createOrderFromExternal", () => jsonResponse({ status: 500, message: "x" }, { status: 500 }))).toBeInstanceOf(
      HyperskuUnavailableError,
    );
    expect(await failure("createOrderFromExternal", () => new Response("gateway", { status: 504 }))).toBeInstanceOf(
      HyperskuOutcomeUnknownError,
    );
  });

  it("HTTP 429 with Retry-After seconds", async () => {
    const error = await failure("getCountryCode", () => jsonResponse({}, { status: 429, headers: { "Retry-After": "7" } }));
    expect(error).toBeInstanceOf(HyperskuUnavailableError);
    expect((error as HyperskuUnavailableError).retryAfterMs).toBe(7_000);
  });

  it("HTTP 429 with Retry-After as an HTTP-date", async () => {
    const error = await failure("getCountryCode", () =>
      jsonResponse({}, { status: 429, headers: { "Retry-After": "Wed, 01 May 2024 12:01:00 GMT" } }),
    );
    expect((error as HyperskuUnavailableError).retryAfterMs).toBe(60_000);
  });

  it("HTTP 429 without Retry-After", async () => {
    const error = await failure("getCountryCode", () => new Response("", { status: 429 }));
    expect(error).toBeInstanceOf(HyperskuUnavailableError);
    expect((error as HyperskuUnavailableError).retryAfterMs).toBeUndefined();
  });

  it("a network error -> Unavailable on a read; OutcomeUnknown on a create unless never connected", async () => {
    expect(await failure("getCountryCode", connectionReset)).toBeInstanceOf(HyperskuUnavailableError);
    expect(await failure("createOrderFromExternal", connectionReset)).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(await failure("createOrderFromExternal", connectionRefused)).toBeInstanceOf(HyperskuUnavailableError);
  });

  it("a timeout -> Unavailable on a read, OutcomeUnknown on a create", async () => {
    const read = await failure("getCountryCode", hang, { timeoutMs: 30 });
    expect(read).toBeInstanceOf(HyperskuUnavailableError);
    expect(read.message).toMatch(/no answer in time/);
    expect(await failure("createOrderFromExternal", hang, { timeoutMs: 30 })).toBeInstanceOf(HyperskuOutcomeUnknownError);
  });

  it("an unparseable or wrongly shaped 2xx -> Unavailable on a read, OutcomeUnknown on a create", async () => {
    const garbage = () => new Response("<html>oops", { status: 200 });
    expect(await failure("getCountryCode", garbage)).toBeInstanceOf(HyperskuUnavailableError);
    expect(await failure("createOrderFromExternal", garbage)).toBeInstanceOf(HyperskuOutcomeUnknownError);
    const wrongShape = () => jsonResponse(wrapped({ orderBaseInfo: { orderId: "not a number" } }));
    expect(await failure("createOrderFromExternal", wrongShape)).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(await failure("getCountryCode", () => jsonResponse(wrapped({ not: "a list" })))).toBeInstanceOf(HyperskuUnavailableError);
  });

  it("60025 from accessToken -> HyperskuAuthorizationCodeRejectedError (body or HTTP 400)", async () => {
    for (const responder of [
      () => jsonResponse(wrapped(null, 60025, "code invalid")),
      () => jsonResponse({ status: 60025, message: "code invalid" }, { status: 400 }),
    ]) {
      const error = await failure("accessToken", responder);
      expect(error).toBeInstanceOf(HyperskuAuthorizationCodeRejectedError);
      expect(error.message).toBe("HyperSKU did not accept the authorization; connect again.");
      expect(error.hyperskuStatus).toBe(60025);
    }
  });

  it("HTTP 401 from accessToken or refreshToken -> HyperskuClientCredentialsRejectedError", async () => {
    for (const operation of ["accessToken", "refreshToken"] as const) {
      const error = await failure(operation, () => jsonResponse({ status: 401, message: "bad client" }, { status: 401 }));
      expect(error).toBeInstanceOf(HyperskuClientCredentialsRejectedError);
      expect(error.message).toMatch(/HYPERSKU_CLIENT_ID.*HYPERSKU_CLIENT_SECRET/);
    }
  });

  it("a refused refresh token: body 40101 -> TokenRejected; HTTP 403 -> Rejected (both a refused refresh to the token manager)", async () => {
    expect(await failure("refreshToken", () => jsonResponse(wrapped(null, 40101, "refresh token invalid")))).toBeInstanceOf(
      HyperskuTokenRejectedError,
    );
    expect(await failure("refreshToken", () => jsonResponse({}, { status: 403 }))).toBeInstanceOf(HyperskuRejectedError);
  });

  it("never follows a redirect", async () => {
    const { error, requests } = await call(
      "createOrderFromExternal",
      () => new Response(null, { status: 303, headers: { Location: "https://elsewhere.test/" } }),
    );
    expect(error).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(requests).toHaveLength(1);
  });
});

describe("sendHyperskuRequest: a 403 refuses one call, it never says the token is bad (issue 14, item 4)", () => {
  const SHOPS_MESSAGE = "Store not authorised for this SKU";

  it.each(HYPERSKU_OPERATIONS)("%s: HTTP 403 with HyperSKU's envelope -> HyperskuRejectedError with its message", async (operation) => {
    const error = await failure(operation, () =>
      jsonResponse({ status: 403, message: SHOPS_MESSAGE, data: null, rel: false }, { status: 403 }),
    );
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect(error).not.toBeInstanceOf(HyperskuTokenRejectedError);
    expect(error).toMatchObject({ message: SHOPS_MESSAGE, httpStatus: 403, hyperskuStatus: 403, retryable: false });
  });

  it.each(HYPERSKU_OPERATIONS)("%s: a bare HTTP 403 without a body -> HyperskuRejectedError", async (operation) => {
    const error = await failure(operation, () => new Response(null, { status: 403 }));
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect(error.message).toBe("HyperSKU rejected the request (HTTP 403).");
  });

  it("HTTP 200 with body status 403 is a business refusal too", async () => {
    const error = await failure("createOrderFromExternal", () => jsonResponse(wrapped(null, 403, SHOPS_MESSAGE)));
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect(error.message).toBe(SHOPS_MESSAGE);
  });

  it("HTTP 403 carrying HyperSKU's explicit token code 40301 is still a token rejection", async () => {
    const error = await failure("getCountryCode", () =>
      jsonResponse({ status: 40301, message: "token has no permission" }, { status: 403 }),
    );
    expect(error).toBeInstanceOf(HyperskuTokenRejectedError);
  });
});

describe("sendHyperskuRequest: a 404/405 that is no HyperSKU answer means our path is wrong (issue 14, item 4)", () => {
  const notHypersku: [string, () => Response][] = [
    [
      "an HTML page",
      () => new Response("<html><body><h1>404 Not Found</h1></body></html>", { status: 404, headers: { "Content-Type": "text/html" } }),
    ],
    ["an empty body", () => new Response(null, { status: 404 })],
    ["plain text", () => new Response("Not Found", { status: 404 })],
    [
      "a framework's JSON error",
      () =>
        jsonResponse(
          { timestamp: "2026-11-23T10:00:00Z", status: 404, error: "Not Found", message: "No message available", path: "/api/x" },
          { status: 404 },
        ),
    ],
    ["a 405 page", () => new Response("<html>Method Not Allowed</html>", { status: 405 })],
  ];
  const cases = HYPERSKU_OPERATIONS.flatMap((operation) => notHypersku.map(([name, responder]) => [operation, name, responder] as const));

  it.each(cases)("%s, %s -> HyperskuEndpointNotFoundError naming the operation and the setting", async (operation, _name, responder) => {
    const error = await failure(operation, responder);
    expect(error).toBeInstanceOf(HyperskuEndpointNotFoundError);
    expect(error).not.toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(error).toMatchObject({ code: "endpoint_not_found", operation, retryable: false });
    expect(error.message).toContain(operation);
    expect(error.message).toContain("HYPERSKU_PATHS");
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(buildTestConfig().clientSecret!);
  });

  it("a 404 with HyperSKU's envelope is HyperSKU speaking: HyperskuRejectedError with its message", async () => {
    const error = await failure("cancelOrder", () =>
      jsonResponse({ status: 40004, message: "order does not exist", data: null }, { status: 404 }),
    );
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect(error.message).toBe("order does not exist");
  });
});

describe("sendHyperskuRequest: answers are read up to HYPERSKU_MAX_RESPONSE_BYTES (issue 14, item 11)", () => {
  const CAP = 64 * 1024;
  const CHUNK = new Uint8Array(16 * 1024).fill(0x20);

  /** A 50 MB answer produced only as it is read, recording how much was read and whether it was cancelled. */
  function endless(init: { headers?: Record<string, string> } = {}) {
    const seen = { pulled: 0, cancelled: false, aborted: false };
    const responder: Responder = (_request, signal) => {
      signal?.addEventListener("abort", () => (seen.aborted = true));
      let sentPrefix = false;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (!sentPrefix) {
              sentPrefix = true;
              controller.enqueue(new TextEncoder().encode('{"status":200,"data":{"orderBaseInfo":{"orderId":1},"pad":"'));
              return;
            }
            if (seen.pulled >= 50 * 1024 * 1024) return controller.close();
            seen.pulled += CHUNK.byteLength;
            controller.enqueue(CHUNK);
          },
          cancel() {
            seen.cancelled = true;
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: 200, headers: { "Content-Type": "application/json", ...init.headers } });
    };
    return { seen, responder };
  }

  async function capped(operation: HyperskuOperation, responder: Responder) {
    const { fetch } = createFakeFetch(responder);
    return sendHyperskuRequest(
      buildTestConfig({ maxResponseBytes: CAP }),
      { operation, schema: z.unknown(), accessToken: TOKEN },
      { fetch, logger: createCaptureLogger(), now },
    ).then(
      () => undefined,
      (error: unknown) => error as HyperskuError,
    );
  }

  it("stops reading past the cap and closes the connection: a create's outcome is unknown", async () => {
    const { seen, responder } = endless();
    const error = await capped("createOrderFromExternal", responder);
    expect(error).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(error?.message).toMatch(/larger than 65536 bytes/);
    expect(seen.pulled).toBeLessThanOrEqual(CAP + 2 * CHUNK.byteLength);
    expect(seen.aborted).toBe(true);
    await vi.waitFor(() => expect(seen.cancelled).toBe(true));
  });

  it("an oversized answer to a read -> HyperskuUnavailableError", async () => {
    const { seen, responder } = endless();
    expect(await capped("getOrdersByExternalOrderId", responder)).toBeInstanceOf(HyperskuUnavailableError);
    expect(seen.pulled).toBeLessThanOrEqual(CAP + 2 * CHUNK.byteLength);
  });

  it("a declared Content-Length over the cap is refused before reading anything", async () => {
    const { seen, responder } = endless({ headers: { "Content-Length": String(50 * 1024 * 1024) } });
    expect(await capped("createOrderFromExternal", responder)).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(seen.pulled).toBe(0);
    expect(seen.aborted).toBe(true);
  });

  it("an answer of exactly the cap is read", async () => {
    const json = JSON.stringify([{ countryCode: "US", pad: "" }]);
    const exact = json.replace('"pad":""', `"pad":"${"x".repeat(CAP - json.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(CAP);
    const { fetch } = createFakeFetch(() => new Response(exact, { status: 200 }));
    await expect(
      sendHyperskuRequest(
        buildTestConfig({ maxResponseBytes: CAP }),
        { operation: "getCountryCode", schema: anyList, accessToken: TOKEN },
        { fetch, logger: createCaptureLogger() },
      ),
    ).resolves.toHaveLength(1);
  });
});

describe("sendHyperskuRequest: logs and secrets", () => {
  it("logs one line per call with operation, shop, duration and status, without token or body", async () => {
    const ok = await call("createOrderFromExternal", () => jsonResponse(wrapped(buildOrderJson())));
    expect(ok.logs).toHaveLength(1);
    expect(ok.logs[0]).toMatchObject({
      level: "info",
      fields: { operation: "createOrderFromExternal", shop: "example.myshopify.com", httpStatus: 200, outcome: "ok" },
    });
    expect(typeof ok.logs[0].fields.durationMs).toBe("number");
    const failed = await call("cancelOrder", () => jsonResponse(wrapped(null, 40009, "already shipped")));
    expect(failed.logs).toHaveLength(1);
    expect(failed.logs[0]).toMatchObject({ level: "warn", fields: { outcome: "rejected", httpStatus: 200, hyperskuStatus: 40009 } });
    for (const line of [...ok.logs, ...failed.logs].map((entry) => JSON.stringify(entry))) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain("Lovelace"); // personal data from the body
      expect(line).not.toContain("already shipped");
    }
  });

  it("logs a transport failure with its outcome and no HTTP status", async () => {
    const { logs } = await call("getCountryCode", connectionReset);
    expect(logs).toEqual([
      expect.objectContaining({ level: "warn", fields: expect.objectContaining({ outcome: "unavailable", httpStatus: undefined }) }),
    ]);
  });

  it("keeps tokens and secrets out of error messages even when HyperSKU echoes them", async () => {
    const config = buildTestConfig();
    const echo = `bad token ${TOKEN} / ${config.clientSecret}`;
    const error = await failure("getCountryCode", () => jsonResponse({ status: 40001, message: echo }, { status: 400 }));
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).not.toContain(config.clientSecret);
    expect(error.message).toContain("[redacted]");
  });
});
