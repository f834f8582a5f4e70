import { receiveComplianceWebhook } from "~/domain/privacy/receive-compliance-webhook.server";
import { webhookAction } from "~/integrations/shopify/webhook-route.server";

// Mandatory compliance topic customers/data_request: verify (401 otherwise), act or queue, answer 200 at once.
export const action = webhookAction("customers/data_request", receiveComplianceWebhook);
