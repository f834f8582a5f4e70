/**
 * A shop's HyperSKU token lifecycle, independent of where tokens are stored:
 * - hand out a valid access token, refreshing it shortly before it expires;
 * - when HyperSKU refuses a token anyway: refresh once, retry once, then mark the shop as needing
 *   to reconnect (HyperskuReconnectNeededError);
 * - one refresh per shop at a time in this process (concurrent callers share it), and across
 *   processes adopt a token set another process stored instead of declaring the shop disconnected
 *   (refresh tokens may be single use, so a losing racer's refresh is refused).
 */
import type { HyperskuAuth, HyperskuClient } from "./client.server";
import {
  HyperskuClientCredentialsRejectedError,
  HyperskuNotConnectedError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
} from "./errors";
import type { HyperskuTokenSet } from "~/models/hypersku-token-set";
import { tokenResponseToTokenSet } from "./token-set";

/** Persistence of token sets; the real one is Prisma-backed and encrypts the tokens. */
export interface HyperskuTokenStore {
  load(shop: string): Promise<HyperskuTokenSet | null>;
  /** `previous` is the set the refresh started from (lets a store do compare-and-swap). */
  save(shop: string, tokenSet: HyperskuTokenSet, previous: HyperskuTokenSet): Promise<void>;
  markReconnectNeeded(shop: string, reason: string): Promise<void>;
}

export interface HyperskuTokenManagerOptions {
  client: Pick<HyperskuClient, "refreshToken">;
  store: HyperskuTokenStore;
  now?: () => Date;
  /** Refresh when the access token expires within this many ms (default 5 minutes). */
  refreshMarginMs?: number;
}

/**
 * Whether a failed refresh means "this shop's refresh token is refused", and why.
 * - TokenRejected (body 40101/40301) and Rejected (a business answer to our refresh, a 403 included:
 *   the refresh endpoint refusing this refresh token is exactly what it says): yes.
 * - ClientCredentialsRejected (HTTP 401): ambiguous. The contract gives 401 both to a wrong client secret
 *   and to a refused token (and the simulator answers an expired refresh token with 401 in its "http"
 *   style). Treated as refused: a wrongly kept shop would be stuck forever, while a shop sent to
 *   reconnect by a wrong secret meets HyperskuClientCredentialsRejectedError at the accessToken step,
 *   which names the variables to fix. The original error stays as the cause.
 * - EndpointNotFound (404/405 without an envelope: our refreshToken path is wrong): no. Nothing judged
 *   the token; sending every shop to reconnect would not help and the operator must fix the path.
 * - Unavailable, NotConfigured, anything else: no.
 */
function refreshRefusal(error: unknown): string | null {
  if (error instanceof HyperskuTokenRejectedError || error instanceof HyperskuRejectedError) return "refresh_token_rejected";
  if (error instanceof HyperskuClientCredentialsRejectedError) return "refresh_rejected_http_401";
  return null;
}

export function createHyperskuTokenManager(options: HyperskuTokenManagerOptions) {
  const { client, store } = options;
  const now = options.now ?? (() => new Date());
  const marginMs = options.refreshMarginMs ?? 5 * 60_000;
  const inFlight = new Map<string, Promise<HyperskuTokenSet>>();

  const expiresWithin = (at: Date | null, ms: number) => at !== null && at.getTime() - now().getTime() <= ms;

  async function reconnectNeeded(shop: string, reason: string, operation: HyperskuReconnectNeededError["operation"], cause?: unknown) {
    await store.markReconnectNeeded(shop, reason);
    return new HyperskuReconnectNeededError(reason, { operation, cause });
  }

  /** Single flight: every caller for `shop` during a refresh gets that refresh's result. */
  function refresh(shop: string, stale: HyperskuTokenSet): Promise<HyperskuTokenSet> {
    let pending = inFlight.get(shop);
    if (!pending) {
      pending = doRefresh(shop, stale).finally(() => inFlight.delete(shop));
      inFlight.set(shop, pending);
    }
    return pending;
  }

  async function doRefresh(shop: string, stale: HyperskuTokenSet): Promise<HyperskuTokenSet> {
    const current = await store.load(shop);
    if (!current) throw new HyperskuNotConnectedError();
    // Another process may have refreshed since `stale` was read: use its fresh token.
    if (current.accessToken !== stale.accessToken && !expiresWithin(current.accessTokenExpiresAt, marginMs)) {
      return current;
    }
    if (!current.refreshToken || expiresWithin(current.refreshTokenExpiresAt, 0)) {
      throw await reconnectNeeded(shop, "refresh_token_missing_or_expired", "refreshToken");
    }
    try {
      const response = await client.refreshToken({ refreshToken: current.refreshToken, shop });
      const next = tokenResponseToTokenSet(response, now(), current);
      await store.save(shop, next, current);
      return next;
    } catch (error) {
      const reason = refreshRefusal(error);
      if (!reason) throw error; // Unavailable & co: retry later, the shop's tokens may be fine.
      const latest = await store.load(shop);
      if (latest && latest.refreshToken !== current.refreshToken) return latest;
      throw await reconnectNeeded(shop, reason, "refreshToken", error);
    }
  }

  /** A usable token set: refreshed first when the access token is (about to be) expired. */
  async function getTokenSet(shop: string): Promise<HyperskuTokenSet> {
    const set = await store.load(shop);
    if (!set) throw new HyperskuNotConnectedError();
    if (!expiresWithin(set.accessTokenExpiresAt, marginMs)) return set;
    try {
      return await refresh(shop, set);
    } catch (error) {
      // Still valid for a while: a failed early refresh must not stop this call.
      if (!expiresWithin(set.accessTokenExpiresAt, 0) && !(error instanceof HyperskuReconnectNeededError)) return set;
      throw error;
    }
  }

  return {
    async getAccessToken(shop: string): Promise<string> {
      return (await getTokenSet(shop)).accessToken;
    },

    /**
     * Runs `fn` with the shop's access token. A token refusal triggers one refresh and one retry;
     * `fn` is only retried after a refusal, which means HyperSKU did not act on the first call.
     */
    async withAccessToken<T>(shop: string, fn: (auth: HyperskuAuth) => Promise<T>): Promise<T> {
      const set = await getTokenSet(shop);
      try {
        return await fn({ accessToken: set.accessToken, shop });
      } catch (error) {
        if (!(error instanceof HyperskuTokenRejectedError)) throw error;
        const fresh = await refresh(shop, set);
        try {
          return await fn({ accessToken: fresh.accessToken, shop });
        } catch (retryError) {
          if (!(retryError instanceof HyperskuTokenRejectedError)) throw retryError;
          throw await reconnectNeeded(shop, "access_token_rejected_after_refresh", retryError.operation);
        }
      }
    },
  };
}
