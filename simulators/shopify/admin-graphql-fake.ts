/**
 * An offline, stateful fake of the Shopify Admin GraphQL operations the app makes. Strict: an
 * operation it does not know, or variables of the wrong shape, is an error, so a passing test
 * means the app sent what Shopify expects. Orders are stored as Admin GraphQL `Order` nodes.
 */
import type { AdminGraphql, GraphqlResponse } from "~/integrations/shopify/admin-graphql.server";

type OrderNode = { id: string; updatedAt: string } & Record<string, unknown>;

export type AdminCall = { shop: string; operation: string; variables: Record<string, unknown> };

export class ShopifyAdminFake {
  private readonly orders = new Map<string, OrderNode[]>();
  readonly calls: AdminCall[] = [];
  /** Answer the next N calls with Shopify's THROTTLED error. */
  throttleNext = 0;

  putOrder(shop: string, node: OrderNode) {
    const list = this.orders.get(shop) ?? [];
    const index = list.findIndex((existing) => existing.id === node.id);
    if (index >= 0) list[index] = node;
    else list.push(node);
    this.orders.set(shop, list);
  }

  /** An AdminGraphql bound to one shop, as the app's factory hands out. */
  clientFor(shop: string): AdminGraphql {
    return async <T,>(query: string, variables: Record<string, unknown> = {}) =>
      this.handle(shop, query, variables) as GraphqlResponse<T>;
  }

  private handle(shop: string, query: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
    this.calls.push({ shop, operation, variables });
    if (this.throttleNext > 0) {
      this.throttleNext -= 1;
      return {
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
        extensions: { cost: { requestedQueryCost: 52, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 10, restoreRate: 100 } } },
      };
    }
    if (operation === "RecentOrders") return this.recentOrders(shop, variables);
    if (operation === "PastOrdersCount" || operation === "PastOrders") return this.pastOrders(shop, operation, variables);
    return { errors: [{ message: `The Shopify fake does not know the operation ${operation}` }] };
  }

  private recentOrders(shop: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const filter = String(variables.query ?? "");
    const match = /^updated_at:>='([^']+)'$/.exec(filter);
    if (!match || Number.isNaN(Date.parse(match[1]))) {
      return { errors: [{ message: `Invalid search query: ${filter}` }] };
    }
    const since = Date.parse(match[1]);
    const all = (this.orders.get(shop) ?? [])
      .filter((order) => Date.parse(order.updatedAt) >= since)
      .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
    const start = variables.after ? Number(variables.after) : 0;
    const nodes = all.slice(start, start + 50);
    const end = start + nodes.length;
    return {
      data: { orders: { nodes, pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? String(end) : null } } },
      extensions: { cost: { requestedQueryCost: 52, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1948, restoreRate: 100 } } },
    };
  }

  // ---- "Send past orders" (app/domain/backfill): ordersCount and orders by creation date ----

  private pastOrders(shop: string, operation: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const filter = String(variables.query ?? "");
    const match = /^created_at:>='([^']+)' created_at:<='([^']+)'$/.exec(filter);
    if (!match || Number.isNaN(Date.parse(match[1])) || Number.isNaN(Date.parse(match[2]))) {
      return { errors: [{ message: `Invalid search query: ${filter}` }] };
    }
    const [from, to] = [Date.parse(match[1]), Date.parse(match[2])];
    const all = (this.orders.get(shop) ?? [])
      .filter((order) => {
        const created = Date.parse(String(order.createdAt));
        return created >= from && created <= to;
      })
      .sort((a, b) => Date.parse(String(a.createdAt)) - Date.parse(String(b.createdAt)));
    const cost = { requestedQueryCost: 52, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1948, restoreRate: 100 } };
    if (operation === "PastOrdersCount") {
      const limit = typeof variables.limit === "number" ? variables.limit : 10_000;
      const count = Math.min(all.length, limit);
      return { data: { ordersCount: { count, precision: all.length > limit ? "AT_LEAST" : "EXACT" } }, extensions: { cost } };
    }
    const start = variables.after ? Number(variables.after) : 0;
    const nodes = all.slice(start, start + 50);
    const end = start + nodes.length;
    return {
      data: { orders: { nodes, pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? String(end) : null } } },
      extensions: { cost },
    };
  }
}
