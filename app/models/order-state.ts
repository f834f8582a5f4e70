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
  held: { label: "Held", meaning: "Kept back for now; nothing is lost. The reason says what it waits for." },
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

/**
 * Why an order is held (its Order.stateCode), each cause in its own words with what ends it: a held
 * order waits for a connection, a reinstall, HyperSKU's sourcing, a hold in Shopify or the app's
 * operator, and reads as that, not as a lost connection. The codes are set by the forward job
 * (forward-order.server.ts, forward-failures.server.ts), new orders while HyperSKU is not connected
 * (apply-snapshot.server.ts) and the uninstall (uninstall.server.ts).
 */
export const HELD_REASONS = {
  not_connected: {
    meaning: "Kept until you connect HyperSKU: no order can be sent before that. Nothing is lost.",
    fix: "Connect HyperSKU in the app (Connection page); held orders are then sent automatically.",
  },
  reconnect_needed: {
    meaning: "Kept until you reconnect HyperSKU: HyperSKU no longer accepts the app's access. Nothing is lost.",
    fix: "Reconnect HyperSKU in the app (Connection page); held orders are then sent automatically.",
  },
  app_uninstalled: {
    meaning: "Kept while the app is uninstalled from this store: nothing is sent until it is back. Nothing is lost.",
    fix: "Reinstall the app, then connect HyperSKU again; held orders are then sent automatically.",
  },
  needs_sourcing: {
    meaning:
      "Waiting for HyperSKU to source an item of this order. The app looks again every two hours and whenever your catalogue changes, and sends the order by itself once the item is sourced.",
    fix: "Ask HyperSKU to source the product (import it there first if it is not there). Or choose Send anyway, and HyperSKU sources it with the order.",
  },
  fulfillment_on_hold: {
    meaning:
      "Waiting for Shopify: the order's fulfillment is on hold there (by another app, or for a fraud review) or scheduled for a later date. The app looks again every 15 minutes and sends the order once Shopify releases it.",
    fix: "Nothing to do if the hold should stay. To send the order now, release its fulfillment hold on the order in Shopify.",
  },
  operator_configuration: {
    meaning: "Kept until the app's operator fixes the app's HyperSKU settings. Nothing is lost.",
    fix: "Nothing to do in the order: the app's operator has been told. The order is sent once the settings are fixed.",
  },
  stored_token_unreadable: {
    meaning: "Kept because the app cannot open the HyperSKU access it stored for this store. Nothing is lost.",
    fix: "The app's operator must add the missing key back to TOKEN_ENCRYPTION_KEYS, or you connect HyperSKU again in the app. Held orders are then sent automatically.",
  },
} as const satisfies Record<string, { meaning: string; fix: string }>;
export type HeldCode = keyof typeof HELD_REASONS;

const heldReason = (code: string | null) => (code && Object.hasOwn(HELD_REASONS, code) ? HELD_REASONS[code as HeldCode] : null);

/** The state's label and what it means for this order: a held order says what it waits for. */
export function describeOrderState(state: string, stateCode: string | null): { label: string; meaning: string } | null {
  const known = (ORDER_STATES as readonly string[]).includes(state) ? ORDER_STATE_LABELS[state as OrderState] : null;
  if (!known) return null;
  const held = state === "held" ? heldReason(stateCode) : null;
  return held ? { label: known.label, meaning: held.meaning } : known;
}

/** What ends a hold, for a held order's code; null for any other state or an unknown code. */
export function getHeldFix(state: string, stateCode: string | null): string | null {
  return state === "held" ? (heldReason(stateCode)?.fix ?? null) : null;
}

/** States in which the order has not reached HyperSKU and a new version of it may change the plan. */
const UNSENT_STATES: readonly OrderState[] = ["waiting", "scheduled", "held", "needs_attention", "failed", "skipped"];

export const isUnsent = (state: string) => (UNSENT_STATES as readonly string[]).includes(state);

/**
 * States in which a create may be on its way to HyperSKU or already there without the app knowing:
 * a new version of the order does not re-plan it (the forward job decides once HyperSKU is asked).
 */
export const IN_FLIGHT_STATES: readonly OrderState[] = ["sending", "checking"];

export const isInFlight = (state: string) => (IN_FLIGHT_STATES as readonly string[]).includes(state);
