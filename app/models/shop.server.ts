import prisma from "~/db.server";
import type { HyperskuStatus } from "~/domain/connection/status";
import type { Db } from "./db-types";

/** Make sure the shop has a row (first admin visit, first webhook). */
export async function ensureShop(domain: string, db: Db = prisma) {
  return (await db.shop.findUnique({ where: { domain } })) ?? db.shop.upsert({ where: { domain }, update: {}, create: { domain } });
}

export async function getShop(domain: string) {
  return prisma.shop.findUnique({ where: { domain } });
}

export async function setHyperskuStatus(domain: string, status: HyperskuStatus, reason: string | null = null) {
  await prisma.shop.upsert({
    where: { domain },
    update: { hyperskuStatus: status, hyperskuStatusReason: reason, hyperskuStatusAt: new Date() },
    create: { domain, hyperskuStatus: status, hyperskuStatusReason: reason, hyperskuStatusAt: new Date() },
  });
}

export async function markShopUninstalled(domain: string) {
  await prisma.shop.updateMany({
    where: { domain },
    data: { uninstalledAt: new Date(), hyperskuStatus: "not_connected", hyperskuStatusReason: null },
  });
}

/**
 * The app was installed again: the shop is no longer marked uninstalled and its install time is
 * now. Returns true when the shop was marked uninstalled (a reinstall), false otherwise.
 */
export async function markShopReinstalled(domain: string, now = new Date()): Promise<boolean> {
  const { count } = await prisma.shop.updateMany({
    where: { domain, uninstalledAt: { not: null } },
    data: { uninstalledAt: null, installedAt: now },
  });
  return count > 0;
}
