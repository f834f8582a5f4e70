/** Every job the app runs, one definition per type (the worker's list; index.server.test.ts checks it). */
import backfillOrders from "./backfill-orders.job";
import catalogueSync from "./catalogue-sync.job";
import cancelAtHypersku from "./cancel-at-hypersku.job";
import changeAddress from "./change-address.job";
import compactDatabase from "./compact-database.job";
import forwardOrder from "./forward-order.job";
import fulfillParcels from "./fulfill-parcels.job";
import reconcileOrders from "./reconcile-orders.job";
import redactShop from "./redact-shop.job";
import refreshHyperskuTokens from "./refresh-hypersku-tokens.job";
import sendDigest from "./send-digest.job";
import syncOrders from "./sync-orders.job";
import watchDuplicateCopies from "./watch-duplicate-copies.job";

export const jobDefinitions = [
  forwardOrder,
  syncOrders,
  fulfillParcels,
  reconcileOrders,
  refreshHyperskuTokens,
  changeAddress,
  cancelAtHypersku,
  redactShop,
  compactDatabase,
  backfillOrders,
  sendDigest,
  catalogueSync,
  watchDuplicateCopies,
] as const;
