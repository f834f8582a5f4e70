/** A shop's HyperSKU connection state, as stored on Shop.hyperskuStatus. Pure. */
const HYPERSKU_STATUSES = ["not_connected", "connected", "reconnect_needed"] as const;
export type HyperskuStatus = (typeof HYPERSKU_STATUSES)[number];

export function parseHyperskuStatus(value: string | null | undefined): HyperskuStatus {
  return (HYPERSKU_STATUSES as readonly string[]).includes(value ?? "") ? (value as HyperskuStatus) : "not_connected";
}

/** Orders wait (are held, never dropped) unless the shop is connected. */
export const canForward = (status: HyperskuStatus) => status === "connected";

/** Plain-words reasons stored with reconnect_needed, keyed by the token manager's reason codes. */
const RECONNECT_REASONS: Record<string, string> = {
  refresh_token_missing_or_expired: "Your HyperSKU authorization has expired.",
  refresh_token_rejected: "HyperSKU no longer accepts this app's authorization.",
  refresh_rejected_http_401: "HyperSKU no longer accepts this app's authorization.",
  access_token_rejected_after_refresh: "HyperSKU refused the app's access even after renewing it.",
};

export function describeReconnectReason(code: string | null | undefined): string {
  return (code && RECONNECT_REASONS[code]) ?? "HyperSKU no longer accepts this app's authorization.";
}
