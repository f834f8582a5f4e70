/**
 * Transactions for work that reads and then writes an order other deliveries may be changing at
 * the same moment (orders/create and orders/paid of one order arriving together).
 *
 * On PostgreSQL each such transaction first takes a per-order advisory lock (`lockOrder`), so
 * deliveries of the same order run one after another and each sees the other's result, while
 * different orders never wait on each other. (SERIALIZABLE isolation was tried: its predicate locks
 * on shared index pages made deliveries of different orders conflict and retry; intake fell to
 * about 20 a second.) SQLite serialises writers anyway. Transient failures are retried.
 */
import type { Prisma } from "@prisma/client";
import { getDatabaseEngine } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";
import { lean, type LeanTx } from "~/models/db/kysely.server";

import { runPipelinedTransaction, type TransactionEnding } from "~/models/db/pipelined-transaction.server";

export { insertTogether, type PreparedInsert } from "~/models/db/insert-together.server";
export type { TransactionEnding } from "~/models/db/pipelined-transaction.server";
import { env } from "~/env.server";

const isPostgres = () => getDatabaseEngine(env.DATABASE_URL) === "postgresql";

/** Conflicts worth running the whole transaction again for. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  if (code === "P2034" || code === "P2002") return true;
  const text = `${(error as Error)?.name} ${(error as Error)?.message} ${JSON.stringify((error as { cause?: unknown })?.cause ?? null)}`;
  return /TransactionWriteConflict|could not serialize|40001|deadlock detected/i.test(text);
}

type RetryOptions = { attempts?: number; isFinal?: (error: unknown) => boolean };

export async function runOrderTransaction<T>(
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  { attempts = 5, isFinal = () => false }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prisma.$transaction(work, { maxWait: 10_000, timeout: 15_000 });
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error) || isFinal(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

/**
 * runOrderTransaction for the lean path (docs/decisions/0025): one transaction on the shared driver
 * connection through the query builder, retried alike, ended by the inserts `work` returns. On
 * PostgreSQL, statements issued together travel together (pipelined-transaction.server.ts); on
 * SQLite it takes the adapter's gate before its BEGIN IMMEDIATE, exactly as a Prisma transaction
 * does, so the two never interleave.
 */
export async function runLeanOrderTransaction<T>(
  work: (tx: LeanTx) => Promise<TransactionEnding<T>>,
  { attempts = 5 }: { attempts?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runPipelinedTransaction(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

/** Runs `work` in one transaction, with the client's defaults: the domain composes model functions atomically. */
export function withTransaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return prisma.$transaction(work);
}

/** withTransaction on the lean path: lean model functions composed atomically (docs/decisions/0025). */
export function withLeanTransaction<T>(work: (tx: LeanTx) => Promise<T>): Promise<T> {
  return lean.transaction().execute(work);
}

/** Holds the order's lock until the transaction ends (PostgreSQL; a no-op on SQLite). */
export async function lockOrder(tx: Prisma.TransactionClient, shop: string, shopifyOrderId: string): Promise<void> {
  if (!isPostgres()) return;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`order:${shop}:${shopifyOrderId}`}, 0))::text`;
}

/**
 * The shop's connection lock (PostgreSQL; a no-op on SQLite, which serialises writers anyway).
 * Planning an order takes it shared, changing whether the shop can receive orders (connect,
 * disconnect, uninstall, reinstall) takes it exclusively: a plan is never committed against a
 * connection state that changed after it was read (see readShopForPlanning in shop.server.ts).
 */
export async function lockShopConnection(tx: Prisma.TransactionClient, shop: string, mode: "shared" | "exclusive"): Promise<void> {
  if (!isPostgres()) return;
  const key = `shop-connection:${shop}`;
  if (mode === "shared") await tx.$queryRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))::text`;
  else await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))::text`;
}

/** A unique violation on these fields of this model (P2002 carries them in varying shapes). */
export function isUniqueViolationOn(error: unknown, model: string, fields: string[]): boolean {
  if ((error as { code?: string }).code !== "P2002") return false;
  const meta = JSON.stringify((error as { meta?: unknown }).meta ?? {});
  const message = String((error as { message?: string }).message ?? "");
  const text = `${meta} ${message}`;
  return text.includes(model) || fields.some((field) => text.includes(field));
}
