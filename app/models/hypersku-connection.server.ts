/**
 * The shop's HyperSKU token set, sealed at rest. This is the only module that reads or writes the
 * token columns; everything above it sees plain HyperskuTokenSet values or tokenless summaries.
 */
import type { HyperskuConnection } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { lean, toModel } from "~/models/db/kysely.server";
import { openSecret, sealSecret } from "~/lib/token-crypto.server";
import type { HyperskuTokenSet } from "./hypersku-token-set";

const seal = (shop: string, field: string, value: string) => sealSecret(value, { shop, field });
const open = (shop: string, field: string, value: string) => openSecret(value, { shop, field });

function sealedColumns(shop: string, tokens: HyperskuTokenSet) {
  return {
    accessTokenSealed: seal(shop, "accessToken", tokens.accessToken),
    refreshTokenSealed: tokens.refreshToken ? seal(shop, "refreshToken", tokens.refreshToken) : null,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scope: tokens.scope,
    hyperskuUserId: tokens.userId,
  };
}

export type StoredTokenSet = HyperskuTokenSet & { version: number };

/** Read on the lean path: every HyperSKU call starts here (docs/decisions/0025). */
export async function getTokenSet(shop: string): Promise<StoredTokenSet | null> {
  const found = await lean.selectFrom("HyperskuConnection").selectAll().where("shop", "=", shop).executeTakeFirst();
  if (!found) return null;
  const row = toModel<"HyperskuConnection", HyperskuConnection>("HyperskuConnection", found);
  return {
    accessToken: open(shop, "accessToken", row.accessTokenSealed),
    refreshToken: row.refreshTokenSealed ? open(shop, "refreshToken", row.refreshTokenSealed) : null,
    accessTokenExpiresAt: row.accessTokenExpiresAt,
    refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    scope: row.scope,
    userId: row.hyperskuUserId,
    version: row.version,
  };
}

/** What pages may show: everything but the tokens. */
export async function getConnectionSummary(shop: string) {
  return prisma.hyperskuConnection.findUnique({
    where: { shop },
    select: {
      hyperskuUserId: true,
      scope: true,
      accessTokenExpiresAt: true,
      refreshTokenExpiresAt: true,
      connectedAt: true,
      lastRefreshedAt: true,
      lastSuccessfulCallAt: true,
      failingSince: true,
      lastFailure: true,
    },
  });
}

/** A fresh authorization: replaces any previous token set of the shop. */
export async function replaceTokenSet(shop: string, tokens: HyperskuTokenSet, connectedAt = new Date()) {
  const columns = sealedColumns(shop, tokens);
  await prisma.hyperskuConnection.upsert({
    where: { shop },
    update: { ...columns, connectedAt, lastRefreshedAt: null, version: { increment: 1 } },
    create: { shop, ...columns, connectedAt },
  });
}

/**
 * Stores a refreshed token set only if the stored one is still the set the refresh started from
 * (compare-and-swap on `version`). Returns false when another process got there first.
 */
export async function saveRefreshedTokenSet(shop: string, tokens: HyperskuTokenSet, fromVersion: number) {
  const { count } = await prisma.hyperskuConnection.updateMany({
    where: { shop, version: fromVersion },
    data: { ...sealedColumns(shop, tokens), lastRefreshedAt: new Date(), version: { increment: 1 } },
  });
  return count === 1;
}

export async function deleteTokenSet(shop: string) {
  await prisma.hyperskuConnection.deleteMany({ where: { shop } });
}

export async function recordSuccessfulCall(shop: string, at = new Date()) {
  await prisma.hyperskuConnection.updateMany({ where: { shop }, data: { lastSuccessfulCallAt: at } });
}

/**
 * The shop's HyperSKU call health (app/domain/connection/health.ts); null when not connected. Read
 * on the lean path: every accepted create asks it (call-health.server.ts's endFailing).
 */
export async function getCallHealthRecord(shop: string) {
  const row = await lean
    .selectFrom("HyperskuConnection")
    .select(["lastSuccessfulCallAt", "failingSince", "lastFailure", "failedCallsInARow"])
    .where("shop", "=", shop)
    .executeTakeFirst();
  return row
    ? toModel<
        "HyperskuConnection",
        Pick<HyperskuConnection, "lastSuccessfulCallAt" | "failingSince" | "lastFailure" | "failedCallsInARow">
      >("HyperskuConnection", row)
    : null;
}

/**
 * A call HyperSKU did not answer. The first one since the last answer starts the failing period
 * (its time is kept by later ones); later ones are counted up to `countUpTo`, then nothing is
 * written. Returns "started", "counted" or "unchanged" (counted to the limit, or not connected).
 */
export async function recordCallFailure(shop: string, at: Date, failure: string, countUpTo: number) {
  const started = await prisma.hyperskuConnection.updateMany({
    where: { shop, failingSince: null },
    data: { failingSince: at, lastFailure: failure, failedCallsInARow: 1 },
  });
  if (started.count > 0) return "started" as const;
  const counted = await prisma.hyperskuConnection.updateMany({
    where: { shop, failedCallsInARow: { lt: countUpTo } },
    data: { failedCallsInARow: { increment: 1 }, lastFailure: failure },
  });
  return counted.count > 0 ? ("counted" as const) : ("unchanged" as const);
}

/**
 * HyperSKU answered: ends the failing period that started at `failingSince` (compare-and-swap, so
 * of several processes exactly one ends it). Returns whether this call ended it.
 */
export async function clearCallFailure(shop: string, failingSince: Date, at: Date) {
  const { count } = await prisma.hyperskuConnection.updateMany({
    where: { shop, failingSince },
    data: { failingSince: null, lastFailure: null, failedCallsInARow: 0, lastSuccessfulCallAt: at },
  });
  return count === 1;
}

/** Shops whose access token expires before `before`, for the background refresh. */
export async function listShopsWithTokensExpiringBefore(before: Date) {
  const rows = await prisma.hyperskuConnection.findMany({
    where: { accessTokenExpiresAt: { lte: before }, shopRecord: { hyperskuStatus: "connected" } },
    select: { shop: true },
  });
  return rows.map((row) => row.shop);
}
