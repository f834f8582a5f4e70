/**
 * The app's own forwarding state of an order (Order.state), separate from HyperSKU's status
 * codes. Pure: names and the merchant-facing meaning of each state.
 */
export const ORDER_STATES = [
  "waiting",
  "scheduled",
  "held",
  "sending",
  "checking",
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
  checking: {
    label: "Checking with HyperSKU",
    meaning:
      "HyperSKU did not confirm whether it received the order. The app is asking HyperSKU, and sends the order again only if HyperSKU still does not have it once a late arrival is no longer possible, so it is never ordered twice.",
  },
  sent: { label: "Sent", meaning: "HyperSKU has the order." },
  needs_attention: { label: "Needs attention", meaning: "Cannot be sent until something is fixed; see the reason." },
  failed: { label: "Failed", meaning: "Sending failed repeatedly; choose Retry once the cause is fixed." },
  skipped: { label: "Not for HyperSKU", meaning: "Left alone on purpose (test order, excluded tag, nothing to ship)." },
  cancelled: { label: "Cancelled", meaning: "Cancelled in Shopify before it was sent." },
};

/** States in which the order has not reached HyperSKU and a new version of it may change the plan. */
const UNSENT_STATES: readonly OrderState[] = ["waiting", "scheduled", "held", "needs_attention", "failed", "skipped"];

export const isUnsent = (state: string) => (UNSENT_STATES as readonly string[]).includes(state);

/**
 * States in which a create may be on its way to HyperSKU or already there without the app knowing:
 * a new version of the order does not re-plan it (the forward job decides once HyperSKU is asked).
 */
export const IN_FLIGHT_STATES: readonly OrderState[] = ["sending", "checking"];

export const isInFlight = (state: string) => (IN_FLIGHT_STATES as readonly string[]).includes(state);
