/** The two Admin GraphQL reads of "Send past orders": how many orders a range holds, and its pages. */
import { ORDER_SNAPSHOT_FIELDS } from "~/domain/orders/shopify-order";
import { adminQuery } from "~/integrations/shopify/admin-graphql.server";
import { createdInRangeQuery, type DateRange } from "./date-range";

/** ordersCount's own default cap; a run covers at most this many orders. */
export const MAX_ORDERS_PER_RUN = 10_000;
export const PAST_ORDERS_PAGE_SIZE = 50;

export const PAST_ORDERS_COUNT_QUERY = `#graphql
query PastOrdersCount($query: String!, $limit: Int!) {
  ordersCount(query: $query, limit: $limit) { count precision }
}`;

export const PAST_ORDERS_QUERY = `#graphql
query PastOrders($query: String!, $after: String) {
  orders(first: ${PAST_ORDERS_PAGE_SIZE}, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes { ...OrderSnapshotFields }
    pageInfo { hasNextPage endCursor }
  }
}
${ORDER_SNAPSHOT_FIELDS}`;

type CountData = { ordersCount: { count: number; precision: "EXACT" | "AT_LEAST" } | null };
type PageData = { orders: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

export type PastOrdersCount = { count: number; capped: boolean };

export async function countPastOrders(shop: string, range: DateRange): Promise<PastOrdersCount> {
  const data = await adminQuery<CountData>(shop, PAST_ORDERS_COUNT_QUERY, { query: createdInRangeQuery(range), limit: MAX_ORDERS_PER_RUN });
  const count = data.ordersCount?.count ?? 0;
  return { count, capped: data.ordersCount?.precision === "AT_LEAST" || count > MAX_ORDERS_PER_RUN };
}

/** One page of the range's orders, oldest first. */
export async function fetchPastOrdersPage(shop: string, range: DateRange, after: string | null) {
  const data = await adminQuery<PageData>(shop, PAST_ORDERS_QUERY, { query: createdInRangeQuery(range), after });
  return data.orders;
}
