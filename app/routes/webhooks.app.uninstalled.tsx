import { webhookRoute } from "~/webhooks.server";

// app/uninstalled: may arrive more than once, after the session is already gone, and late (after a reinstall).
export const action = webhookRoute("app/uninstalled");
