/** The job types of the queue and their unique keys (one pending job per key). */
export const JOB_TYPES = {
  forwardOrder: "forward_order",
  reconcileOrders: "reconcile_orders",
  refreshHyperskuTokens: "refresh_hypersku_tokens",
  /** "Send past orders": import a date range of Shopify orders; subject: the Backfill run. */
  backfillOrders: "backfill_orders",
} as const;

export const forwardOrderKey = (orderId: string) => `forward:${orderId}`;
export const reconcileOrdersKey = (shop: string) => `reconcile:${shop}`;
/** One "Send past orders" run at a time per shop. */
export const backfillOrdersKey = (shop: string) => `backfill:${shop}`;
