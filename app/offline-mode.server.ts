/**
 * Offline mode (tests and `npm run demo`): no Shopify CDN, so a local App Bridge stand-in is
 * served. Production never enters this mode; env validation refuses the combination.
 */
import { env } from "./env.server";

export const OFFLINE_APP_BRIDGE_PATH = "/offline/app-bridge.js";

export const isOfflineMode = () => env.APP_MODE === "demo" || env.NODE_ENV === "test";

/** The App Bridge script the embedded pages load: undefined means Shopify's CDN. */
export const getAppBridgeUrl = () => (isOfflineMode() ? OFFLINE_APP_BRIDGE_PATH : undefined);
