import { webhookRoute } from "~/webhooks.server";

// orders/updated: verify, record and enqueue in one transaction, answer at once.
export const action = webhookRoute("orders/updated");
