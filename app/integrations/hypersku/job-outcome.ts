/**
 * The one translation of HyperSKU client errors (errors.ts) into what a job does next:
 *
 * | error                                              | job                                       |
 * |----------------------------------------------------|-------------------------------------------|
 * | reconnect needed / not connected                   | wait for a reconnect (6 h safety net)     |
 * | operator's: not configured, credentials, bad path  | wait for the operator's fix (10 min)      |
 * | rejected                                           | fail with HyperSKU's message              |
 * | unavailable, outcome unknown, any other            | retry with backoff (after its Retry-After)|
 *
 * Waits are reschedules: they do not use up attempts. A reconnect releases held work at once
 * (release-held-orders.server.ts); the recheck is only a safety net. Jobs that react to a refusal
 * in their own way (flag the order, look it up) do so before asking here.
 */
import type { JobOutcome } from "~/queue";
import {
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  type HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
  HyperskuUnavailableError,
} from "./errors";

export const RECONNECT_RECHECK_MS = 6 * 3600_000;
/** An operator's fix (a restored key, a corrected path) takes effect within this, without anyone's Retry. */
export const OPERATOR_RECHECK_MS = 10 * 60_000;
export const RECONNECT_WAIT_NOTE = "Waiting for HyperSKU to be connected again.";

export type HyperskuFailure = "reconnect" | "operator" | "rejected" | "unavailable";

/** The four ways a job reacts to HyperSKU errors. */
export function classifyHyperskuError(error: HyperskuError): HyperskuFailure {
  if (error instanceof HyperskuReconnectNeededError) return "reconnect";
  if (
    error instanceof HyperskuNotConfiguredError ||
    error instanceof HyperskuClientCredentialsRejectedError ||
    error instanceof HyperskuEndpointNotFoundError
  )
    return "operator";
  if (error instanceof HyperskuRejectedError) return "rejected";
  return "unavailable";
}

export function hyperskuJobOutcome(error: HyperskuError, now = new Date()): JobOutcome {
  switch (classifyHyperskuError(error)) {
    case "reconnect":
      return { kind: "reschedule", runAt: new Date(now.getTime() + RECONNECT_RECHECK_MS), note: RECONNECT_WAIT_NOTE };
    case "operator":
      return { kind: "reschedule", runAt: new Date(now.getTime() + OPERATOR_RECHECK_MS), note: error.message };
    case "rejected":
      return { kind: "fail", error: error.message };
    case "unavailable":
      return {
        kind: "retry",
        error: error.message,
        retryAfterMs: error instanceof HyperskuUnavailableError ? error.retryAfterMs : undefined,
      };
  }
}
