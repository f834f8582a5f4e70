/** The job types of the queue and their unique keys (one pending job per key). */
export const JOB_TYPES = {
  forwardOrder: "forward_order",
  reconcileOrders: "reconcile_orders",
  refreshHyperskuTokens: "refresh_hypersku_tokens",
} as const;

export const forwardOrderKey = (orderId: string) => `forward:${orderId}`;
export const reconcileOrdersKey = (shop: string) => `reconcile:${shop}`;
