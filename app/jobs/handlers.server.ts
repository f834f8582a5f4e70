/** What each job type does: thin adapters from a claimed job to one domain function. */
import { runBackfillStep } from "~/domain/backfill/run-backfill.server";
import { refreshExpiringConnections } from "~/domain/connection/refresh.server";
import { changeAddressAtHypersku } from "~/domain/orders/address-change.server";
import { cancelCancelledOrderAtHypersku } from "~/domain/orders/cancel-at-hypersku.server";
import { forwardOrder } from "~/domain/orders/forward-order.server";
import { reconcileOrders } from "~/domain/orders/reconcile-orders.server";
import { compactDatabase, redactShop } from "~/domain/privacy/redact.server";
import { fulfillOrderParcels } from "~/domain/tracking/fulfill-parcels.server";
import { runShopSync } from "~/domain/tracking/sync-orders.server";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { JOB_TYPES } from "./job-types";
import type { JobHandler } from "./worker.server";

export const jobHandlers: Record<string, JobHandler> = {
  [JOB_TYPES.forwardOrder]: (job) => forwardOrder(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),

  [JOB_TYPES.reconcileOrders]: async (job) => {
    try {
      await reconcileOrders(job.subjectId ?? "");
      return { kind: "done" };
    } catch (error) {
      if (error instanceof ShopifyGraphqlError) return { kind: "retry", error: error.message, retryAfterMs: error.retryAfterMs };
      throw error;
    }
  },

  [JOB_TYPES.refreshHyperskuTokens]: async () => {
    await refreshExpiringConnections();
    return { kind: "done" };
  },

  [JOB_TYPES.syncOrders]: (job) => runShopSync(job.subjectId ?? ""),

  [JOB_TYPES.fulfillParcels]: (job) => fulfillOrderParcels(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),

  [JOB_TYPES.changeAddress]: (job) => changeAddressAtHypersku(job.subjectId ?? ""),

  [JOB_TYPES.cancelAtHypersku]: (job) => cancelCancelledOrderAtHypersku(job.subjectId ?? ""),

  [JOB_TYPES.redactShop]: async (job) => {
    await redactShop(job.subjectId ?? "");
    return { kind: "done" };
  },

  [JOB_TYPES.compactDatabase]: async () => {
    await compactDatabase();
    return { kind: "done" };
  },

  [JOB_TYPES.backfillOrders]: (job) => runBackfillStep(job.subjectId ?? "", { attempt: job.attempts, maxAttempts: job.maxAttempts }),
};
