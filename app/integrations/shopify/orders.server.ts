/**
 * The Admin GraphQL reads of orders: the orders Shopify changed since a moment (reconciliation),
 * and the orders a search matches, counted and in pages ("Send past orders"). A page lists ids only;
 * each order is then read on its own with the OrderSnapshotFields fragment, because one order's
 * snapshot already asks for most of the 1000 points Shopify allows a single query (a page of 50 full
 * orders would ask for 40,000 and be refused). The nodes come back as Shopify sent them, for
 * parseGraphqlOrder.
 *
 * Needs `read_orders`, which reaches back 60 days (date-range.ts in app/domain/backfill keeps
 * searches inside that). Transport and GraphQL errors (throttling included) are thrown as
 * ShopifyGraphqlError by adminQuery.
 */
import { adminQuery } from "./admin-graphql.server";
import { ORDER_SNAPSHOT_FIELDS } from "./order-snapshot-fields";

const PAST_ORDERS_PAGE_SIZE = 50;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const RECENT_ORDERS_QUERY = `#graphql
query RecentOrders($query: String!, $after: String) {
  orders(first: 50, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes { id }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const PAST_ORDERS_COUNT_QUERY = `#graphql
query PastOrdersCount($query: String!, $limit: Int!) {
  ordersCount(query: $query, limit: $limit) { count precision }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const PAST_ORDERS_QUERY = `#graphql
query PastOrders($query: String!, $after: String) {
  orders(first: ${PAST_ORDERS_PAGE_SIZE}, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes { id }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const ORDER_SNAPSHOT_QUERY = `#graphql
query OrderSnapshot($id: ID!) {
  order(id: $id) { ...OrderSnapshotFields }
}
${ORDER_SNAPSHOT_FIELDS}`;

export type OrdersPage = { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

/** Shopify's count; AT_LEAST when it stopped counting at `limit`. */
export type OrdersCount = { count: number; precision: "EXACT" | "AT_LEAST" } | null;

type IdsPage = { nodes: { id: string }[]; pageInfo: OrdersPage["pageInfo"] };

/**
 * Each listed order read in full, one query at a time (each asks for most of the bucket). An order
 * deleted between the list and its read is left out. A failure (throttling included) fails the page:
 * the caller reads it again, and folding an order in twice changes nothing.
 */
async function readOrders(shop: string, page: IdsPage): Promise<OrdersPage> {
  const nodes: unknown[] = [];
  for (const { id } of page.nodes) {
    const data = await adminQuery<{ order: unknown }>(shop, ORDER_SNAPSHOT_QUERY, { id });
    if (data.order) nodes.push(data.order);
  }
  return { nodes, pageInfo: page.pageInfo };
}

/** One page of the orders updated at or after `since`, by update time. */
export async function fetchRecentOrdersPage(shop: string, since: Date, after: string | null): Promise<OrdersPage> {
  const data = await adminQuery<{ orders: IdsPage }>(shop, RECENT_ORDERS_QUERY, {
    query: `updated_at:>='${since.toISOString()}'`,
    after,
  });
  return readOrders(shop, data.orders);
}

/** How many orders an Admin search (`created_at:>=...`) matches, counting up to `limit`. */
export async function countOrdersMatching(shop: string, search: string, limit: number): Promise<OrdersCount> {
  const data = await adminQuery<{ ordersCount: OrdersCount }>(shop, PAST_ORDERS_COUNT_QUERY, { query: search, limit });
  return data.ordersCount;
}

/** One page of the orders an Admin search matches, oldest first. */
export async function fetchOrdersMatchingPage(shop: string, search: string, after: string | null): Promise<OrdersPage> {
  const data = await adminQuery<{ orders: IdsPage }>(shop, PAST_ORDERS_QUERY, { query: search, after });
  return readOrders(shop, data.orders);
}
