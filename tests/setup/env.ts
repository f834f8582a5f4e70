// Test environment: the Shopify test-helper constants, so signed requests from
// @shopify/shopify-api/test-helpers verify, and a fixed encryption key.
import { API_KEY, API_SECRET_KEY, APP_URL } from "@shopify/shopify-api/test-helpers";

export const TEST_ENCRYPTION_KEY = "test1:" + Buffer.alloc(32, 7).toString("base64");

const defaults: Record<string, string> = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  SHOPIFY_API_KEY: API_KEY,
  SHOPIFY_API_SECRET: API_SECRET_KEY,
  SHOPIFY_APP_URL: APP_URL,
  APP_BRIDGE_URL: "/offline/app-bridge.js",
  TOKEN_ENCRYPTION_KEYS: TEST_ENCRYPTION_KEY,
  HYPERSKU_CLIENT_ID: "test-client-id",
  HYPERSKU_CLIENT_SECRET: "test-client-secret",
  // Unroutable on purpose: a test that talks to HyperSKU must start the simulator and say so.
  HYPERSKU_API_URL: "http://127.0.0.1:9",
  HYPERSKU_AUTHORIZE_URL: "http://127.0.0.1:9/application/auth",
  WORKER_MODE: "off",
};
for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;
