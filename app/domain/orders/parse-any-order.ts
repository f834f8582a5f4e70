/**
 * Either Shopify shape, for tools that are handed "an order" (the preview command): a REST webhook
 * payload, `{order: ...}` as the REST API answers, an Admin GraphQL `Order` node, or a whole GraphQL
 * response `{data: {order: ...}}`.
 */
import { parseGraphqlOrder } from "./parse-graphql-order";
import { describeValue, failed, type ParseResult } from "./parse-result";
import { parseRestOrderWebhook } from "./parse-rest-order";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";

type OrderSource = "rest" | "graphql";

export type AnyOrderResult = ParseResult<ShopifyOrderSnapshot> & { source?: OrderSource };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function graphqlErrors(json: Record<string, unknown>): string | null {
  if (!Array.isArray(json.errors) || json.errors.length === 0) return null;
  return json.errors
    .map((error) => (isObject(error) && typeof error.message === "string" ? error.message : JSON.stringify(error)))
    .join("; ");
}

/** GraphQL nodes carry GIDs and camelCase connections; REST payloads carry numbers and snake_case. */
function looksLikeGraphql(order: Record<string, unknown>): boolean {
  return (typeof order.id === "string" && order.id.startsWith("gid://")) || "lineItems" in order || "legacyResourceId" in order;
}

export function parseAnyOrder(json: unknown): AnyOrderResult {
  if (!isObject(json)) {
    return failed({ path: "(order)", message: `must be an object with the order's fields (got ${describeValue(json)})` });
  }
  let order: Record<string, unknown> = json;
  if ("data" in json || "errors" in json) {
    const errors = graphqlErrors(json);
    if (errors) return failed({ path: "errors", message: `the GraphQL response reports errors: ${errors}` });
    const data = json.data;
    if (!isObject(data) || !isObject(data.order)) {
      return failed({ path: "data.order", message: "the GraphQL response holds no order (was the order id right?)" });
    }
    order = data.order;
  } else if (isObject(json.order)) {
    order = json.order;
  }
  if (looksLikeGraphql(order)) return { ...parseGraphqlOrder(order), source: "graphql" };
  return { ...parseRestOrderWebhook(order), source: "rest" };
}
