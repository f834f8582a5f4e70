import { handleProductUpdate } from "~/domain/catalogue/product-webhooks.server";
import { webhookAction } from "~/integrations/shopify/webhook-route.server";

// products/update: the catalogue's rows of the product follow the edit (from the body; no Shopify call).
export const action = webhookAction("products/update", handleProductUpdate);
