import { handleAppUninstalled } from "~/domain/shops/uninstall.server";
import { webhookAction } from "~/integrations/shopify/webhook-route.server";

// app/uninstalled: may arrive more than once, after the session is already gone, and late (after a reinstall).
export const action = webhookAction("app/uninstalled", ({ shop, triggeredAt }) => handleAppUninstalled(shop, { triggeredAt }));
