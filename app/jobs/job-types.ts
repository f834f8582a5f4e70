/** The job types of the queue and their unique keys (one pending job per key). */
export const JOB_TYPES = {
  forwardOrder: "forward_order",
  reconcileOrders: "reconcile_orders",
  refreshHyperskuTokens: "refresh_hypersku_tokens",
  /** Ask HyperSKU about a shop's due orders (status, parcels); subject: the shop. */
  syncOrders: "sync_orders",
  /** Make the Shopify fulfillments and tracking updates of an order's parcels; subject: the order. */
  fulfillParcels: "fulfill_parcels",
  /** Pass a shipping address changed in Shopify on to HyperSKU; subject: the order. */
  changeAddress: "change_address_at_hypersku",
  /** Cancel at HyperSKU an order cancelled in Shopify; subject: the order. */
  cancelAtHypersku: "cancel_at_hypersku",
  /** shop/redact: anonymise everything stored for a shop; subject: the shop. */
  redactShop: "redact_shop",
  /** After a redaction: rebuild the SQLite file so erased values leave its free space too. */
  compactDatabase: "compact_database",
  /** "Send past orders": import a date range of Shopify orders; subject: the Backfill run. */
  backfillOrders: "backfill_orders",
} as const;

export const forwardOrderKey = (orderId: string) => `forward:${orderId}`;
export const reconcileOrdersKey = (shop: string) => `reconcile:${shop}`;
export const syncOrdersKey = (shop: string) => `sync:${shop}`;
export const fulfillParcelsKey = (orderId: string) => `fulfill:${orderId}`;
export const changeAddressKey = (orderId: string) => `address:${orderId}`;
export const cancelAtHyperskuKey = (orderId: string) => `cancel:${orderId}`;
export const redactShopKey = (shop: string) => `redact-shop:${shop}`;
/** One "Send past orders" run at a time per shop. */
export const backfillOrdersKey = (shop: string) => `backfill:${shop}`;
export const compactDatabaseKey = () => "compact-database";
