import { describe, expect, it } from "vitest";
import {
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuNotConnectedError,
  HyperskuOutcomeUnknownError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
  HyperskuUnavailableError,
} from "./errors";

describe("the HyperSKU error set", () => {
  const details = { operation: "cancelOrder" as const, httpStatus: 200, hyperskuStatus: 40009 };
  const errors = [
    new HyperskuTokenRejectedError(details),
    new HyperskuReconnectNeededError("refresh_token_rejected", details),
    new HyperskuNotConnectedError(),
    new HyperskuRejectedError("order already shipped", details),
    new HyperskuUnavailableError("HTTP 503", { ...details, retryAfterMs: 5000 }),
    new HyperskuOutcomeUnknownError("no answer in time", { operation: "createOrderFromExternal" }),
    new HyperskuAuthorizationCodeRejectedError({ operation: "accessToken", hyperskuStatus: 60025 }),
    new HyperskuClientCredentialsRejectedError({ operation: "refreshToken", httpStatus: 401 }),
    new HyperskuNotConfiguredError(["HYPERSKU_CLIENT_ID"], "accessToken"),
    new HyperskuEndpointNotFoundError({ operation: "refreshToken", httpStatus: 404 }),
  ];

  it("all extend HyperskuError with a distinct code and their class name", () => {
    for (const error of errors) {
      expect(error).toBeInstanceOf(HyperskuError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(error.constructor.name);
    }
    expect(new Set(errors.map((error) => error.code)).size).toBe(errors.length);
  });

  it("only Unavailable is retryable as is", () => {
    expect(errors.filter((error) => error.retryable).map((error) => error.code)).toEqual(["unavailable"]);
    expect((errors[4] as HyperskuUnavailableError).retryAfterMs).toBe(5000);
  });

  it("keeps operation and statuses", () => {
    expect(errors[3]).toMatchObject({ operation: "cancelOrder", httpStatus: 200, hyperskuStatus: 40009, message: "order already shipped" });
    expect(errors[2].operation).toBeNull();
  });

  it("an endpoint not found is an operator error naming the operation and the setting to fix", () => {
    const error = new HyperskuEndpointNotFoundError({ operation: "createOrderFromExternal", httpStatus: 404 });
    expect(error).toMatchObject({ code: "endpoint_not_found", name: "HyperskuEndpointNotFoundError", retryable: false, httpStatus: 404 });
    expect(error.message).toBe(
      'HyperSKU has no createOrderFromExternal endpoint at the configured address (HTTP 404): the operator must check HYPERSKU_API_URL and the "createOrderFromExternal" entry of HYPERSKU_PATHS.',
    );
    // Not a refusal by HyperSKU (nothing judged the request) and not a token problem.
    expect(error).not.toBeInstanceOf(HyperskuRejectedError);
  });

  it("gives a generic rejection message when HyperSKU gave none", () => {
    expect(new HyperskuRejectedError(null, { operation: "cancelOrder", httpStatus: 422 }).message).toBe(
      "HyperSKU rejected the request (HTTP 422).",
    );
  });
});
