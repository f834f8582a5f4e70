/** Runs of "Send past orders" (Backfill rows), always read within their shop. */
import type { Backfill } from "@prisma/client";
import prisma from "~/models/db/client.server";
import type { Db, Tx } from "./db-types";

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

export async function finishBackfill(id: string, status: "done" | "failed", error: string | null = null) {
  await prisma.backfill.updateMany({ where: { id, status: "running" }, data: { status, error, finishedAt: new Date() } });
}

/** Starts a run over a date range of `total` orders. */
export async function createBackfill(tx: Tx, run: { shop: string; createdFrom: Date; createdTo: Date; total: number }) {
  return tx.backfill.create({ data: { ...run, status: "running" } });
}

export async function getBackfillOrThrow(tx: Tx, id: string) {
  return tx.backfill.findUniqueOrThrow({ where: { id } });
}

/**
 * Counts one imported order on the run and moves its resume position past it (in the import's
 * transaction, so a count is never lost or doubled). `skippedReasons`: the run's tally with this
 * order's reason added, for a skipped order.
 */
export async function countImportedOrder(
  tx: Tx,
  id: string,
  imported: { outcome: "queued" | "skipped" | "failed"; skippedReasons?: string; cursor: string },
) {
  await tx.backfill.update({
    where: { id },
    data: {
      processed: { increment: 1 },
      ...(imported.outcome === "queued" ? { queued: { increment: 1 } } : {}),
      ...(imported.outcome === "failed" ? { failed: { increment: 1 } } : {}),
      ...(imported.outcome === "skipped" ? { skipped: { increment: 1 }, skippedReasons: imported.skippedReasons } : {}),
      cursor: imported.cursor,
    },
  });
}

export async function saveBackfillCursor(id: string, cursor: string) {
  await prisma.backfill.update({ where: { id }, data: { cursor } });
}
