/** The past-orders page's intents and what its action answers, shared by the route and its cards. */
export const PAST_ORDERS_INTENTS = ["count", "start"] as const;
export type PastOrdersIntent = (typeof PAST_ORDERS_INTENTS)[number];

export type PastOrdersActionData =
  | { intent: PastOrdersIntent; ok: false; message?: string; errors?: { from?: string; to?: string } }
  | { intent: "count"; ok: true; count: number; capped: boolean; from: string; to: string; rangeText: string; beyondWindow: boolean }
  | { intent: "start"; ok: true; message: string };
