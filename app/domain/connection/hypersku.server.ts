/**
 * The app's HyperSKU services: one client and one token manager per process, built from the env.
 * Tests and the demo point them at a simulator with `configureHypersku`.
 */
import { env } from "~/env.server";
import { logger } from "~/logger.server";
import { createHyperskuClient, type HyperskuAuth } from "~/integrations/hypersku/client.server";
import { getHyperskuConfig, type HyperskuConfig } from "~/integrations/hypersku/config";
import { createHyperskuTokenManager } from "~/integrations/hypersku/tokens.server";
import { createKeyedConcurrencyLimiter, createKeyedRateLimiter } from "~/queue";
import { noteCallFailed, noteCallSucceeded } from "./call-health.server";
import { getHyperskuWebLinks } from "./hypersku-web";
import { prismaTokenStore } from "./token-store.server";

function createServices(overrides: Partial<HyperskuConfig>) {
  const config = { ...getHyperskuConfig(env), ...overrides };
  const client = createHyperskuClient(config, { logger });
  const tokens = createHyperskuTokenManager({ client, store: prismaTokenStore });
  return { config, client, tokens };
}

let overrides: Partial<HyperskuConfig> = {};
let services: ReturnType<typeof createServices> | undefined;

export function getHypersku() {
  services ??= createServices(overrides);
  return services;
}

/** Replace parts of the configuration (the simulator's URL in tests and the demo). */
export function configureHypersku(next: Partial<HyperskuConfig>) {
  overrides = next;
  services = undefined;
}

/** The callback URL registered with HyperSKU; it must match the registration exactly. */
export const getHyperskuRedirectUri = () => `${env.SHOPIFY_APP_URL}/hypersku/callback`;

/** Which operator settings are missing for the authorization flow (empty when ready). */
export function getMissingHyperskuSettings(): string[] {
  const { config } = getHypersku();
  return [...(config.clientId ? [] : ["HYPERSKU_CLIENT_ID"]), ...(config.clientSecret ? [] : ["HYPERSKU_CLIENT_SECRET"])];
}

// Politeness towards HyperSKU, per shop and per process (it publishes no limits of its own).
const inFlightPerShop = createKeyedConcurrencyLimiter(env.HYPERSKU_MAX_CONCURRENT_PER_SHOP);
const requestsPerShop = createKeyedRateLimiter({ ratePerSecond: env.HYPERSKU_RATE_LIMIT_PER_SECOND });

/**
 * Runs one HyperSKU call with the shop's valid access token (refreshing as needed), within the
 * shop's concurrency and rate limits, and records whether HyperSKU answered (call-health.server.ts:
 * the connection card's "last successful call" and the outage the admin shows).
 */
export async function withHyperskuAccess<T>(shop: string, call: (auth: HyperskuAuth) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await inFlightPerShop.run(shop, async () => {
      await requestsPerShop.acquire(shop);
      return getHypersku().tokens.withAccessToken(shop, call);
    });
  } catch (error) {
    await noteHealth(shop, () => noteCallFailed(shop, error));
    throw error;
  }
  await noteHealth(shop, () => noteCallSucceeded(shop));
  return result;
}

/** Bookkeeping never changes a call's outcome: a failed health write is logged, not thrown. */
async function noteHealth(shop: string, note: () => Promise<void>) {
  try {
    await note();
  } catch (err) {
    logger.warn({ shop, err }, "could not record HyperSKU call health");
  }
}

/** Links into HyperSKU's web app, from the configured authorization page (hypersku-web.ts). */
export const getHyperskuWebLinksFromEnv = () => getHyperskuWebLinks(getHypersku().config.authorizeUrl);
