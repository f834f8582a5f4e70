/**
 * Whether HyperSKU answers the app's calls, in plain words: the connection card, the dashboard's
 * outage banner and the order page read it. Pure: from the stored call health and the time now.
 * An authorization can be valid while HyperSKU does not answer at all; this is that second half.
 */
import { HyperskuOutcomeUnknownError, HyperskuUnavailableError } from "~/integrations/hypersku/errors";
import { formatDateTime } from "~/domain/admin/format";

/** Failing this long is an outage, not a hiccup. */
const DOWN_AFTER_MS = 5 * 60_000;
/** Failures in a row after which the first answer releases the shop's backed-off sends. */
export const OUTAGE_AFTER_FAILURES = 3;
const FAILURE_TEXT_MAX = 120;

export type CallHealthRecord = {
  lastSuccessfulCallAt: Date | null;
  failingSince: Date | null;
  lastFailure: string | null;
};

type HealthState = "ok" | "degraded" | "down";

export type CallHealth = {
  state: HealthState;
  /** One sentence for the merchant; "" when ok. */
  message: string;
  /** When HyperSKU stopped answering, in the shop's zone; "" when ok. */
  sinceText: string;
  lastFailure: string | null;
};

export function getCallHealth(record: CallHealthRecord | null, now: Date, timeZone: string | null): CallHealth {
  const since = record?.failingSince ?? null;
  if (!since) return { state: "ok", message: "", sinceText: "", lastFailure: null };
  const sinceText = formatDateTime(since, timeZone);
  const state: HealthState = now.getTime() - since.getTime() >= DOWN_AFTER_MS ? "down" : "degraded";
  return {
    state,
    sinceText,
    lastFailure: record?.lastFailure ?? null,
    message:
      state === "down"
        ? `HyperSKU has not answered since ${sinceText}; the app keeps trying and nothing is lost.`
        : `HyperSKU did not answer the app's last calls (since ${sinceText}); the app keeps trying and nothing is lost.`,
  };
}

/** What an order waiting to be sent says while HyperSKU does not answer; null when it answers. */
export function describeWaitDuringOutage(health: CallHealth, nextTryText: string): string | null {
  if (health.state === "ok") return null;
  const next = nextTryText ? `next try at ${nextTryText}` : "it is sent as soon as HyperSKU answers";
  return `HyperSKU is not answering since ${health.sinceText}, ${next}. Nothing is lost: the app keeps trying.`;
}

/**
 * The failure a call leaves on the shop's health when HyperSKU did not answer (unreachable,
 * timeout, 5xx); null for anything HyperSKU answered, refusals and 429 included (it is up), and
 * for errors that are not HyperSKU's. A few words from the error's own safe message.
 */
export function describeCallFailure(error: unknown): string | null {
  if (!(error instanceof HyperskuUnavailableError) && !(error instanceof HyperskuOutcomeUnknownError)) return null;
  const status = error.httpStatus;
  if (status !== undefined && status < 500) return null;
  const reason = /\(([^)]*)\)/.exec(error.message)?.[1] ?? "no answer";
  const text = `${reason}${error.operation ? ` (${error.operation})` : ""}`;
  return text.length > FAILURE_TEXT_MAX ? `${text.slice(0, FAILURE_TEXT_MAX - 1)}…` : text;
}
