import { isOfflineMode } from "~/offline-mode.server";
import { APP_BRIDGE_STAND_IN_SOURCE } from "../../simulators/shopify/app-bridge-stand-in";

// The offline App Bridge stand-in exists only in test and demo mode; in production this is a 404.
export const loader = () => {
  if (!isOfflineMode()) throw new Response("Not found", { status: 404 });
  return new Response(APP_BRIDGE_STAND_IN_SOURCE, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" },
  });
};
