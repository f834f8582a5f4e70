import prisma from "~/db.server";
import type { Db } from "./db-types";

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

export async function recordDelivery(db: Db, record: DeliveryRecord) {
  return db.webhookDelivery.create({ data: record });
}
