/** Runs of "Send past orders" (Backfill rows), always read within their shop. */
import type { Backfill } from "@prisma/client";
import prisma from "~/db.server";
import type { Db } from "./db-types";

export type { Backfill };

export async function getBackfill(id: string, db: Db = prisma) {
  return db.backfill.findUnique({ where: { id } });
}

export async function findRunningBackfill(shop: string, db: Db = prisma) {
  return db.backfill.findFirst({ where: { shop, status: "running" }, orderBy: { createdAt: "desc" } });
}

export async function listRecentBackfills(shop: string, take = 5) {
  return prisma.backfill.findMany({ where: { shop }, orderBy: { createdAt: "desc" }, take });
}

export async function getShopBackfill(shop: string, id: string) {
  return prisma.backfill.findFirst({ where: { id, shop } });
}

export async function finishBackfill(id: string, status: "done" | "failed", error: string | null = null) {
  await prisma.backfill.updateMany({ where: { id, status: "running" }, data: { status, error, finishedAt: new Date() } });
}
