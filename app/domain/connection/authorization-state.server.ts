/**
 * The `state` of HyperSKU's authorization redirect (spec 5.1, notes part 1): 256 random bits,
 * stored server-side only as a SHA-256 hash, bound to the shop, valid for ten minutes, usable once.
 * It is also bound to the browser that started the flow, with a first-party cookie set on our own
 * top-level page just before leaving for HyperSKU (the embedded iframe cannot set cookies reliably),
 * and to the admin user who started it (the session token's `sub`): the cookie only proves which
 * browser opened the link, not who; the callback's answer waits for that user to confirm it in the
 * authenticated admin (pending-connection.server.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { consumeAuthorizationState, findAuthorizationState, insertAuthorizationState } from "~/models/hypersku-authorization-state.server";

export const STATE_LIFETIME_MS = 10 * 60_000;
export const STATE_COOKIE = "hypersku_authorization";

/** SHA-256 of a one-time secret: what is stored instead of the secret itself. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
const hashState = hashSecret;

export async function createAuthorizationState(shop: string, startedByUserId: string | null, now = new Date()): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  await insertAuthorizationState({
    stateHash: hashState(state),
    shop,
    startedByUserId,
    expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS),
  });
  return state;
}

export type StateCheck =
  | { ok: true; shop: string; startedByUserId: string | null }
  | { ok: false; reason: "missing" | "unknown" | "expired" | "used" | "other_browser" };

/** Read-only check, for the page that sets the cookie before leaving for HyperSKU. */
export async function checkAuthorizationState(state: string | null, now = new Date()): Promise<StateCheck> {
  if (!state) return { ok: false, reason: "missing" };
  const record = await findAuthorizationState(hashState(state));
  if (!record) return { ok: false, reason: "unknown" };
  if (record.usedAt) return { ok: false, reason: "used" };
  if (record.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, shop: record.shop, startedByUserId: record.startedByUserId };
}

function sameValue(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * At the callback: the state must be valid and the one this browser started with. Consumes it, so
 * a replay fails even when the first attempt failed later on (a code is single use as well).
 */
export async function consumeStateFromCallback(state: string | null, cookieState: string | null, now = new Date()): Promise<StateCheck> {
  const check = await checkAuthorizationState(state, now);
  if (!check.ok) return check;
  if (!cookieState || !sameValue(cookieState, state!)) return { ok: false, reason: "other_browser" };
  if (!(await consumeAuthorizationState(hashState(state!), now))) return { ok: false, reason: "used" };
  return check;
}
