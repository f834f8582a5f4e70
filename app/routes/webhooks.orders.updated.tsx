import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveOrderWebhook } from "~/domain/orders/receive-order-webhook.server";
import { verifyWebhookRequest } from "~/integrations/shopify/webhook-delivery.server";

// Handles orders/updated: verify, record and enqueue in one transaction, answer at once.
export const action = async ({ request }: ActionFunctionArgs) => {
  await receiveOrderWebhook(await verifyWebhookRequest(request));
  return new Response(null, { status: 200 });
};
