/** The two Admin GraphQL reads of "Send past orders": how many orders a range holds, and its pages. */
import { countOrdersMatching, fetchOrdersMatchingPage } from "~/integrations/shopify/orders.server";
import { createdInRangeQuery, type DateRange } from "./date-range";

/** ordersCount's own default cap; a run covers at most this many orders. */
const MAX_ORDERS_PER_RUN = 10_000;

export type PastOrdersCount = { count: number; capped: boolean };

export async function countPastOrders(shop: string, range: DateRange): Promise<PastOrdersCount> {
  const counted = await countOrdersMatching(shop, createdInRangeQuery(range), MAX_ORDERS_PER_RUN);
  const count = counted?.count ?? 0;
  return { count, capped: counted?.precision === "AT_LEAST" || count > MAX_ORDERS_PER_RUN };
}

/** One page of the range's orders, oldest first. */
export async function fetchPastOrdersPage(shop: string, range: DateRange, after: string | null) {
  return fetchOrdersMatchingPage(shop, createdInRangeQuery(range), after);
}
