/**
 * Connecting a shop's HyperSKU account (spec 5.1): start the authorization redirect, take
 * HyperSKU's answer at the callback, activate it once the merchant confirms it in the admin
 * (pending-connection.server.ts says why), test and disconnect. Every failure comes back as an outcome with plain words,
 * never as an exception for the route to decode.
 */
import {
  HyperskuEndpointNotFoundError,
  HyperskuRejectedError,
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuUnavailableError,
} from "~/integrations/hypersku/errors";
import { tokenResponseToTokenSet } from "~/integrations/hypersku/token-set";
import type { HyperskuTokenSet } from "~/models/hypersku-token-set";
import { deleteTokenSet, recordSuccessfulCall, replaceTokenSet } from "~/models/hypersku-connection.server";
import { ensureShop, setHyperskuStatus } from "~/models/shop.server";
import { releaseHeldOrders } from "~/domain/orders/release-held-orders.server";
import { logger } from "~/logger.server";
import { env } from "~/env.server";
import { checkAuthorizationState, consumeStateFromCallback, createAuthorizationState } from "./authorization-state.server";
import { getHypersku, getHyperskuRedirectUri, getMissingHyperskuSettings, withHyperskuAccess } from "./hypersku.server";
import {
  claimPendingConnection,
  describePendingRefusal,
  discardPendingConnection,
  holdPendingConnection,
  type AdminActor,
  type PendingRefusal,
} from "./pending-connection.server";

export type StartOutcome = { ok: true; redirectUrl: string } | { ok: false; missingSettings: string[] };

/**
 * Step 1, inside the admin: a fresh state bound to the shop and the admin user who asked, and the
 * app page that leaves the iframe with it.
 */
export async function startConnection({ shop, userId }: AdminActor): Promise<StartOutcome> {
  const missingSettings = getMissingHyperskuSettings();
  if (missingSettings.length > 0) return { ok: false, missingSettings };
  await ensureShop(shop);
  const state = await createAuthorizationState(shop, userId);
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
  | { kind: "pending"; shop: string; confirmToken: string }
  | { kind: "invalid_state" }
  | { kind: "denied"; shop: string }
  | { kind: "code_rejected"; shop: string }
  | { kind: "unreachable"; shop: string }
  | { kind: "not_configured"; shop: string; missingSettings: string[] }
  | { kind: "credentials_rejected"; shop: string }
  /** HyperSKU refused the exchange in its own words (a 403 or a business answer). */
  | { kind: "refused"; shop: string; message: string }
  /** The operator configured a path HyperSKU does not have. */
  | { kind: "endpoint_not_found"; shop: string };

/**
 * Step 3, HyperSKU's redirect back: check state, exchange the code, and keep the tokens sealed,
 * pending, until the merchant who started the flow confirms them in the admin (step 4).
 */
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
    const tokens = await exchangeAuthorizationCode(shop, input.code);
    const confirmToken = await holdPendingConnection(input.state!, shop, tokens);
    logger.info({ shop, hyperskuUserId: tokens.userId }, "HyperSKU authorized; waiting for the merchant to confirm");
    return { kind: "pending", shop, confirmToken };
  } catch (error) {
    if (error instanceof HyperskuAuthorizationCodeRejectedError) return { kind: "code_rejected", shop };
    if (error instanceof HyperskuNotConfiguredError) {
      return { kind: "not_configured", shop, missingSettings: getMissingHyperskuSettings() };
    }
    if (error instanceof HyperskuClientCredentialsRejectedError) return { kind: "credentials_rejected", shop };
    if (error instanceof HyperskuRejectedError) return { kind: "refused", shop, message: error.message };
    if (error instanceof HyperskuEndpointNotFoundError) {
      logger.error({ shop, operation: error.operation }, "token exchange failed: the configured path does not exist at HyperSKU");
      return { kind: "endpoint_not_found", shop };
    }
    if (error instanceof HyperskuError) {
      if (!(error instanceof HyperskuUnavailableError)) logger.warn({ shop, code: error.code }, "token exchange failed");
      return { kind: "unreachable", shop };
    }
    throw error;
  }
}

export type ConfirmOutcome = { ok: true; hyperskuUserId: string | null } | { ok: false; reason: PendingRefusal; message: string };

/** Step 4, in the authenticated admin: the merchant confirms; the connection becomes active. */
export async function confirmConnection(confirmToken: string | null, actor: AdminActor): Promise<ConfirmOutcome> {
  const claimed = await claimPendingConnection(confirmToken, actor);
  if (!claimed.ok) {
    logger.warn({ shop: actor.shop, reason: claimed.reason }, "HyperSKU connection confirmation refused");
    return { ok: false, reason: claimed.reason, message: describePendingRefusal(claimed.reason) };
  }
  await activateConnection(claimed.shop, claimed.tokens);
  return { ok: true, hyperskuUserId: claimed.tokens.userId };
}

/** Or the merchant does not recognise the HyperSKU account: nothing is connected. */
export async function cancelPendingConnection(confirmToken: string | null, actor: AdminActor): Promise<ConfirmOutcome> {
  const discarded = await discardPendingConnection(confirmToken, actor);
  if (!discarded.ok) return { ok: false, reason: discarded.reason, message: describePendingRefusal(discarded.reason) };
  logger.info({ shop: actor.shop }, "pending HyperSKU connection cancelled by the merchant");
  return { ok: true, hyperskuUserId: null };
}

/** Exchanges an authorization code for a token set. Throws the client's typed errors. */
async function exchangeAuthorizationCode(shop: string, code: string): Promise<HyperskuTokenSet> {
  const response = await getHypersku().client.accessToken({ code, shop });
  return tokenResponseToTokenSet(response, new Date());
}

/**
 * The one way a connection becomes active: stores the shop's tokens sealed, marks the shop
 * connected and releases the orders held for it.
 */
async function activateConnection(shop: string, tokens: HyperskuTokenSet) {
  await ensureShop(shop);
  await replaceTokenSet(shop, tokens);
  await setHyperskuStatus(shop, "connected");
  logger.info({ shop, hyperskuUserId: tokens.userId }, "HyperSKU connected");
  await releaseHeldOrders(shop);
}

/**
 * Exchange and activate at once, with no merchant to confirm: the demo and the tests' connected
 * shops, which hold a code issued by the simulator rather than a browser coming back from it.
 */
export async function connectWithAuthorizationCode(shop: string, code: string) {
  await activateConnection(shop, await exchangeAuthorizationCode(shop, code));
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
