import { randomUUID } from "node:crypto";
import prisma from "~/models/db/client.server";
import type { LeanTx } from "~/models/db/kysely.server";
import type { Db, Tx } from "./db-types";

export type DeliveryRecord = {
  shop: string;
  topic: string;
  webhookId: string;
  eventId: string | null;
  triggeredAt: Date | null;
  outcome: "processed" | "invalid" | "ignored";
  problem?: string | null;
  shopifyOrderId?: string | null;
};

/** A repeat is the same delivery (webhook id) or the same event for the same topic (event id). */
export async function findDelivery(shop: string, topic: string, webhookId: string, eventId: string | null) {
  return prisma.webhookDelivery.findFirst({
    where: { OR: [{ webhookId }, ...(eventId ? [{ shop, topic, eventId }] : [])] },
    select: { id: true },
  });
}

export async function recordDelivery(record: DeliveryRecord, db: Db = prisma) {
  return db.webhookDelivery.create({ data: record });
}

/**
 * The lean intake's first statement, unsent (intake.server.ts adds its locks and sends it): records
 * the delivery unless it is a repeat (the same webhook id, or the same event of the same shop and
 * topic). `ON CONFLICT DO NOTHING` covers both unique keys on both engines and never raises, so a
 * repeat costs one statement and aborts nothing.
 */
export function insertDeliveryIfNew(tx: LeanTx, record: DeliveryRecord, receivedAt: Date) {
  return tx
    .insertInto("WebhookDelivery")
    .values({
      id: randomUUID(),
      shop: record.shop,
      topic: record.topic,
      webhookId: record.webhookId,
      eventId: record.eventId,
      triggeredAt: record.triggeredAt,
      receivedAt,
      outcome: record.outcome,
      problem: record.problem ?? null,
      shopifyOrderId: record.shopifyOrderId ?? null,
    })
    .onConflict((conflict) => conflict.doNothing());
}

/** The order's deliveries that recorded a problem (which may quote personal data). */
export async function listDeliveriesWithProblem(tx: Tx, shop: string, shopifyOrderId: string) {
  return tx.webhookDelivery.findMany({ where: { shop, shopifyOrderId, problem: { not: null } } });
}

export async function scrubDeliveryProblem(tx: Tx, id: string, problem: string | null) {
  await tx.webhookDelivery.update({ where: { id }, data: { problem } });
}
