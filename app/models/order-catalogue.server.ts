/**
 * The orders a catalogue change concerns (app/domain/orders/recheck-catalogue-holds.server.ts): those
 * waiting for sourcing, and those at HyperSKU not shipped yet that hold given variants.
 */
import prisma from "~/models/db/client.server";

/** Orders of the shop held by the pre-send check until HyperSKU sources their products. */
export async function listOrdersWaitingForSourcing(shop: string, code: string) {
  return prisma.order.findMany({
    where: { shop, state: "held", stateCode: code },
    select: { id: true, shopifyOrderId: true, snapshot: true },
    orderBy: { shopifyCreatedAt: "asc" },
  });
}

/**
 * Sent orders of the shop whose HyperSKU status is one of `statuses` (or not read yet), with their
 * request as sent; only those whose request names one of `variantIds` when given. Oldest first,
 * a page of `take` after the id `after`.
 */
export async function listSentOrdersInStatuses(
  shop: string,
  statuses: readonly number[],
  variantIds: readonly string[] | undefined,
  take: number,
  after?: string,
) {
  return prisma.order.findMany({
    where: {
      shop,
      state: "sent",
      OR: [{ hyperskuStatus: { in: [...statuses] } }, { hyperskuStatus: null }],
      ...(variantIds ? { AND: [{ OR: variantIds.map((id) => ({ sentRequest: { contains: `"storeVariantId":"${id}"` } })) }] } : {}),
      ...(after ? { id: { gt: after } } : {}),
    },
    orderBy: { id: "asc" },
    take,
    select: { id: true, sentRequest: true, flagCode: true, flagReason: true },
  });
}
