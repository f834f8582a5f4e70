/**
 * The environment of the app imported into this process (tests, the admin benchmark): the offline
 * keys, no worker, logs off, and HyperSKU and App Bridge at unroutable addresses, so whatever needs
 * a twin must start it and say so.
 */
import { API_KEY, API_SECRET_KEY, APP_URL, TEST_ENCRYPTION_KEY } from "./offline-keys";

const defaults: Record<string, string> = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SHOPIFY_API_KEY: API_KEY,
  SHOPIFY_API_SECRET: API_SECRET_KEY,
  SHOPIFY_APP_URL: APP_URL,
  // Pages rendered in this process only name it; a browser loads them from an app process (app-process.ts).
  APP_BRIDGE_URL: "http://127.0.0.1:9/offline/app-bridge.js",
  TOKEN_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEY,
  HYPERSKU_CLIENT_ID: "test-client-id",
  HYPERSKU_CLIENT_SECRET: "test-client-secret",
  HYPERSKU_API_URL: "http://127.0.0.1:9",
  HYPERSKU_AUTHORIZE_URL: "http://127.0.0.1:9/application/auth",
  WORKER_MODE: "off",
};

/** Sets each variable not already set; call it before anything imports the app. */
export function applyOfflineEnvDefaults() {
  for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
}
