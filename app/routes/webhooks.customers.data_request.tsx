import { webhookRoute } from "~/webhooks.server";

// Mandatory compliance topic customers/data_request: verify (401 otherwise), act or queue, answer 200 at once.
export const action = webhookRoute("customers/data_request");
