/**
 * The Admin GraphQL reads of orders: the orders Shopify changed since a moment (reconciliation),
 * and the orders a search matches, counted and in pages ("Send past orders"). Each selects the
 * OrderSnapshotFields fragment; the nodes come back as Shopify sent them, for parseGraphqlOrder.
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
    nodes { ...OrderSnapshotFields }
    pageInfo { hasNextPage endCursor }
  }
}
${ORDER_SNAPSHOT_FIELDS}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const PAST_ORDERS_COUNT_QUERY = `#graphql
query PastOrdersCount($query: String!, $limit: Int!) {
  ordersCount(query: $query, limit: $limit) { count precision }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const PAST_ORDERS_QUERY = `#graphql
query PastOrders($query: String!, $after: String) {
  orders(first: ${PAST_ORDERS_PAGE_SIZE}, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes { ...OrderSnapshotFields }
    pageInfo { hasNextPage endCursor }
  }
}
${ORDER_SNAPSHOT_FIELDS}`;

export type OrdersPage = { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

/** Shopify's count; AT_LEAST when it stopped counting at `limit`. */
export type OrdersCount = { count: number; precision: "EXACT" | "AT_LEAST" } | null;

/** One page of the orders updated at or after `since`, by update time. */
export async function fetchRecentOrdersPage(shop: string, since: Date, after: string | null): Promise<OrdersPage> {
  const data = await adminQuery<{ orders: OrdersPage }>(shop, RECENT_ORDERS_QUERY, {
    query: `updated_at:>='${since.toISOString()}'`,
    after,
  });
  return data.orders;
}

/** How many orders an Admin search (`created_at:>=...`) matches, counting up to `limit`. */
export async function countOrdersMatching(shop: string, search: string, limit: number): Promise<OrdersCount> {
  const data = await adminQuery<{ ordersCount: OrdersCount }>(shop, PAST_ORDERS_COUNT_QUERY, { query: search, limit });
  return data.ordersCount;
}

/** One page of the orders an Admin search matches, oldest first. */
export async function fetchOrdersMatchingPage(shop: string, search: string, after: string | null): Promise<OrdersPage> {
  const data = await adminQuery<{ orders: OrdersPage }>(shop, PAST_ORDERS_QUERY, { query: search, after });
  return data.orders;
}
