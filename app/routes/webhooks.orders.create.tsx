import { webhookRoute } from "~/webhooks.server";

// orders/create: verify, record and enqueue in one transaction, answer at once.
export const action = webhookRoute("orders/create");
