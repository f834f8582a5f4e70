/**
 * HyperSKU's token answer -> the credentials as we store them (~/models/hypersku-token-set): absolute
 * expiry instants instead of the relative lifetimes HyperSKU sends (seconds, contract). Pure.
 */
import type { HyperskuTokenSet } from "~/models/hypersku-token-set";
import type { TokenResponse } from "./schemas";

/**
 * Converts a token response into a token set. After a refresh, pass the previous set: fields the
 * refresh answer leaves out (an unrotated refresh token, scope, user id) are kept from it.
 */
export function tokenResponseToTokenSet(response: TokenResponse, now: Date, previous?: HyperskuTokenSet | null): HyperskuTokenSet {
  const refreshRotated = typeof response.refreshToken === "string" && response.refreshToken !== "";
  return {
    accessToken: response.accessToken,
    refreshToken: refreshRotated ? (response.refreshToken as string) : (previous?.refreshToken ?? null),
    accessTokenExpiresAt: expiresAt(response.expiresIn, now),
    refreshTokenExpiresAt: refreshRotated
      ? expiresAt(response.refreshTokenExpireIn, now)
      : (expiresAt(response.refreshTokenExpireIn, now) ?? previous?.refreshTokenExpiresAt ?? null),
    scope: response.scope ?? previous?.scope ?? null,
    userId: response.userId ?? previous?.userId ?? null,
  };
}

function expiresAt(seconds: number | null | undefined, now: Date): Date | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(now.getTime() + seconds * 1000);
}
