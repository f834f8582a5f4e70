import { receiveOrderWebhook } from "~/domain/orders/receive-order-webhook.server";
import { webhookAction } from "~/integrations/shopify/webhook-route.server";

// orders/create: verify, record and enqueue in one transaction, answer at once.
export const action = webhookAction("orders/create", receiveOrderWebhook);
