import type { ActionFunctionArgs } from "@remix-run/node";
import { handleAppUninstalled } from "~/domain/shops/uninstall.server";
import { authenticate } from "~/shopify.server";

// Handles app/uninstalled. May arrive more than once and after the session is already gone.
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticate.webhook(request);
  await handleAppUninstalled(shop);
  return new Response(null, { status: 200 });
};
