/**
 * The one translation of Shopify Admin GraphQL failures into what a job does next. Throttling is
 * waiting, not failing: the job comes back once Shopify's bucket has refilled, without using up an
 * attempt. Any other error is tried again with backoff (the job's last attempt then fails it).
 */
import type { JobOutcome } from "~/queue";
import type { ShopifyGraphqlError } from "./admin-graphql.server";

/** When Shopify throttles without saying how long to wait. */
export const SHOPIFY_THROTTLE_WAIT_MS = 2_000;

export function shopifyJobOutcome(error: ShopifyGraphqlError, now = new Date()): JobOutcome {
  if (error.throttled) {
    const runAt = new Date(now.getTime() + (error.retryAfterMs ?? SHOPIFY_THROTTLE_WAIT_MS));
    return { kind: "reschedule", runAt, note: `Shopify asked the app to slow down; trying again at ${runAt.toISOString()}.` };
  }
  return { kind: "retry", error: error.message, retryAfterMs: error.retryAfterMs };
}
