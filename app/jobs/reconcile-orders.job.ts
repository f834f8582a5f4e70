/** Compares a shop's recently changed Shopify orders with what the app holds (missed webhooks). */
import { reconcileOrders } from "~/domain/orders/reconcile-orders.server";
import { ShopifyGraphqlError } from "~/integrations/shopify/admin-graphql.server";
import { shopifyJobOutcome } from "~/integrations/shopify/job-outcome";
import { defineJob } from "~/queue";
import { JOB_TYPES } from "~/domain/enqueue.server";

export default defineJob({
  type: JOB_TYPES.reconcileOrders,
  subject: "shop",
  retry: { maxAttempts: 12 },
  run: async (job) => {
    try {
      await reconcileOrders(job.subjectId ?? "");
      return { kind: "done" };
    } catch (error) {
      if (error instanceof ShopifyGraphqlError) return shopifyJobOutcome(error);
      throw error;
    }
  },
});
