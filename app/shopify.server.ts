/** The one shopifyApp() call: auth, sessions, API clients and webhook verification. */
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import { SealedSessionStorage } from "./integrations/shopify/sealed-session-storage.server";
import { createPrismaSessionStorage, resealSessionTokens } from "./models/session.server";
import { env } from "./env.server";
import { logShopifyLibrary } from "./logger.server";

export const SHOPIFY_API_VERSION = ApiVersion.October26;

type AppInstalledHandler = (shop: string) => Promise<void>;
let appInstalled: AppInstalledHandler | null = null;

/**
 * What a (re)install does: the domain's handleAppInstalled, wired by the server entry
 * (entry.server.tsx) when the build loads. Wired rather than imported so that this module, which
 * the Shopify integration builds on, does not depend on the domain that builds on the integration.
 */
export function onAppInstalled(handler: AppInstalledHandler): void {
  appInstalled = handler;
}

const shopify = shopifyApp({
  apiKey: env.SHOPIFY_API_KEY,
  apiSecretKey: env.SHOPIFY_API_SECRET,
  apiVersion: SHOPIFY_API_VERSION,
  scopes: env.SHOPIFY_SCOPES.split(","),
  appUrl: env.SHOPIFY_APP_URL,
  authPathPrefix: "/auth",
  // The library's Prisma storage, with the access and refresh tokens sealed at rest.
  sessionStorage: new SealedSessionStorage(createPrismaSessionStorage(), { reseal: resealSessionTokens }),
  distribution: AppDistribution.AppStore,
  // The library's own log lines go through the app's logger (capped, redacted), not the console; its
  // per-request chatter ("Authenticating admin request") stays out unless LOG_LEVEL is debug.
  logger: { log: logShopifyLibrary, level: env.LOG_LEVEL === "debug" ? LogSeverity.Debug : LogSeverity.Warning },
  hooks: {
    // Runs after token exchange stored a new offline session (install, reinstall, renewal),
    // before the page loads: a reinstalled shop comes fully back.
    afterAuth: async ({ session }) => {
      if (!appInstalled)
        throw new Error("No install handler: the server entry (entry.server.tsx) wires onAppInstalled when the build loads.");
      await appInstalled(session.shop);
    },
  },
  // Webhooks are declared only in shopify.app.toml: declaring them here too doubles deliveries.
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  ...(env.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [env.SHOP_CUSTOM_DOMAIN] } : {}),
});

export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const sessionStorage = shopify.sessionStorage;
