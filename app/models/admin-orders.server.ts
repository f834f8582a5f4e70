/**
 * Read queries of the admin pages over Order, Parcel and OrderEvent. Every one is scoped by shop
 * and shaped to stay on an index at 100,000 orders per shop (scripts/bench-admin.ts measures them).
 */
import { Prisma } from "@prisma/client";
import prisma from "~/models/db/client.server";
import type { OrderState } from "./order-state";

/** One page of the orders list in the model's terms (the admin turns the page's URL into this). */
export type OrdersPageFilter = {
  /** Orders matching any of these clauses (a pipeline stage, app/domain/admin/pipeline.ts); null: all. */
  clauses: readonly OrderStageClause[] | null;
  hyperskuStatus: number | null;
  /** A search, when there is one: orders matching any of its keys, each on an index. */
  search: OrdersSearch | null;
  cursor: { direction: "after" | "before"; createdAt: Date; id: string } | null;
  pageSize: number;
};

/**
 * Orders in a forwarding state, optionally also with or without a flag, with a HyperSKU status in
 * (or, null included, outside) a list, and with or without a parcel carrying a tracking number.
 */
export type OrderStageClause = {
  states: readonly OrderState[];
  flagged?: boolean;
  statuses?: readonly number[];
  statusesNot?: readonly number[];
  tracked?: boolean;
};

/**
 * What a search looks for: order names in ranges ([from, below), on the (shop, name) index; ranges,
 * not LIKE: SQLite's LIKE is case-insensitive and cannot use an index), customer names and e-mails
 * in ranges (lower-cased columns), and exact HyperSKU order ids and tracking numbers.
 */
export type OrdersSearch = {
  nameRanges: readonly { from: string; below: string }[];
  customerRanges: readonly { from: string; below: string }[];
  exact: string;
};

/**
 * A parcel with a tracking number, among the clause's own orders: narrowed so, the parcel subquery
 * reads those few orders' parcels instead of every tracked parcel of the shop.
 */
const tracked = (shop: string, clause: OrderStageClause): Prisma.OrderWhereInput => ({
  parcels: {
    some: {
      trackingNumber: { not: null },
      order: { shop, state: { in: [...clause.states] }, ...(clause.statuses ? { hyperskuStatus: { in: [...clause.statuses] } } : {}) },
    },
  },
});

function clauseWhere(shop: string, clause: OrderStageClause): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [{ state: clause.states.length === 1 ? clause.states[0] : { in: [...clause.states] } }];
  if (clause.flagged !== undefined) and.push({ flagCode: clause.flagged ? { not: null } : null });
  if (clause.statuses) and.push({ hyperskuStatus: { in: [...clause.statuses] } });
  if (clause.statusesNot) and.push({ OR: [{ hyperskuStatus: null }, { hyperskuStatus: { notIn: [...clause.statusesNot] } }] });
  if (clause.tracked !== undefined) and.push(clause.tracked ? tracked(shop, clause) : { NOT: tracked(shop, clause) });
  return { AND: and };
}

/** Orders one search key may match (a page shows 50; a prefix as short as "a" stops here). */
const SEARCH_MATCH_LIMIT = 500;

/**
 * The ids of the orders a search finds by customer, e-mail, HyperSKU order id or tracking number,
 * each key read off its own index. Resolved apart from the page: in one OR with the page's order,
 * the planner walks every order by date instead.
 */
async function searchMatchIds(shop: string, search: OrdersSearch): Promise<string[]> {
  const ranges = (column: "customerName" | "customerEmail") =>
    search.customerRanges.map((r) => ({ [column]: { gte: r.from, lt: r.below } }));
  const take = SEARCH_MATCH_LIMIT;
  const [byName, byEmail, byHypersku, byTracking] = await Promise.all([
    prisma.order.findMany({ where: { shop, OR: ranges("customerName") }, select: { id: true }, take }),
    prisma.order.findMany({ where: { shop, OR: ranges("customerEmail") }, select: { id: true }, take }),
    prisma.order.findMany({ where: { shop, hyperskuOrderId: search.exact }, select: { id: true }, take }),
    prisma.parcel.findMany({ where: { shop, trackingNumber: search.exact }, select: { orderId: true }, take }),
  ]);
  return [...new Set([...byName, ...byEmail, ...byHypersku].map((row) => row.id).concat(byTracking.map((row) => row.orderId)))];
}

function searchWhere(search: OrdersSearch, matchIds: readonly string[]): Prisma.OrderWhereInput {
  return {
    OR: [
      ...search.nameRanges.map((r) => ({ name: { gte: r.from, lt: r.below } })),
      ...(matchIds.length > 0 ? [{ id: { in: [...matchIds] } }] : []),
    ],
  };
}

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
  flagCode: true,
  flagReason: true,
  shopifyCancelled: true,
  attemptCount: true,
  nextAttemptAt: true,
  // The first parcel with a tracking number: the list's tracking column and the pipeline's "tracked".
  parcels: { where: { trackingNumber: { not: null } }, orderBy: { createdAt: "asc" }, take: 1, select: { trackingNumber: true } },
} satisfies Prisma.OrderSelect;

function listWhere(shop: string, query: OrdersPageFilter, matchIds: readonly string[]): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [{ shop }];
  const clauses = query.clauses?.map((clause) => clauseWhere(shop, clause));
  if (clauses) and.push(clauses.length === 1 ? clauses[0] : { OR: clauses });
  if (query.hyperskuStatus !== null) and.push({ hyperskuStatus: query.hyperskuStatus });
  if (query.search) and.push(searchWhere(query.search, matchIds));
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
  const matchIds = query.search ? await searchMatchIds(shop, query.search) : [];
  const rows = await prisma.order.findMany({
    where: listWhere(shop, query, matchIds),
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

type PipelineGroup = { state: string; hyperskuStatus: number | null; flagged: boolean; tracked: boolean; count: number };

/**
 * The shop's orders counted by the columns that decide their pipeline stage, in one statement: a
 * grouped count read off the covering (shop, state, hyperskuStatus, flagCode, id) index (a few dozen
 * groups the domain adds up into stages), and the same count of the orders in `tracked` (the states
 * and statuses whose stage depends on it) with a parcel carrying a tracking number, so parcels are
 * probed for those few orders only. Each group comes back split into tracked and not.
 */
export async function countOrdersByPipelineColumns(
  shop: string,
  tracked: { states: readonly string[]; statuses: readonly number[] },
): Promise<PipelineGroup[]> {
  const probe =
    tracked.states.length > 0 && tracked.statuses.length > 0
      ? Prisma.sql` UNION ALL SELECT "state", "hyperskuStatus", "flagCode", 1 AS "tracked", COUNT(*) AS "count" FROM "Order" WHERE "shop" = ${shop} AND "state" IN (${Prisma.join([...tracked.states])}) AND "hyperskuStatus" IN (${Prisma.join([...tracked.statuses])}) AND EXISTS (SELECT 1 FROM "Parcel" WHERE "Parcel"."orderId" = "Order"."id" AND "Parcel"."trackingNumber" IS NOT NULL) GROUP BY "state", "hyperskuStatus", "flagCode"`
      : Prisma.empty;
  const rows = await prisma.$queryRaw<
    { state: string; hyperskuStatus: number | bigint | null; flagCode: string | null; tracked: number | bigint; count: number | bigint }[]
  >(
    Prisma.sql`SELECT "state", "hyperskuStatus", "flagCode", 0 AS "tracked", COUNT(*) AS "count" FROM "Order" WHERE "shop" = ${shop} GROUP BY "state", "hyperskuStatus", "flagCode"${probe}`,
  );
  // Totals per (state, status, flagged), then the tracked part of each taken out of it.
  const groups = new Map<string, PipelineGroup>();
  const add = (row: (typeof rows)[number], isTracked: boolean, sign: number) => {
    const hyperskuStatus = row.hyperskuStatus === null ? null : Number(row.hyperskuStatus);
    const flagged = row.flagCode !== null;
    const key = JSON.stringify([row.state, hyperskuStatus, flagged, isTracked]);
    const group = groups.get(key) ?? { state: row.state, hyperskuStatus, flagged, tracked: isTracked, count: 0 };
    group.count += sign * Number(row.count);
    groups.set(key, group);
  };
  for (const row of rows) {
    if (Number(row.tracked) === 1) {
      add(row, true, 1);
      add(row, false, -1);
    } else add(row, false, 1);
  }
  return [...groups.values()].filter((group) => group.count !== 0);
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
export async function getWaitingSends(shop: string) {
  const where = { shop, state: { in: ["scheduled", "checking"] } };
  const [count, next] = await Promise.all([
    prisma.order.count({ where }),
    prisma.order.findFirst({
      where: { ...where, nextAttemptAt: { not: null } },
      orderBy: { nextAttemptAt: "asc" },
      select: { nextAttemptAt: true },
    }),
  ]);
  return { count, nextAttemptAt: next?.nextAttemptAt ?? null };
}
