import { webhookRoute } from "~/webhooks.server";

// products/delete: the catalogue's rows of the product become DELETED.
export const action = webhookRoute("products/delete");
