/**
 * accessToken (spec 4.1) and refreshToken (contract, inferred), plus the credential checks the other
 * operations rely on. Codes are single use; with `rotateRefreshTokens` a refresh token works once.
 */
import { randomBytes } from "node:crypto";
import type { SimulatorOptions } from "../options";
import { BUSINESS, businessError, clientRejected, success, tokenRejected, type Reply } from "../responses";
import type { SimulatorState } from "../state";
import { accessTokenRequestSchema, loginRequestSchema, refreshTokenRequestSchema, validate } from "../validation";
import type { OperationContext } from "./context";

const newSecret = () => randomBytes(24).toString("hex");

export function issueCode(state: SimulatorState, options: SimulatorOptions, now: number): string {
  for (const [code, record] of Object.entries(state.codes)) {
    if (record.expiresAt <= now) delete state.codes[code];
  }
  const code = newSecret();
  state.codes[code] = { clientId: options.clientId, expiresAt: now + options.codeLifetimeSeconds * 1000, used: false };
  return code;
}

export function accessToken(ctx: OperationContext): Reply {
  const parsed = validate(accessTokenRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const { clientId, clientSecret, code } = parsed.value;
  if (!clientMatches(ctx.options, clientId, clientSecret)) return clientRejected("invalid clientId or clientSecret");

  const record = ctx.state.codes[code];
  const now = ctx.now.getTime();
  const problem =
    !record || record.clientId !== clientId
      ? "the authorization code is not valid"
      : record.used
        ? "the authorization code has already been used"
        : record.expiresAt <= now
          ? "the authorization code has expired"
          : undefined;
  if (problem) return businessError(ctx.options, BUSINESS.codeRejected, problem);

  record!.used = true;
  const refreshToken = newSecret();
  ctx.state.refreshTokens[refreshToken] = {
    userId: ctx.options.userId,
    expiresAt: now + ctx.options.refreshTokenLifetimeSeconds * 1000,
  };
  ctx.changed();
  return success(ctx.options, tokenResponse(ctx, refreshToken, ctx.options.refreshTokenLifetimeSeconds));
}

export function refreshToken(ctx: OperationContext): Reply {
  const parsed = validate(refreshTokenRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const { clientId, clientSecret, refreshToken: presented } = parsed.value;
  if (!clientMatches(ctx.options, clientId, clientSecret)) return clientRejected("invalid clientId or clientSecret");

  const record = ctx.state.refreshTokens[presented];
  const now = ctx.now.getTime();
  if (!record || record.expiresAt <= now) {
    return tokenRejected(ctx.options, record ? "the refresh token has expired" : "the refresh token is not valid");
  }
  if (!ctx.options.rotateRefreshTokens) {
    const remaining = Math.max(0, Math.floor((record.expiresAt - now) / 1000));
    ctx.changed();
    return success(ctx.options, tokenResponse(ctx, presented, remaining));
  }
  delete ctx.state.refreshTokens[presented];
  const rotated = newSecret();
  ctx.state.refreshTokens[rotated] = {
    userId: record.userId,
    expiresAt: now + ctx.options.refreshTokenLifetimeSeconds * 1000,
  };
  ctx.changed();
  return success(ctx.options, tokenResponse(ctx, rotated, ctx.options.refreshTokenLifetimeSeconds));
}

/** The one HyperSKU account `getToken` accepts (ours; the operation's meaning is inferred). */
export const SIM_LOGIN = { username: "merchant@example.com", password: "sim-password" } as const;

/** `getToken` (inferred: a login, LoginReqDto): the account's credentials for a token response. */
export function getToken(ctx: OperationContext): Reply {
  const parsed = validate(loginRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  if (parsed.value.username !== SIM_LOGIN.username || parsed.value.password !== SIM_LOGIN.password) {
    return clientRejected("invalid username or password");
  }
  const refresh = newSecret();
  ctx.state.refreshTokens[refresh] = {
    userId: ctx.options.userId,
    expiresAt: ctx.now.getTime() + ctx.options.refreshTokenLifetimeSeconds * 1000,
  };
  ctx.changed();
  return success(ctx.options, tokenResponse(ctx, refresh, ctx.options.refreshTokenLifetimeSeconds));
}

/** Mints an access token and returns the token response (spec 2.3); lifetimes are in seconds. */
function tokenResponse(ctx: OperationContext, refresh: string, refreshExpiresIn: number) {
  const access = newSecret();
  ctx.state.accessTokens[access] = {
    userId: ctx.options.userId,
    expiresAt: ctx.now.getTime() + ctx.options.accessTokenLifetimeSeconds * 1000,
  };
  return {
    accessToken: access,
    expiresIn: ctx.options.accessTokenLifetimeSeconds,
    refreshToken: refresh,
    refreshTokenExpireIn: refreshExpiresIn,
    scope: "oms",
    userId: ctx.options.userId,
  };
}

function clientMatches(options: SimulatorOptions, clientId: string, clientSecret: string): boolean {
  return clientId === options.clientId && clientSecret === options.clientSecret;
}

/**
 * Checks the Authorization header: it must be exactly `authPrefix + accessToken` for a live token.
 * Returns why it was refused, or undefined when accepted.
 */
export function checkAuthorization(
  state: SimulatorState,
  options: SimulatorOptions,
  header: string | undefined,
  now: number,
): string | undefined {
  if (header === undefined || header === "") return "missing Authorization header";
  if (!header.startsWith(options.authPrefix)) return "Authorization header has the wrong form";
  const record = state.accessTokens[header.slice(options.authPrefix.length)];
  if (!record) return "the access token is not valid";
  if (record.expiresAt <= now) return "the access token has expired";
  return undefined;
}

export function expireAccessTokens(state: SimulatorState, now: number): number {
  const tokens = Object.values(state.accessTokens);
  for (const record of tokens) record.expiresAt = Math.min(record.expiresAt, now);
  return tokens.length;
}
