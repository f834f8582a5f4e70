import { webhookRoute } from "~/webhooks.server";

// orders/paid: verify, record and enqueue in one transaction, answer at once.
export const action = webhookRoute("orders/paid");
