/**
 * A HyperSKU authorization waiting for the merchant's word (account-linking CSRF, issue 14.13).
 *
 * The state and its cookie prove that a browser came back from HyperSKU with the link our admin
 * issued; they cannot prove that the person who approved at HyperSKU is the merchant who started
 * the flow: anyone can be sent the link. So the callback activates nothing. It keeps HyperSKU's
 * token set sealed on the state's row and hands the browser a one-time confirmation token,
 * in a redirect into the embedded admin of the state's shop. Only an admin session of that shop
 * (and of the user who started the flow, when known) can confirm it there, after seeing which
 * HyperSKU user is about to be connected to which store. A victim sent an attacker's link lands
 * in the attacker's admin, which they cannot open; the attacker never sees the token.
 */
import { randomBytes } from "node:crypto";
import type { HyperskuTokenSet } from "~/models/hypersku-token-set";
import {
  claimPendingTokenSet,
  discardPendingTokenSet,
  findPendingConnection,
  savePendingTokenSet,
} from "~/models/hypersku-authorization-state.server";
import { hashSecret } from "./authorization-state.server";

const CONFIRM_LIFETIME_MS = 10 * 60_000;

/** Who is asking, from the authenticated admin request. */
export type AdminActor = { shop: string; userId: string | null };

export type PendingRefusal = "missing" | "unknown" | "other_shop" | "other_user" | "used" | "expired";

export type PendingCheck =
  { ok: true; shop: string; hyperskuUserId: string | null; expiresAt: Date } | { ok: false; reason: PendingRefusal };

/** At the callback, after a successful code exchange: returns the one-time confirmation token. */
export async function holdPendingConnection(state: string, shop: string, tokens: HyperskuTokenSet, now = new Date()) {
  const confirmToken = randomBytes(32).toString("base64url");
  await savePendingTokenSet({
    stateHash: hashSecret(state),
    shop,
    confirmHash: hashSecret(confirmToken),
    tokens,
    expiresAt: new Date(now.getTime() + CONFIRM_LIFETIME_MS),
  });
  return confirmToken;
}

/** Read-only: may this admin user confirm (or cancel) the connection behind this token? */
export async function checkPendingConnection(confirmToken: string | null, actor: AdminActor, now = new Date()): Promise<PendingCheck> {
  if (!confirmToken) return { ok: false, reason: "missing" };
  const pending = await findPendingConnection(hashSecret(confirmToken));
  if (!pending) return { ok: false, reason: "unknown" };
  if (pending.shop !== actor.shop) return { ok: false, reason: "other_shop" };
  // A flow started by a known user is theirs alone; another staff member of the shop cannot adopt it.
  if (pending.startedByUserId && pending.startedByUserId !== actor.userId) return { ok: false, reason: "other_user" };
  if (pending.confirmedAt || pending.discarded) return { ok: false, reason: "used" };
  if (!pending.pendingExpiresAt || pending.pendingExpiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, shop: pending.shop, hyperskuUserId: pending.pendingHyperskuUserId, expiresAt: pending.pendingExpiresAt };
}

export type ClaimOutcome = { ok: true; shop: string; tokens: HyperskuTokenSet } | { ok: false; reason: PendingRefusal };

/** Confirm: the pending token set leaves its row once, to be activated by the caller. */
export async function claimPendingConnection(confirmToken: string | null, actor: AdminActor, now = new Date()): Promise<ClaimOutcome> {
  const check = await checkPendingConnection(confirmToken, actor, now);
  if (!check.ok) return check;
  const tokens = await claimPendingTokenSet(hashSecret(confirmToken!), check.shop, now);
  // Lost a race with another confirm or a cancel of the same token.
  if (!tokens) return { ok: false, reason: "used" };
  return { ok: true, shop: check.shop, tokens };
}

/** Cancel: HyperSKU's answer is forgotten; nothing was ever activated. */
export async function discardPendingConnection(
  confirmToken: string | null,
  actor: AdminActor,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: PendingRefusal }> {
  const check = await checkPendingConnection(confirmToken, actor, now);
  if (!check.ok) return check;
  if (!(await discardPendingTokenSet(hashSecret(confirmToken!), check.shop, now))) return { ok: false, reason: "used" };
  return { ok: true };
}

/** Plain words for a refused confirmation link. */
export function describePendingRefusal(reason: PendingRefusal): string {
  switch (reason) {
    case "other_user":
      return "This HyperSKU connection was started by another staff member of this store. Only they can confirm it, or you can connect again yourself.";
    case "expired":
      return "This confirmation expired: it is only valid for ten minutes. Choose Connect HyperSKU to start again.";
    case "used":
      return "This confirmation was already used or cancelled.";
    default:
      return "This confirmation link is not valid for this store. Choose Connect HyperSKU to start again.";
  }
}
