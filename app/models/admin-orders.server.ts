/**
 * Read queries of the admin pages over Order, Parcel and OrderEvent. Every one is scoped by shop
 * and shaped to stay on an index at 100,000 orders per shop (scripts/bench-admin.ts measures them).
 */
import { Prisma } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { ORDER_STATES, type OrderState } from "./order-state";

/** One page of the orders list in the model's terms (the admin turns the page's URL into this). */
export type OrdersPageFilter = {
  states: readonly OrderState[] | null;
  hyperskuStatus: number | null;
  /** Order names in any of these ranges ([from, below), on the (shop, name) index). */
  nameRanges: readonly { from: string; below: string }[];
  cursor: { direction: "after" | "before"; createdAt: Date; id: string } | null;
  pageSize: number;
};

/** The columns a list row shows: never the snapshot or HyperSKU's answer (kilobytes each). */
const ORDER_LIST_SELECT = {
  id: true,
  name: true,
  shopifyOrderId: true,
  shopifyCreatedAt: true,
  state: true,
  stateReason: true,
  hyperskuOrderId: true,
  hyperskuStatus: true,
  hyperskuStatusDesc: true,
  flagReason: true,
  attemptCount: true,
  nextAttemptAt: true,
} satisfies Prisma.OrderSelect;

function listWhere(shop: string, query: OrdersPageFilter): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [{ shop }];
  const states = query.states;
  if (states) and.push(states.length === 1 ? { state: states[0] } : { state: { in: [...states] } });
  if (query.hyperskuStatus !== null) and.push({ hyperskuStatus: query.hyperskuStatus });
  if (query.nameRanges.length > 0) {
    // Ranges, not LIKE: SQLite's LIKE is case-insensitive and cannot use the (shop, name) index.
    and.push({ OR: query.nameRanges.map((range) => ({ name: { gte: range.from, lt: range.below } })) });
  }
  const cursor = query.cursor;
  if (cursor) {
    // (createdAt, id) past the cursor, written so the createdAt bound is an index range.
    const after = cursor.direction === "after";
    and.push(
      { shopifyCreatedAt: after ? { lte: cursor.createdAt } : { gte: cursor.createdAt } },
      {
        OR: [
          { shopifyCreatedAt: after ? { lt: cursor.createdAt } : { gt: cursor.createdAt } },
          { id: after ? { lt: cursor.id } : { gt: cursor.id } },
        ],
      },
    );
  }
  return { AND: and };
}

/**
 * One page, newest first, plus whether there are more on either side. Reads pageSize + 1 rows: the
 * extra one only says whether another page follows.
 */
export async function listOrdersPage(shop: string, query: OrdersPageFilter) {
  const backwards = query.cursor?.direction === "before";
  const order: Prisma.SortOrder = backwards ? "asc" : "desc";
  const rows = await prisma.order.findMany({
    where: listWhere(shop, query),
    orderBy: [{ shopifyCreatedAt: order }, { id: order }],
    take: query.pageSize + 1,
    select: ORDER_LIST_SELECT,
  });
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  if (backwards) page.reverse();
  return {
    rows: page,
    hasNext: backwards ? true : more,
    hasPrevious: backwards ? more : query.cursor !== null,
  };
}

/**
 * Counting stops at `cap` per bucket: a count is a walk over index entries, and an exact count of
 * 80,000 delivered orders on every dashboard load would cost more than the rest of the page. A
 * bucket past the cap reads cap + 1, shown as "10,000+" (as Shopify's own counts do).
 */
/** Capped counts of the shop's orders per value of one column, in one statement. */
async function cappedCounts<T extends string | number>(
  shop: string,
  column: "state" | "hyperskuStatus",
  values: readonly T[],
  cap: number,
): Promise<Map<T, number>> {
  if (values.length === 0) return new Map();
  const limit = cap + 1;
  const parts = values.map(
    (value, index) =>
      Prisma.sql`SELECT ${Prisma.raw(String(index))} AS "position", COUNT(*) AS "count" FROM (SELECT 1 FROM "Order" WHERE "shop" = ${shop} AND ${Prisma.raw(`"${column}"`)} = ${value} LIMIT ${limit}) AS "bucket"`,
  );
  const rows = await prisma.$queryRaw<{ position: number | bigint; count: number | bigint }[]>(Prisma.join(parts, " UNION ALL "));
  return new Map(rows.map((row) => [values[Number(row.position)], Number(row.count)]));
}

/** Orders per forwarding state (capped), read off the (shop, state, shopifyCreatedAt) index. */
export async function countOrdersByState(shop: string, cap: number): Promise<Record<string, number>> {
  return Object.fromEntries(await cappedCounts(shop, "state", ORDER_STATES, cap));
}

/** Orders per HyperSKU status code (capped), read off the (shop, hyperskuStatus, ...) index. */
export async function countOrdersByHyperskuStatus(shop: string, codes: readonly number[], cap: number): Promise<Map<number, number>> {
  return cappedCounts(shop, "hyperskuStatus", codes, cap);
}

/** Why orders in one state are there: reason code -> count, most frequent first. */
export async function countReasonsInState(shop: string, state: string) {
  const groups = await prisma.order.groupBy({
    by: ["stateCode"],
    where: { shop, state },
    _count: { _all: true },
    orderBy: { _count: { stateCode: "desc" } },
    take: 5,
  });
  return groups.map((group) => ({ code: group.stateCode, count: group._count._all }));
}

/** Orders at HyperSKU with a problem for the merchant (flagCode), newest first. */
export async function listFlaggedOrders(shop: string, take: number) {
  const [rows, total] = await Promise.all([
    prisma.order.findMany({
      where: { shop, flagCode: { not: null } },
      orderBy: { updatedAt: "desc" },
      take,
      select: { id: true, name: true, flagCode: true, flagReason: true },
    }),
    prisma.order.count({ where: { shop, flagCode: { not: null } } }),
  ]);
  return { rows, total };
}

/** Parcels whose Shopify fulfillment could not be made, with their order. */
export async function listParcelProblems(shop: string, take: number) {
  const where = { shop, fulfillmentState: { in: ["failed", "conflict"] } };
  const [rows, total] = await Promise.all([
    prisma.parcel.findMany({
      where,
      orderBy: { updatedAt: "desc" },
      take,
      select: {
        id: true,
        fulfillmentState: true,
        fulfillmentError: true,
        trackingNumber: true,
        order: { select: { id: true, name: true } },
      },
    }),
    prisma.parcel.count({ where }),
  ]);
  return { rows, total };
}

/** The order with its parcels and latest events, or null when it is not this shop's. */
export async function getShopOrderWithDetails(shop: string, id: string, eventLimit = 200) {
  return prisma.order.findFirst({
    where: { id, shop },
    include: {
      parcels: { orderBy: { createdAt: "asc" } },
      events: { orderBy: [{ at: "desc" }, { id: "desc" }], take: eventLimit },
    },
  });
}

/** The ids among `ids` that belong to the shop (bulk actions act on nothing else). */
export async function filterShopOrderIds(shop: string, ids: string[]) {
  const rows = await prisma.order.findMany({ where: { shop, id: { in: ids } }, select: { id: true, name: true } });
  return rows;
}

export async function shopOrderExists(shop: string, id: string): Promise<boolean> {
  return (await prisma.order.findFirst({ where: { id, shop }, select: { id: true } })) !== null;
}

/**
 * Orders whose send waits for its next try (queued, or being checked with HyperSKU): how many
 * (capped) and the earliest next try. Read only while HyperSKU does not answer (the outage banner).
 */
export async function getWaitingSends(shop: string, cap: number) {
  const where = { shop, state: { in: ["scheduled", "checking"] } };
  const [count, next] = await Promise.all([
    prisma.order.count({ where, take: cap + 1 }),
    prisma.order.findFirst({
      where: { ...where, nextAttemptAt: { not: null } },
      orderBy: { nextAttemptAt: "asc" },
      select: { nextAttemptAt: true },
    }),
  ]);
  return { count, nextAttemptAt: next?.nextAttemptAt ?? null };
}
