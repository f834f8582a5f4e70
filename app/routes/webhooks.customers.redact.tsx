import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyWebhookRequest } from "~/integrations/shopify/webhook-delivery.server";
import { logger } from "~/logger.server";

// Mandatory compliance topic customers/redact. Verifies the HMAC (401 otherwise) and acknowledges;
// the privacy work replaces this acknowledgement with real data handling.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic } = await verifyWebhookRequest(request);
  logger.info({ shop, topic }, "compliance webhook acknowledged");
  return new Response(null, { status: 200 });
};
