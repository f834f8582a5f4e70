/**
 * What only the lean webhook intake reads and writes first (docs/decisions/0025), in as few round
 * trips as the guarantees allow: PostgreSQL answers each statement over the network, and the web
 * process's CPU per webhook was mostly spent sending them.
 */
import type { Shop } from "@prisma/client";
import { sql } from "kysely";
import { isLeanPostgres, type LeanTx, toModel } from "~/models/db/kysely.server";
import { type DeliveryRecord, insertDeliveryIfNew } from "./webhook-delivery.server";

/**
 * Records the delivery unless it is a repeat (false: a repeat, nothing written). On PostgreSQL the
 * same statement then takes the shop's connection lock shared and the order's lock, in that order,
 * as readShopForPlanning then lockOrder do on the ORM path (transactions.server.ts): RETURNING runs
 * them for an inserted row only, so a repeat takes none. They are taken before anything is read:
 * a statement reads as of its start, so the reads wait for the next one. SQLite serialises writers.
 */
export async function recordDeliveryAndLockOrder(
  tx: LeanTx,
  record: DeliveryRecord & { shopifyOrderId: string },
  receivedAt: Date,
): Promise<boolean> {
  const insert = insertDeliveryIfNew(tx, record, receivedAt);
  if (!isLeanPostgres()) return (await insert.executeTakeFirst()).numInsertedOrUpdatedRows === 1n;
  const locked = await insert
    .returning([
      sql<string>`pg_advisory_xact_lock_shared(hashtextextended(${`shop-connection:${record.shop}`}, 0))::text`.as("shopLock"),
      sql<string>`pg_advisory_xact_lock(hashtextextended(${`order:${record.shop}:${record.shopifyOrderId}`}, 0))::text`.as("orderLock"),
    ])
    .executeTakeFirst();
  return locked !== undefined;
}

/**
 * The shop as planning reads it, and whether it already has the order or the order was redacted
 * (then it is not new, so not the lean path's), in one statement. Null when the app has no row for
 * the shop yet (the ORM path creates it).
 */
export async function readShopForNewOrder(
  tx: LeanTx,
  shop: string,
  shopifyOrderId: string,
): Promise<{ shop: Shop; orderKnown: boolean } | null> {
  const row = await tx
    .selectFrom("Shop")
    .selectAll()
    .select((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom("Order").select("id").where("shop", "=", shop).where("shopifyOrderId", "=", shopifyOrderId)),
          eb.exists(
            eb.selectFrom("RedactedOrder").select("shopifyOrderId").where("shop", "=", shop).where("shopifyOrderId", "=", shopifyOrderId),
          ),
        ])
        .as("orderKnown"),
    )
    .where("domain", "=", shop)
    .executeTakeFirst();
  if (!row) return null;
  const { orderKnown, ...columns } = row;
  return { shop: toModel<"Shop", Shop>("Shop", columns), orderKnown: Number(orderKnown) === 1 };
}
