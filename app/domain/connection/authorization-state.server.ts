/**
 * The `state` of HyperSKU's authorization redirect (spec 5.1, notes part 1): 256 random bits,
 * stored server-side only as a SHA-256 hash, bound to the shop, valid for ten minutes, usable once.
 * It is also bound to the browser that started the flow, with a first-party cookie set on our own
 * top-level page just before leaving for HyperSKU (the embedded iframe cannot set cookies reliably).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  consumeAuthorizationState,
  findAuthorizationState,
  insertAuthorizationState,
} from "~/models/hypersku-authorization-state.server";

export const STATE_LIFETIME_MS = 10 * 60_000;
export const STATE_COOKIE = "hypersku_authorization";

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export async function createAuthorizationState(shop: string, now = new Date()): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  await insertAuthorizationState(hashState(state), shop, new Date(now.getTime() + STATE_LIFETIME_MS));
  return state;
}

export type StateCheck =
  | { ok: true; shop: string }
  | { ok: false; reason: "missing" | "unknown" | "expired" | "used" | "other_browser" };

/** Read-only check, for the page that sets the cookie before leaving for HyperSKU. */
export async function checkAuthorizationState(state: string | null, now = new Date()): Promise<StateCheck> {
  if (!state) return { ok: false, reason: "missing" };
  const record = await findAuthorizationState(hashState(state));
  if (!record) return { ok: false, reason: "unknown" };
  if (record.usedAt) return { ok: false, reason: "used" };
  if (record.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, shop: record.shop };
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
export async function consumeStateFromCallback(
  state: string | null,
  cookieState: string | null,
  now = new Date(),
): Promise<StateCheck> {
  const check = await checkAuthorizationState(state, now);
  if (!check.ok) return check;
  if (!cookieState || !sameValue(cookieState, state!)) return { ok: false, reason: "other_browser" };
  if (!(await consumeAuthorizationState(hashState(state!), now))) return { ok: false, reason: "used" };
  return check;
}
