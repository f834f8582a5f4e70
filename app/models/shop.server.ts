import prisma from "~/db.server";
import type { HyperskuStatus } from "~/domain/connection/status";

/** Make sure the shop has a row (first admin visit, first webhook). Clears a past uninstall. */
export async function ensureShop(domain: string) {
  return prisma.shop.upsert({
    where: { domain },
    update: {},
    create: { domain },
  });
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
