/**
 * When a create that got no answer can no longer land at HyperSKU. Pure.
 *
 * HyperSKU may store a create long after the app stopped waiting for its answer (seen: 40 s after it
 * was sent, with a 15 s timeout). A lookup that finds nothing proves nothing until that time has
 * passed, so an order whose create outcome is unknown is sent again only when a lookup started after
 * `settlesAt` finds nothing (decision 0007). The window is HYPERSKU_CREATE_SETTLE_SECONDS, never
 * shorter than the request timeout, measured from the moment the last create was sent. One that
 * lands later still is found beside the copy sent again and cancelled (duplicate-copies.ts).
 */

export function getCreateSettleMs(settleSeconds: number, timeoutMs: number): number {
  return Math.max(Math.round(settleSeconds * 1000), timeoutMs);
}

/** The end of the window of the create sent at `sentAt`; null when no create was ever sent. */
export function getCreateSettlesAt(sentAt: Date | null, settleMs: number): Date | null {
  return sentAt ? new Date(sentAt.getTime() + settleMs) : null;
}

export type AfterLookup =
  /** HyperSKU has the order: record it as sent. */
  | { kind: "adopt" }
  /** Nothing found yet, but a create may still land: check again at `until`, send nothing. */
  | { kind: "wait"; until: Date }
  /** Nothing found by a lookup started after the window: no earlier create can land any more. */
  | { kind: "send" };

export function decideAfterLookup(input: {
  found: boolean;
  lookupStartedAt: Date;
  lastCreateSentAt: Date | null;
  settleMs: number;
}): AfterLookup {
  if (input.found) return { kind: "adopt" };
  const settlesAt = getCreateSettlesAt(input.lastCreateSentAt, input.settleMs);
  if (settlesAt && input.lookupStartedAt.getTime() < settlesAt.getTime()) return { kind: "wait", until: settlesAt };
  return { kind: "send" };
}
