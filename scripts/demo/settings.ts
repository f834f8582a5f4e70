/**
 * Settings of the local demo. Demo mode only runs on localhost (env validation refuses otherwise),
 * so these fixed, public values can never protect anything real.
 */
import { createHash } from "node:crypto";
import path from "node:path";

export const DEMO_SHOP = "hypersku-demo.myshopify.com";
export const DEMO_API_KEY = "demo-api-key";
export const DEMO_API_SECRET = "demo-api-secret";
export const DEMO_CLIENT_ID = "demo-hypersku-client";
export const DEMO_CLIENT_SECRET = "demo-hypersku-secret";

export function demoEnvironment(port: number, dataDir: string): Record<string, string> {
  const appUrl = `http://127.0.0.1:${port}`;
  return {
    NODE_ENV: "production",
    APP_MODE: "demo",
    HOST: "127.0.0.1",
    PORT: String(port),
    SHOPIFY_APP_URL: appUrl,
    SHOPIFY_API_KEY: DEMO_API_KEY,
    SHOPIFY_API_SECRET: DEMO_API_SECRET,
    DATABASE_URL: `file:${path.join(dataDir, "demo.sqlite")}`,
    TOKEN_ENCRYPTION_KEYS: "demo:" + createHash("sha256").update("hypersku-demo-only").digest("base64"),
    HYPERSKU_CLIENT_ID: DEMO_CLIENT_ID,
    HYPERSKU_CLIENT_SECRET: DEMO_CLIENT_SECRET,
    WORKER_MODE: "inline",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
}
