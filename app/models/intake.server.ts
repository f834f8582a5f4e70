/**
 * What only the lean webhook intake reads (docs/decisions/0025): the locks it plans under, the
 * same as the ORM path takes (transactions.server.ts, shop.server.ts's readShopForPlanning), and
 * whether the order is already known.
 */
import { sql } from "kysely";
import { isLeanPostgres, type LeanTx } from "~/models/db/kysely.server";

/**
 * PostgreSQL: the shop's connection lock shared, then the order's lock, in one statement and in the
 * same order as readShopForPlanning then lockOrder (a no-op on SQLite, which serialises writers).
 */
export async function lockForOrderIntake(tx: LeanTx, shop: string, shopifyOrderId: string): Promise<void> {
  if (!isLeanPostgres()) return;
  await sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${`shop-connection:${shop}`}, 0))::text,
      pg_advisory_xact_lock(hashtextextended(${`order:${shop}:${shopifyOrderId}`}, 0))::text`.execute(tx);
}

/** True when the shop already has the order, or it was redacted: not a new order, so not the lean path's. */
export async function isOrderKnown(tx: LeanTx, shop: string, shopifyOrderId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("Order")
    .select("id")
    .where("shop", "=", shop)
    .where("shopifyOrderId", "=", shopifyOrderId)
    .unionAll(
      tx.selectFrom("RedactedOrder").select("shopifyOrderId as id").where("shop", "=", shop).where("shopifyOrderId", "=", shopifyOrderId),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
