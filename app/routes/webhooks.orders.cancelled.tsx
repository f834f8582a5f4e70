import { webhookRoute } from "~/webhooks.server";

// orders/cancelled: verify, record and enqueue in one transaction, answer at once.
export const action = webhookRoute("orders/cancelled");
