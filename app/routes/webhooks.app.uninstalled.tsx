import { handleAppUninstalled } from "~/domain/shops/uninstall.server";
import { webhookAction } from "~/integrations/shopify/webhook-route.server";

// app/uninstalled: may arrive more than once and after the session is already gone.
export const action = webhookAction("app/uninstalled", ({ shop }) => handleAppUninstalled(shop));
