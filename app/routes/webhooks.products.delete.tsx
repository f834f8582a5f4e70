import { handleProductDelete } from "~/domain/catalogue/product-webhooks.server";
import { webhookAction } from "~/integrations/shopify/webhook-route.server";

// products/delete: the catalogue's rows of the product become DELETED.
export const action = webhookAction("products/delete", handleProductDelete);
