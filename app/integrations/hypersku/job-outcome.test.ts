import {
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  type HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuNotConnectedError,
  HyperskuOutcomeUnknownError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
  HyperskuUnavailableError,
} from "./errors";
import { hyperskuJobOutcome, OPERATOR_RECHECK_MS, RECONNECT_RECHECK_MS, RECONNECT_WAIT_NOTE } from "./job-outcome";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const operation = "createOrderFromExternal" as const;

describe("hyperskuJobOutcome: every HyperSKU error becomes one answer to the queue", () => {
  const notConfigured = new HyperskuNotConfiguredError(["HYPERSKU_CLIENT_ID"], operation);
  const credentials = new HyperskuClientCredentialsRejectedError({ operation: "accessToken", httpStatus: 401 });
  const noEndpoint = new HyperskuEndpointNotFoundError({ operation, httpStatus: 404 });
  const cases: [string, HyperskuError, unknown][] = [
    [
      "reconnect needed: wait for a reconnect",
      new HyperskuReconnectNeededError("refresh_refused", { operation }),
      { kind: "reschedule", runAt: later(RECONNECT_RECHECK_MS), note: RECONNECT_WAIT_NOTE },
    ],
    [
      "never connected: wait for a reconnect",
      new HyperskuNotConnectedError(),
      { kind: "reschedule", runAt: later(RECONNECT_RECHECK_MS), note: RECONNECT_WAIT_NOTE },
    ],
    [
      "not configured: wait for the operator",
      notConfigured,
      { kind: "reschedule", runAt: later(OPERATOR_RECHECK_MS), note: notConfigured.message },
    ],
    [
      "app credentials refused: wait for the operator",
      credentials,
      { kind: "reschedule", runAt: later(OPERATOR_RECHECK_MS), note: credentials.message },
    ],
    [
      "no endpoint at the path: wait for the operator",
      noEndpoint,
      { kind: "reschedule", runAt: later(OPERATOR_RECHECK_MS), note: noEndpoint.message },
    ],
    [
      "rejected: fail with HyperSKU's message",
      new HyperskuRejectedError("Unknown SKU", { operation }),
      { kind: "fail", error: "Unknown SKU" },
    ],
    [
      "unavailable with Retry-After: retry no sooner",
      new HyperskuUnavailableError("HTTP 429", { operation, httpStatus: 429, retryAfterMs: 30_000 }),
      { kind: "retry", error: expect.stringContaining("HTTP 429"), retryAfterMs: 30_000 },
    ],
    [
      "unavailable: retry with backoff",
      new HyperskuUnavailableError("timeout", { operation }),
      { kind: "retry", error: expect.stringContaining("timeout"), retryAfterMs: undefined },
    ],
    [
      "outcome unknown: retry (the next attempt looks first)",
      new HyperskuOutcomeUnknownError("no answer", { operation }),
      { kind: "retry", error: expect.stringContaining("no answer"), retryAfterMs: undefined },
    ],
    [
      "token rejected (the client refreshes before this): retry",
      new HyperskuTokenRejectedError({ operation, httpStatus: 401 }),
      { kind: "retry", error: expect.any(String), retryAfterMs: undefined },
    ],
  ];

  it.each(cases)("%s", (_name, error, outcome) => {
    expect(hyperskuJobOutcome(error, NOW)).toEqual(outcome);
  });
});
