/**
 * Connecting a shop's HyperSKU account (spec 5.1): start the authorization redirect, complete it
 * at the callback, test and disconnect. Every failure comes back as an outcome with plain words,
 * never as an exception for the route to decode.
 */
import {
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuUnavailableError,
} from "~/integrations/hypersku/errors";
import { tokenResponseToTokenSet } from "~/integrations/hypersku/token-set";
import { deleteTokenSet, recordSuccessfulCall, replaceTokenSet } from "~/models/hypersku-connection.server";
import { ensureShop, setHyperskuStatus } from "~/models/shop.server";
import { releaseHeldOrders } from "~/domain/orders/release-held-orders.server";
import { logger } from "~/logger.server";
import { env } from "~/env.server";
import { checkAuthorizationState, consumeStateFromCallback, createAuthorizationState } from "./authorization-state.server";
import { getHypersku, getHyperskuRedirectUri, getMissingHyperskuSettings, withHyperskuAccess } from "./hypersku.server";

export type StartOutcome = { ok: true; redirectUrl: string } | { ok: false; missingSettings: string[] };

/** Step 1, inside the admin: a fresh state, and the app page that leaves the iframe with it. */
export async function startConnection(shop: string): Promise<StartOutcome> {
  const missingSettings = getMissingHyperskuSettings();
  if (missingSettings.length > 0) return { ok: false, missingSettings };
  await ensureShop(shop);
  const state = await createAuthorizationState(shop);
  return { ok: true, redirectUrl: `${env.SHOPIFY_APP_URL}/hypersku/authorize?state=${encodeURIComponent(state)}` };
}

export type AuthorizeOutcome = { ok: true; authorizeUrl: string; state: string } | { ok: false; shop?: string };

/** Step 2, top level on our origin: the HyperSKU authorization URL for a still-valid state. */
export async function getAuthorizeRedirect(state: string | null): Promise<AuthorizeOutcome> {
  const check = await checkAuthorizationState(state);
  if (!check.ok) return { ok: false };
  const authorizeUrl = getHypersku().client.buildAuthorizeUrl({ redirectUri: getHyperskuRedirectUri(), state: state! });
  return { ok: true, authorizeUrl, state: state! };
}

export type CallbackOutcome =
  | { kind: "connected"; shop: string }
  | { kind: "invalid_state" }
  | { kind: "denied"; shop: string }
  | { kind: "code_rejected"; shop: string }
  | { kind: "unreachable"; shop: string }
  | { kind: "not_configured"; shop: string; missingSettings: string[] }
  | { kind: "credentials_rejected"; shop: string };

/** Step 3, HyperSKU's redirect back: check state, exchange the code, store the tokens sealed. */
export async function completeConnection(input: {
  state: string | null;
  cookieState: string | null;
  code: string | null;
  error: string | null;
}): Promise<CallbackOutcome> {
  const check = await consumeStateFromCallback(input.state, input.cookieState);
  if (!check.ok) {
    logger.warn({ reason: check.reason }, "HyperSKU callback refused: invalid state");
    return { kind: "invalid_state" };
  }
  const { shop } = check;
  if (input.error || !input.code) return { kind: "denied", shop };

  try {
    await connectWithAuthorizationCode(shop, input.code);
    return { kind: "connected", shop };
  } catch (error) {
    if (error instanceof HyperskuAuthorizationCodeRejectedError) return { kind: "code_rejected", shop };
    if (error instanceof HyperskuNotConfiguredError) {
      return { kind: "not_configured", shop, missingSettings: getMissingHyperskuSettings() };
    }
    if (error instanceof HyperskuClientCredentialsRejectedError) return { kind: "credentials_rejected", shop };
    if (error instanceof HyperskuError) {
      if (!(error instanceof HyperskuUnavailableError)) logger.warn({ shop, code: error.code }, "token exchange failed");
      return { kind: "unreachable", shop };
    }
    throw error;
  }
}

/**
 * Exchanges an authorization code for the shop's tokens, stores them sealed, marks the shop
 * connected and releases the orders held for it. Throws the client's typed errors.
 */
export async function connectWithAuthorizationCode(shop: string, code: string) {
  const response = await getHypersku().client.accessToken({ code, shop });
  await ensureShop(shop);
  await replaceTokenSet(shop, tokenResponseToTokenSet(response, new Date()));
  await setHyperskuStatus(shop, "connected");
  logger.info({ shop }, "HyperSKU connected");
  await releaseHeldOrders(shop);
}

/** Forget the tokens. Orders waiting for HyperSKU stay where they are, held until reconnection. */
export async function disconnect(shop: string) {
  await deleteTokenSet(shop);
  await setHyperskuStatus(shop, "not_connected");
  logger.info({ shop }, "HyperSKU disconnected by the merchant");
}

export type TestOutcome = { ok: true; countries: number } | { ok: false; message: string };

/** A harmless read (the country list) proving the stored tokens work. */
export async function testConnection(shop: string): Promise<TestOutcome> {
  try {
    const countries = await withHyperskuAccess(shop, (auth) => getHypersku().client.getCountryCode(auth));
    // The merchant just asked: record this call even if another was noted a moment ago.
    await recordSuccessfulCall(shop);
    return { ok: true, countries: countries.length };
  } catch (error) {
    if (error instanceof HyperskuError) return { ok: false, message: error.message };
    throw error;
  }
}
