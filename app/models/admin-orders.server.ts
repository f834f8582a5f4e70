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
  /** Created at or after `from` and before `before` (either may be open). */
  created: { from: Date | null; before: Date | null };
  /** By creation time (then id): newest or oldest first. */
  sort: "newest" | "oldest";
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
 * A clause as equality reads: one per state and per listed status, each then an index range that
 * is already in date order on (shop, state, flagCode, hyperskuStatus, shopifyCreatedAt). An IN
 * list over several statuses made SQLite collect a whole tab (~25,000 Shipped orders) and sort it.
 */
type PointClause = Omit<OrderStageClause, "states" | "statuses"> & { state: OrderState; status?: number };

const pointsOf = (clause: OrderStageClause): PointClause[] =>
  clause.states.flatMap((state) =>
    (clause.statuses ?? [undefined]).map((status) => ({
      state,
      status,
      flagged: clause.flagged,
      statusesNot: clause.statusesNot,
      tracked: clause.tracked,
    })),
  );

/** Null or a status outside `codes`: the ranges between them, each an index range (NOT IN is none). */
function outside(codes: readonly number[]): Prisma.OrderWhereInput {
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  const gaps = sorted.slice(1).flatMap((code, i) => (code - sorted[i] > 1 ? [{ hyperskuStatus: { gt: sorted[i], lt: code } }] : []));
  return {
    OR: [
      { hyperskuStatus: null },
      ...(sorted.length > 0
        ? [{ hyperskuStatus: { lt: sorted[0] } }, ...gaps, { hyperskuStatus: { gt: sorted[sorted.length - 1] } }]
        : [{}]),
    ],
  };
}

/** A point's columns. Its `tracked` part is not SQL: readClause filters on the rows' first tracked parcel. */
function pointWhere(point: PointClause): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [{ state: point.state }];
  if (point.flagged !== undefined) and.push({ flagCode: point.flagged ? { not: null } : null });
  if (point.status !== undefined) and.push({ hyperskuStatus: point.status });
  if (point.statusesNot) and.push(outside(point.statusesNot));
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

/**
 * The columns a list row shows. The snapshot is read for the page's rows only (customer,
 * destination, items, total): 50 of them, never a whole tab's.
 */
const ORDER_LIST_SELECT = {
  id: true,
  name: true,
  shopifyOrderId: true,
  shopifyCreatedAt: true,
  state: true,
  stateCode: true,
  stateReason: true,
  hyperskuOrderId: true,
  hyperskuStatus: true,
  hyperskuStatusDesc: true,
  flagCode: true,
  flagReason: true,
  shopifyCancelled: true,
  attemptCount: true,
  nextAttemptAt: true,
  snapshot: true,
  // The first parcel with a tracking number: the list's tracking column and the pipeline's "tracked".
  parcels: { where: { trackingNumber: { not: null } }, orderBy: { createdAt: "asc" }, take: 1, select: { trackingNumber: true } },
} satisfies Prisma.OrderSelect;

/** What finding a page's rows needs: its position, and for a clause on tracking the first tracked parcel. */
const POSITION_SELECT = {
  id: true,
  shopifyCreatedAt: true,
  parcels: { where: { trackingNumber: { not: null } }, take: 1, select: { id: true } },
} satisfies Prisma.OrderSelect;

/** `parcels` is read for a clause on tracking only. */
type PositionRow = { id: string; shopifyCreatedAt: Date; parcels?: { id: string }[] };
type Position = { createdAt: Date; id: string };

/** The filters every clause shares: shop, HyperSKU status, search, creation range. */
async function viewWhere(shop: string, query: Omit<OrdersPageFilter, "cursor" | "pageSize">): Promise<Prisma.OrderWhereInput[]> {
  const matchIds = query.search ? await searchMatchIds(shop, query.search) : [];
  const and: Prisma.OrderWhereInput[] = [{ shop }];
  if (query.hyperskuStatus !== null) and.push({ hyperskuStatus: query.hyperskuStatus });
  if (query.search) and.push(searchWhere(query.search, matchIds));
  const { from, before } = query.created;
  if (from || before) and.push({ shopifyCreatedAt: { ...(from ? { gte: from } : {}), ...(before ? { lt: before } : {}) } });
  return and;
}

/** Rows past `position` in reading order, written so the createdAt bound is an index range. */
function seekWhere(position: Position, descending: boolean): Prisma.OrderWhereInput[] {
  return [
    { shopifyCreatedAt: descending ? { lte: position.createdAt } : { gte: position.createdAt } },
    {
      OR: [
        { shopifyCreatedAt: descending ? { lt: position.createdAt } : { gt: position.createdAt } },
        { id: descending ? { lt: position.id } : { gt: position.id } },
      ],
    },
  ];
}

/** Rows a clause that depends on tracking reads per round before filtering on their parcel. */
const TRACKED_BATCH = 200;

/**
 * Up to `take` rows of one clause in reading order. A clause on tracking (Delivered and Cancelled
 * split HyperSKU's "Closed" by it) reads its state/status rows off their index in batches and keeps
 * those whose first tracked parcel (already in the select) says so: a relation filter here made
 * SQLite probe parcels for every order of the shop (~90 ms at 100,000 orders, docs/decisions/0028).
 */
async function readClause(
  base: Prisma.OrderWhereInput[],
  clause: PointClause | null,
  from: Position | null,
  descending: boolean,
  take: number,
  until: Position | null = null,
): Promise<PositionRow[]> {
  const order: Prisma.SortOrder = descending ? "desc" : "asc";
  // Rows past `until` cannot reach the page: the creation range stops the scan there.
  const bound: Prisma.OrderWhereInput[] = until
    ? [{ shopifyCreatedAt: descending ? { gte: until.createdAt } : { lte: until.createdAt } }]
    : [];
  const where = (position: Position | null): Prisma.OrderWhereInput => ({
    AND: [...base, ...(clause ? [pointWhere(clause)] : []), ...bound, ...(position ? seekWhere(position, descending) : [])],
  });
  const read = (position: Position | null, count: number) =>
    prisma.order.findMany({
      where: where(position),
      orderBy: [{ shopifyCreatedAt: order }, { id: order }],
      take: count,
      // Only a clause on tracking needs the parcel probe.
      select: clause?.tracked === undefined ? { id: true, shopifyCreatedAt: true } : POSITION_SELECT,
    }) as Promise<PositionRow[]>; // the select's two shapes as one
  if (clause?.tracked === undefined) return read(from, take);
  const kept: PositionRow[] = [];
  let position = from;
  for (;;) {
    const batch = await read(position, Math.max(TRACKED_BATCH, take));
    kept.push(...batch.filter((row) => (row.parcels?.length ?? 0) > 0 === clause.tracked));
    const last = batch[batch.length - 1];
    if (kept.length >= take || batch.length < Math.max(TRACKED_BATCH, take) || !last) return kept.slice(0, take);
    position = { createdAt: last.shopifyCreatedAt, id: last.id };
  }
}

/** Reading order: (createdAt, id) descending or ascending. */
function compareRows(descending: boolean) {
  return (a: Pick<PositionRow, "id" | "shopifyCreatedAt">, b: Pick<PositionRow, "id" | "shopifyCreatedAt">) => {
    const byTime = a.shopifyCreatedAt.getTime() - b.shopifyCreatedAt.getTime();
    const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    const ascending = byTime !== 0 ? byTime : byId;
    return descending ? -ascending : ascending;
  };
}

/**
 * Up to `take` rows of the view from `from` on, in reading order: each of the stage's clauses read
 * on its own index (in one OR the planner walks every order by date), then merged. Clauses on
 * tracking are read last, only as far as the others' page reaches.
 */
async function readView(
  base: Prisma.OrderWhereInput[],
  clauses: OrdersPageFilter["clauses"],
  from: Position | null,
  descending: boolean,
  take: number,
) {
  const merge = (rows: PositionRow[]) =>
    [...new Map(rows.map((row) => [row.id, row])).values()].sort(compareRows(descending)).slice(0, take);
  const all = clauses ? clauses.flatMap(pointsOf) : [null];
  const plain = await Promise.all(
    all.filter((clause) => clause?.tracked === undefined).map((clause) => readClause(base, clause, from, descending, take)),
  );
  // A full page from the plain clauses bounds how far a clause on tracking needs to read.
  const first = merge(plain.flat());
  const last = first.length === take ? first[first.length - 1] : null;
  const until = last && { createdAt: last.shopifyCreatedAt, id: last.id };
  const tracked = await Promise.all(
    all.filter((clause) => clause?.tracked !== undefined).map((clause) => readClause(base, clause, from, descending, take, until)),
  );
  const positions = merge([...first, ...tracked.flat()]);
  if (positions.length === 0) return [];
  const rows = await prisma.order.findMany({ where: { id: { in: positions.map((row) => row.id) } }, select: ORDER_LIST_SELECT });
  return rows.sort(compareRows(descending));
}

/**
 * One page in the view's order, plus whether there are more on either side. Reads pageSize + 1
 * rows: the extra one only says whether another page follows.
 */
export async function listOrdersPage(shop: string, query: OrdersPageFilter) {
  const backwards = query.cursor?.direction === "before";
  const descending = (query.sort === "newest") !== backwards;
  const rows = await readView(await viewWhere(shop, query), query.clauses, query.cursor, descending, query.pageSize + 1);
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
 * Every order of the view in its order, `chunk` rows per read (an export): keyset reads, so the
 * last chunk costs what the first does and memory holds one chunk.
 */
export async function* readOrdersInChunks(shop: string, query: Omit<OrdersPageFilter, "cursor" | "pageSize">, chunk: number) {
  const descending = query.sort === "newest";
  const base = await viewWhere(shop, query);
  let from: Position | null = null;
  for (;;) {
    const rows = await readView(base, query.clauses, from, descending, chunk);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < chunk || !last) return;
    from = { createdAt: last.shopifyCreatedAt, id: last.id };
  }
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

/** The pictures Shopify gave the app for these variants (the per-variant cache), by variant id. */
export async function getVariantImages(shop: string, variantIds: readonly string[]): Promise<Map<string, string>> {
  if (variantIds.length === 0) return new Map();
  const rows = await prisma.variantFacts.findMany({
    where: { shop, variantId: { in: [...new Set(variantIds)] }, imageUrl: { not: null } },
    select: { variantId: true, imageUrl: true },
  });
  return new Map(rows.map((row) => [row.variantId, row.imageUrl!]));
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
