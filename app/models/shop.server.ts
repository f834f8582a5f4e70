import type { Prisma, Shop } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { lean, type LeanDb, toModel } from "~/models/db/kysely.server";
import type { HyperskuStatus } from "./connection-status";
import type { Db } from "./db-types";
import { lockShopConnection } from "./transactions.server";

export type { Shop };

/** Make sure the shop has a row (first admin visit, first webhook). */
export async function ensureShop(domain: string, db: Db = prisma) {
  return (await db.shop.findUnique({ where: { domain } })) ?? db.shop.upsert({ where: { domain }, update: {}, create: { domain } });
}

/**
 * The shop an order is about to be planned against, read inside the caller's transaction under the
 * shared connection lock. Without it, an order read "not connected" could commit as held just
 * after a reconnect released the held orders, and stay held with no job (seen in the soak test).
 */
export async function readShopForPlanning(tx: Prisma.TransactionClient, domain: string) {
  await lockShopConnection(tx, domain, "shared");
  return ensureShop(domain, tx);
}

/** Changes whether the shop can receive orders, after every plan in progress has committed. */
function changeShopConnection<T>(domain: string, change: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return prisma.$transaction(async (tx) => {
    await lockShopConnection(tx, domain, "exclusive");
    return change(tx);
  });
}

/** The shop's row; on the lean path, as every job and page reads it first (docs/decisions/0025), or in a lean transaction. */
export async function getShop(domain: string, db: LeanDb = lean): Promise<Shop | null> {
  const row = await db.selectFrom("Shop").selectAll().where("domain", "=", domain).executeTakeFirst();
  return row ? toModel<"Shop", Shop>("Shop", row) : null;
}

export async function getShopOrThrow(domain: string): Promise<Shop> {
  const shop = await getShop(domain);
  if (!shop) throw new Error(`shop ${domain} is not installed`);
  return shop;
}

/** Shops the scheduler works for: installed and connected, with when each was last reconciled. */
export async function listConnectedShops() {
  return prisma.shop.findMany({
    where: { uninstalledAt: null, hyperskuStatus: "connected" },
    select: { domain: true, lastReconciledAt: true },
  });
}

export async function markShopReconciled(domain: string, at: Date) {
  await prisma.shop.update({ where: { domain }, data: { lastReconciledAt: at } });
}

/**
 * Stores the shop's name as Shopify has it. Only a different name is written (reconciliation
 * re-reads it every run), so an unchanged name leaves the row untouched. Returns whether it changed.
 */
export async function saveShopName(domain: string, name: string): Promise<boolean> {
  const { count } = await prisma.shop.updateMany({ where: { domain, OR: [{ name: null }, { name: { not: name } }] }, data: { name } });
  return count > 0;
}

/** Stores the shop's IANA time zone as Shopify has it; like the name, written only when it changed. */
export async function saveShopTimezone(domain: string, timezone: string): Promise<boolean> {
  const { count } = await prisma.shop.updateMany({
    where: { domain, OR: [{ timezone: null }, { timezone: { not: timezone } }] },
    data: { timezone },
  });
  return count > 0;
}

/** The shop's stored IANA time zone; null before Shopify was first asked, or for an unknown shop. */
export async function getShopTimezone(domain: string): Promise<string | null> {
  return (await prisma.shop.findUnique({ where: { domain }, select: { timezone: true } }))?.timezone ?? null;
}

type ShopSettingsColumns = Pick<
  Shop,
  | "forwardTrigger"
  | "holdMinutes"
  | "skipTestOrders"
  | "excludedTags"
  | "hyperskuLocationIds"
  | "productRules"
  | "notifyCustomer"
  | "platformCode"
  | "notificationEmails"
  | "digestInterval"
  | "noTrackingDays"
>;

export async function saveShopSettings(domain: string, settings: ShopSettingsColumns) {
  // Saving them also ticks the setup guide's "Review what is sent and when" (app/domain/admin/setup-guide.ts).
  await prisma.shop.update({ where: { domain }, data: { ...settings, settingsSavedAt: new Date() } });
}

export async function setHyperskuStatus(domain: string, status: HyperskuStatus, reason: string | null = null) {
  await changeShopConnection(domain, (tx) =>
    tx.shop.upsert({
      where: { domain },
      update: { hyperskuStatus: status, hyperskuStatusReason: reason, hyperskuStatusAt: new Date() },
      create: { domain, hyperskuStatus: status, hyperskuStatusReason: reason, hyperskuStatusAt: new Date() },
    }),
  );
}

export async function markShopUninstalled(domain: string) {
  await changeShopConnection(domain, (tx) =>
    tx.shop.updateMany({
      where: { domain },
      data: { uninstalledAt: new Date(), hyperskuStatus: "not_connected", hyperskuStatusReason: null },
    }),
  );
}

/**
 * The app was installed again: the shop is no longer marked uninstalled and its install time is
 * now. Returns true when the shop was marked uninstalled (a reinstall), false otherwise.
 */
export async function markShopReinstalled(domain: string, now = new Date()): Promise<boolean> {
  const { count } = await changeShopConnection(domain, (tx) =>
    tx.shop.updateMany({
      where: { domain, uninstalledAt: { not: null } },
      data: { uninstalledAt: null, installedAt: now },
    }),
  );
  return count > 0;
}
