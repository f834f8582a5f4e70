/**
 * One row per HyperSKU authorization attempt: the state (hashed), who started it, and after the
 * callback the token set HyperSKU issued, sealed and pending until the merchant confirms it.
 * This is the only module that reads or writes the pending token column.
 */
import prisma from "~/models/db/client.server";
import { openSecret, sealSecret } from "~/lib/token-crypto.server";
import type { HyperskuTokenSet } from "./hypersku-token-set";

const PENDING_FIELD = "pendingTokenSet";

export async function insertAuthorizationState(input: {
  stateHash: string;
  shop: string;
  startedByUserId: string | null;
  expiresAt: Date;
}) {
  const now = new Date();
  await prisma.hyperskuAuthorizationState.create({ data: input });
  // Old attempts are useless; sweep them here instead of in a separate job. A pending token set
  // nobody confirmed in time is dropped at once, its row (and so "expired") a day later.
  await prisma.hyperskuAuthorizationState.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  await prisma.hyperskuAuthorizationState.updateMany({
    where: { pendingExpiresAt: { lt: now }, pendingTokenSetSealed: { not: null } },
    data: { pendingTokenSetSealed: null },
  });
}

export async function findAuthorizationState(stateHash: string) {
  return prisma.hyperskuAuthorizationState.findUnique({
    where: { stateHash },
    select: { shop: true, startedByUserId: true, expiresAt: true, usedAt: true },
  });
}

/** Marks the state used; true only for the one caller that got there first. */
export async function consumeAuthorizationState(stateHash: string, now: Date): Promise<boolean> {
  const { count } = await prisma.hyperskuAuthorizationState.updateMany({
    where: { stateHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return count === 1;
}

/** After the callback: keeps HyperSKU's answer, sealed, until the merchant confirms or it expires. */
export async function savePendingTokenSet(input: {
  stateHash: string;
  shop: string;
  confirmHash: string;
  tokens: HyperskuTokenSet;
  expiresAt: Date;
}) {
  await prisma.hyperskuAuthorizationState.update({
    where: { stateHash: input.stateHash },
    data: {
      confirmHash: input.confirmHash,
      pendingTokenSetSealed: sealSecret(serializeTokenSet(input.tokens), { shop: input.shop, field: PENDING_FIELD }),
      pendingHyperskuUserId: input.tokens.userId,
      pendingExpiresAt: input.expiresAt,
    },
  });
}

/** What the confirmation page may show about a pending connection: everything but the tokens. */
export async function findPendingConnection(confirmHash: string) {
  const row = await prisma.hyperskuAuthorizationState.findUnique({
    where: { confirmHash },
    select: {
      shop: true,
      startedByUserId: true,
      pendingHyperskuUserId: true,
      pendingExpiresAt: true,
      confirmedAt: true,
      pendingTokenSetSealed: true,
    },
  });
  if (!row) return null;
  const { pendingTokenSetSealed, ...rest } = row;
  return { ...rest, discarded: pendingTokenSetSealed === null };
}

/** A pending connection of this shop that is still open: not confirmed, not discarded, not expired. */
const stillPending = (confirmHash: string, shop: string, now: Date) => ({
  confirmHash,
  shop,
  confirmedAt: null,
  pendingExpiresAt: { gt: now },
});

/**
 * Confirm: takes the pending token set out of its row, once. Only the caller whose conditional
 * update wins gets the tokens; a second confirm (or one racing a cancel) gets null.
 */
export async function claimPendingTokenSet(confirmHash: string, shop: string, now: Date): Promise<HyperskuTokenSet | null> {
  const row = await prisma.hyperskuAuthorizationState.findUnique({ where: { confirmHash }, select: { pendingTokenSetSealed: true } });
  if (!row?.pendingTokenSetSealed) return null;
  const { count } = await prisma.hyperskuAuthorizationState.updateMany({
    where: { ...stillPending(confirmHash, shop, now), pendingTokenSetSealed: { not: null } },
    data: { pendingTokenSetSealed: null, confirmedAt: now },
  });
  if (count !== 1) return null;
  return parseTokenSet(openSecret(row.pendingTokenSetSealed, { shop, field: PENDING_FIELD }));
}

/** Cancel: forgets the pending token set; false when it was already confirmed, cancelled or expired. */
export async function discardPendingTokenSet(confirmHash: string, shop: string, now: Date): Promise<boolean> {
  const { count } = await prisma.hyperskuAuthorizationState.updateMany({
    where: { ...stillPending(confirmHash, shop, now), pendingTokenSetSealed: { not: null } },
    data: { pendingTokenSetSealed: null },
  });
  return count === 1;
}

function serializeTokenSet(tokens: HyperskuTokenSet): string {
  return JSON.stringify(tokens);
}

function parseTokenSet(json: string): HyperskuTokenSet {
  const raw = JSON.parse(json) as Record<string, string | null>;
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    accessToken: raw.accessToken!,
    refreshToken: raw.refreshToken ?? null,
    accessTokenExpiresAt: date(raw.accessTokenExpiresAt),
    refreshTokenExpiresAt: date(raw.refreshTokenExpiresAt),
    scope: raw.scope ?? null,
    userId: raw.userId ?? null,
  };
}

/** Drops every connection flow the shop has started: none may complete after an uninstall or shop/redact. */
export async function deleteAuthorizationStatesForShop(shop: string) {
  await prisma.hyperskuAuthorizationState.deleteMany({ where: { shop } });
}
