import { webhookRoute } from "~/webhooks.server";

// products/update: the catalogue's rows of the product follow the edit (from the body; no Shopify call).
export const action = webhookRoute("products/update");
