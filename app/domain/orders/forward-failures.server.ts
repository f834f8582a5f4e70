/**
 * What a failed send leaves on the order and tells the queue. Every failure, HyperSKU's or not,
 * releases the order from "sending" to a state with a reason and a way forward (decision 0007):
 *
 * | failure                                         | order                                  | job                |
 * |-------------------------------------------------|----------------------------------------|--------------------|
 * | token refused / shop not connected              | held (reconnect_needed)                | recheck in 6 h     |
 * | app not configured, credentials or path wrong   | held (operator_configuration)          | recheck in 10 min  |
 * | stored token sealed under a key no longer set   | held (stored_token_unreadable)         | recheck in 10 min  |
 * | HyperSKU refused the create                     | needs_attention, unless it has it      | done               |
 * | HyperSKU unavailable, outcome unknown, any bug  | checking (may be at HyperSKU) or       | retry with backoff |
 * |                                                 | scheduled; failed after the last try   |                    |
 *
 * Held orders go out when the shop (re)connects (release-held-orders.server.ts) or at the recheck;
 * failed ones on Retry. The "outcome unknown" mark is cleared only when HyperSKU answered that it did
 * not take the create; a bug after the create left keeps it, so the next attempt looks first.
 */
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { shopifyJobOutcome } from "~/integrations/shopify/job-outcome";
import { SealedSecretError } from "~/lib/token-crypto.server";
import type { HyperskuOrder } from "~/integrations/hypersku/schemas";
import { HyperskuError, HyperskuOutcomeUnknownError, HyperskuUnavailableError } from "~/integrations/hypersku/errors";
import { classifyHyperskuError, OPERATOR_RECHECK_MS, RECONNECT_RECHECK_MS } from "~/integrations/hypersku/job-outcome";
import { env } from "~/env.server";
import { endFailing } from "~/domain/connection/call-health.server";
import { computeRetryDelayMs, type JobOutcome } from "~/queue";
import { logger } from "~/logger.server";
import type { LeanTx } from "~/models/db-types";
import { type ForwardingChanges, getOrderOrThrow, holdOrder, type Order, updateOrderForwarding } from "~/models/order.server";
import { insertOrderEvent, type OrderEventInput } from "~/models/order-event.server";
import type { Shop } from "~/models/shop.server";
import { withLeanTransaction } from "~/models/transactions.server";
import { NOT_CONNECTED_REASON } from "./apply-snapshot.server";

export type Attempt = { attempt: number; maxAttempts: number };
/** Whether the create itself was started in this attempt (it may then have reached HyperSKU). */
export type SendProgress = { createStarted: boolean };

/** Held work waits for a reconnect (which releases it at once); this is only a safety net. */
export const HELD_RECHECK_MS = RECONNECT_RECHECK_MS;
const UNEXPECTED_MESSAGE_MAX = 200;

export const CHECKING_REASON =
  "HyperSKU did not confirm whether it received this order. The app keeps asking HyperSKU and sends the order again only if HyperSKU still does not have it once a late arrival is no longer possible.";
const OPERATOR_REASON = "The app's HyperSKU settings need attention from the app's operator.";
const STORED_TOKEN_UNREADABLE_REASON =
  "The HyperSKU tokens stored for this store cannot be opened with the encryption keys the app is configured with (TOKEN_ENCRYPTION_KEYS). " +
  "The app's operator must restore the missing key, or HyperSKU must be connected again; held orders are then sent automatically.";

/**
 * Writes one forwarding change and, when given, its timeline entries, together: on the lean path, as
 * every send writes twice (docs/decisions/0025).
 */
export async function recordForwarding(
  order: Pick<Order, "id">,
  write: (tx: LeanTx) => Promise<void>,
  event?: OrderEventInput | readonly OrderEventInput[],
) {
  const events = event === undefined ? [] : Array.isArray(event) ? event : [event];
  await withLeanTransaction(async (tx) => {
    await write(tx);
    for (const entry of events) await insertOrderEvent(tx, order.id, entry);
  });
}

export async function setOrder(order: Pick<Order, "id">, data: ForwardingChanges, event?: OrderEventInput) {
  await recordForwarding(order, (tx) => updateOrderForwarding(tx, order.id, data), event);
}

/** `createRefused`: the create this attempt sent is known not to have been taken (see Failure). */
export async function hold(order: Order, code: string, reason: string, recheckMs: number, createRefused = false): Promise<JobOutcome> {
  const runAt = new Date(Date.now() + recheckMs);
  const changed = order.state !== "held" || order.stateCode !== code;
  await recordForwarding(
    order,
    (tx) => holdOrder(tx, order.id, { code, reason, recheckAt: runAt, createRefused }),
    changed ? { kind: "held", message: reason } : undefined,
  );
  return { kind: "reschedule", runAt, note: reason };
}

/**
 * A create was accepted: any HyperSKU outage of the shop is over. Its backed-off forward jobs are
 * released by the call health bookkeeping, stored per shop and shared by every process
 * (app/domain/connection/call-health.server.ts); HyperSKU's failures are recorded there too.
 */
export async function endOutage(shop: string) {
  await endFailing(shop);
}

type Failure = {
  message: string;
  /** stateCode once the attempts are used up. */
  code: string;
  retryAfterMs?: number;
  /** HyperSKU answered that it did not take the create: no earlier create can land any more either. */
  createRefused?: boolean;
};

async function failOrRetry(order: Order, attempt: Attempt, failure: Failure): Promise<JobOutcome> {
  const mayBeAtHypersku = order.createOutcomeUnknown && !failure.createRefused;
  const last = attempt.attempt >= attempt.maxAttempts;
  const nextAttemptAt = last
    ? null
    : new Date(
        Date.now() + computeRetryDelayMs({ attempt: attempt.attempt, retryAfterMs: failure.retryAfterMs, baseMs: env.JOB_RETRY_BASE_MS }),
      );
  const lastReason =
    `Sending failed ${attempt.attempt} times. Last error: ${failure.message}` +
    (mayBeAtHypersku ? " HyperSKU may have received it: Retry asks HyperSKU first and never sends it twice." : "");
  await setOrder(
    order,
    {
      state: last ? "failed" : mayBeAtHypersku ? "checking" : "scheduled",
      stateCode: last ? (mayBeAtHypersku ? "hypersku_unconfirmed" : failure.code) : mayBeAtHypersku ? "create_unconfirmed" : null,
      stateReason: last ? lastReason : mayBeAtHypersku ? CHECKING_REASON : null,
      createOutcomeUnknown: mayBeAtHypersku,
      lastError: failure.message,
      nextAttemptAt,
    },
    {
      kind: "attempt",
      outcome: last ? "failed" : "retry",
      message: nextAttemptAt ? `${failure.message} Next try at ${nextAttemptAt.toISOString()}.` : failure.message,
      data: { attempt: attempt.attempt, nextAttemptAt: nextAttemptAt?.toISOString() ?? null },
    },
  );
  return last
    ? { kind: "fail", error: failure.message }
    : { kind: "retry", error: failure.message, retryAfterMs: failure.retryAfterMs, runAt: nextAttemptAt! };
}

/** A message fit for the merchant and the job row: the first line only, short; no stack. */
function describeUnexpectedError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line =
    text
      .split("\n")
      .map((part) => part.trim())
      .find(Boolean) ?? "unknown error";
  return line.length > UNEXPECTED_MESSAGE_MAX ? `${line.slice(0, UNEXPECTED_MESSAGE_MAX - 1)}…` : line;
}

export type SendFailure = {
  shop: Shop;
  order: Order;
  attempt: Attempt;
  error: unknown;
  progress: SendProgress;
  /** Every copy HyperSKU lists, the earliest first (more than one: a create landed twice). */
  findAtHypersku: () => Promise<HyperskuOrder[]>;
  adopt: (order: Order, copies: readonly HyperskuOrder[]) => Promise<void>;
};

export async function handleSendFailure({ order, attempt, error, progress, findAtHypersku, adopt }: SendFailure): Promise<JobOutcome> {
  // Re-read: the attempt may have marked it "sending" (and the create as possibly sent).
  const current = await getOrderOrThrow(order.id);
  if (error instanceof SealedSecretError)
    return hold(current, "stored_token_unreadable", STORED_TOKEN_UNREADABLE_REASON, OPERATOR_RECHECK_MS);
  if (error instanceof ShopifyGraphqlError) {
    // Asking Shopify where the lines ship from (before any create): throttling waits, the rest retries.
    const outcome = shopifyJobOutcome(error);
    if (outcome.kind !== "retry") return outcome;
    return failOrRetry(current, attempt, {
      message: `Shopify did not say where this order's items ship from: ${error.message}`,
      code: "shopify_unavailable",
    });
  }
  if (!(error instanceof HyperskuError)) {
    logger.error(
      { orderId: order.id, shop: order.shop, err: error, createStarted: progress.createStarted },
      "unexpected error while sending an order",
    );
    return failOrRetry(current, attempt, {
      message: `Unexpected error while sending: ${describeUnexpectedError(error)}`,
      code: "send_error",
    });
  }
  const ofCreate = error.operation === "createOrderFromExternal";
  const failure = classifyHyperskuError(error);
  // Refused at the door (token refused twice, nothing at that path, nothing configured): HyperSKU never acted on it.
  const refusedAtTheDoor = ofCreate && progress.createStarted && (failure === "reconnect" || failure === "operator");
  if (failure === "reconnect") return hold(current, "reconnect_needed", NOT_CONNECTED_REASON, HELD_RECHECK_MS, refusedAtTheDoor);
  if (failure === "operator")
    return hold(current, "operator_configuration", `${OPERATOR_REASON} ${error.message}`, OPERATOR_RECHECK_MS, refusedAtTheDoor);

  if (failure === "rejected" && ofCreate) {
    // A refusal may be HyperSKU refusing a duplicate of an order it already has: check first.
    const existing = await findAtHypersku().catch(() => []);
    if (existing.length > 0) {
      await adopt(current, existing);
      return { kind: "done" };
    }
    await setOrder(
      current,
      {
        state: "needs_attention",
        stateCode: "hypersku_rejected",
        stateReason: `HyperSKU did not accept the order: ${error.message}`,
        createOutcomeUnknown: false,
        lastError: error.message,
        nextAttemptAt: null,
      },
      { kind: "attempt", outcome: "rejected", message: error.message },
    );
    return { kind: "done" };
  }
  if (error instanceof HyperskuOutcomeUnknownError) {
    return failOrRetry(current, attempt, { message: error.message, code: "hypersku_unconfirmed" });
  }
  // Unavailable (or a lookup HyperSKU refused): HyperSKU answered, so a create it refused is not there.
  const retryAfterMs = error instanceof HyperskuUnavailableError ? error.retryAfterMs : undefined;
  return failOrRetry(current, attempt, {
    message: error.message,
    code: "hypersku_unavailable",
    retryAfterMs,
    createRefused: ofCreate && progress.createStarted && error instanceof HyperskuUnavailableError,
  });
}
