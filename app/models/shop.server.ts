import prisma from "~/db.server";
import type { HyperskuStatus } from "~/domain/connection/status";
import type { Prisma } from "@prisma/client";
import type { Db } from "./db-types";
import { lockShopConnection } from "./transactions.server";

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

export async function getShop(domain: string) {
  return prisma.shop.findUnique({ where: { domain } });
}

export async function setHyperskuStatus(domain: string, status: HyperskuStatus, reason: string | null = null) {
  await changeShopConnection(domain, (tx) => tx.shop.upsert({
    where: { domain },
    update: { hyperskuStatus: status, hyperskuStatusReason: reason, hyperskuStatusAt: new Date() },
    create: { domain, hyperskuStatus: status, hyperskuStatusReason: reason, hyperskuStatusAt: new Date() },
  }));
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
