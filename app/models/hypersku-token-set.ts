/**
 * A shop's HyperSKU credentials as the app stores them (sealed, in HyperskuConnection and, while a
 * connection awaits the merchant's confirmation, in HyperskuAuthorizationState). Pure.
 */
export interface HyperskuTokenSet {
  accessToken: string;
  /** null when HyperSKU never sent one: the shop must reconnect once the access token is refused. */
  refreshToken: string | null;
  /** null = unknown: use the token until HyperSKU refuses it, then refresh. */
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scope: string | null;
  userId: string | null;
}
