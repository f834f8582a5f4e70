/** The one shopifyApp() call: auth, sessions, API clients and webhook verification. */
import "@shopify/shopify-app-remix/adapters/node";
import {
  ApiVersion,
  AppDistribution,
  shopifyApp,
} from "@shopify/shopify-app-remix/server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import prisma from "./db.server";
import { handleAppInstalled } from "./domain/shops/install.server";
import { SealedSessionStorage } from "./integrations/shopify/sealed-session-storage.server";
import { resealSessionTokens } from "./models/session.server";
import { env } from "./env.server";

export const SHOPIFY_API_VERSION = ApiVersion.October26;

const shopify = shopifyApp({
  apiKey: env.SHOPIFY_API_KEY,
  apiSecretKey: env.SHOPIFY_API_SECRET,
  apiVersion: SHOPIFY_API_VERSION,
  scopes: env.SHOPIFY_SCOPES.split(","),
  appUrl: env.SHOPIFY_APP_URL,
  authPathPrefix: "/auth",
  // The library's Prisma storage, with the access and refresh tokens sealed at rest.
  sessionStorage: new SealedSessionStorage(new PrismaSessionStorage(prisma), { reseal: resealSessionTokens }),
  distribution: AppDistribution.AppStore,
  hooks: {
    // Runs after token exchange stored a new offline session (install, reinstall, renewal),
    // before the page loads: a reinstalled shop comes fully back.
    afterAuth: async ({ session }) => handleAppInstalled(session.shop),
  },
  // Webhooks are declared only in shopify.app.toml: declaring them here too doubles deliveries.
  future: {
    unstable_newEmbeddedAuthStrategy: true,
    expiringOfflineAccessTokens: true,
  },
  ...(env.SHOP_CUSTOM_DOMAIN ? { customShopDomains: [env.SHOP_CUSTOM_DOMAIN] } : {}),
});

export default shopify;
export const apiVersion = SHOPIFY_API_VERSION;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
export const sessionStorage = shopify.sessionStorage;
