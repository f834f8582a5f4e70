/**
 * The app's own forwarding state of an order (Order.state), separate from HyperSKU's status
 * codes. Pure: names and the merchant-facing meaning of each state.
 */
export const ORDER_STATES = [
  "waiting",
  "scheduled",
  "held",
  "sending",
  "sent",
  "needs_attention",
  "failed",
  "skipped",
  "cancelled",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, { label: string; meaning: string }> = {
  waiting: { label: "Waiting", meaning: "Not sent yet: waiting for the moment your settings send it (usually payment)." },
  scheduled: { label: "Queued", meaning: "Will be sent to HyperSKU shortly." },
  held: { label: "Held", meaning: "Kept safely until HyperSKU is connected again." },
  sending: { label: "Sending", meaning: "Being sent to HyperSKU now." },
  sent: { label: "Sent", meaning: "HyperSKU has the order." },
  needs_attention: { label: "Needs attention", meaning: "Cannot be sent until something is fixed; see the reason." },
  failed: { label: "Failed", meaning: "Sending failed repeatedly; choose Retry once the cause is fixed." },
  skipped: { label: "Not for HyperSKU", meaning: "Left alone on purpose (test order, excluded tag, nothing to ship)." },
  cancelled: { label: "Cancelled", meaning: "Cancelled in Shopify before it was sent." },
};

/** States in which the order has not reached HyperSKU and a new version of it may change the plan. */
export const UNSENT_STATES: readonly OrderState[] = ["waiting", "scheduled", "held", "needs_attention", "failed", "skipped"];

export const isUnsent = (state: string) => (UNSENT_STATES as readonly string[]).includes(state);
