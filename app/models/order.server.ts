import type { Order } from "@prisma/client";
import prisma from "~/db.server";
import type { ShopifyOrderSnapshot } from "~/domain/orders/shopify-order";
import type { Db } from "./db-types";

export type { Order };

export async function findOrderByShopifyId(db: Db, shop: string, shopifyOrderId: string) {
  return db.order.findUnique({ where: { shop_shopifyOrderId: { shop, shopifyOrderId } } });
}

export async function getOrder(id: string) {
  return prisma.order.findUnique({ where: { id } });
}

export function readSnapshot(order: Pick<Order, "snapshot">): ShopifyOrderSnapshot {
  return JSON.parse(order.snapshot) as ShopifyOrderSnapshot;
}

export function snapshotColumns(snapshot: ShopifyOrderSnapshot, now: Date) {
  return {
    name: snapshot.name ?? (snapshot.orderNumber ? `#${snapshot.orderNumber}` : snapshot.shopifyOrderId),
    shopifyCreatedAt: snapshot.createdAt ? new Date(snapshot.createdAt) : now,
    shopifyUpdatedAt: snapshot.updatedAt ? new Date(snapshot.updatedAt) : null,
    snapshot: JSON.stringify(snapshot),
  };
}

export type OrderEventInput = {
  kind: string;
  outcome?: string | null;
  message?: string | null;
  /** Non-personal details only (ids, codes, statuses, counts). */
  data?: Record<string, unknown> | null;
  at?: Date;
};

export async function addOrderEvent(db: Db, orderId: string, event: OrderEventInput) {
  await db.orderEvent.create({
    data: {
      orderId,
      kind: event.kind,
      outcome: event.outcome ?? null,
      message: event.message ?? null,
      data: event.data ? JSON.stringify(event.data) : null,
      ...(event.at ? { at: event.at } : {}),
    },
  });
}

export async function listOrdersInState(shop: string, state: string) {
  return prisma.order.findMany({ where: { shop, state }, orderBy: { shopifyCreatedAt: "asc" } });
}
