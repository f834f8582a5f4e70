import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAppUninstalled } from "~/domain/shops/uninstall.server";
import { verifyWebhookRequest } from "~/integrations/shopify/webhook-delivery.server";

// Handles app/uninstalled. May arrive more than once and after the session is already gone.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await verifyWebhookRequest(request);
  await handleAppUninstalled(shop);
  return new Response(null, { status: 200 });
};
