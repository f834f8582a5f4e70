import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveComplianceWebhook } from "~/domain/privacy/receive-compliance-webhook.server";
import { verifyWebhookRequest } from "~/integrations/shopify/webhook-delivery.server";

// Mandatory compliance topic customers/redact: verify (401 otherwise), act or queue, answer 200 at once.
export const action = async ({ request }: ActionFunctionArgs) => {
  await receiveComplianceWebhook(await verifyWebhookRequest(request));
  return new Response(null, { status: 200 });
};
