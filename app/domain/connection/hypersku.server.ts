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
import { recordSuccessfulCall } from "~/models/hypersku-connection.server";
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
 * shop's concurrency and rate limits, and records the success, which the connection card shows
 * as "last successful call".
 */
export async function withHyperskuAccess<T>(shop: string, call: (auth: HyperskuAuth) => Promise<T>): Promise<T> {
  const result = await inFlightPerShop.run(shop, async () => {
    await requestsPerShop.acquire(shop);
    return getHypersku().tokens.withAccessToken(shop, call);
  });
  await noteSuccessfulCall(shop);
  return result;
}

/** At most one write a minute per shop: the card shows minutes, the hot path should not pay more. */
const lastNoted = new Map<string, number>();
async function noteSuccessfulCall(shop: string) {
  const now = Date.now();
  if (now - (lastNoted.get(shop) ?? 0) < 60_000) return;
  lastNoted.set(shop, now);
  await recordSuccessfulCall(shop, new Date(now));
}
