import { webhookRoute } from "~/webhooks.server";

// Mandatory compliance topic customers/redact: verify (401 otherwise), act or queue, answer 200 at once.
export const action = webhookRoute("customers/redact");
