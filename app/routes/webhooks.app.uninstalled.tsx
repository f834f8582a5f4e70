import { webhookRoute } from "~/webhooks.server";

// app/uninstalled: may arrive more than once, after the session is already gone, late (after a
// reinstall), or replayed with fresh headers; app/webhooks.server.ts says how each is told apart.
export const action = webhookRoute("app/uninstalled");
