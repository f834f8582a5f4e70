/**
 * How the preview learns where Shopify assigns an order's lines, in the view the app routes with
 * (FulfillmentOrderView, app/integrations/shopify/fulfillment-orders.ts; routing in route-lines.ts).
 *
 * - A file of fulfillment orders: Admin GraphQL's `fulfillmentOrders` connection (alone, on an order
 *   node, or in a whole response: what ORDER_FULFILLMENT_ORDERS_QUERY reads) or the REST answer
 *   `{fulfillment_orders: [...]}`. Holds and scheduled dates included.
 * - Else, for a REST order, each line's `fulfillment_service`: "manual" lines are the merchant's own,
 *   any other (a print-on-demand app, a 3PL) a fulfillment service's. The app never needs this: it
 *   reads the fulfillment orders from Shopify at send time, and Shopify shows it only the merchant's
 *   own, so a fulfillment service's lines never reach it. Same outcome, read from the payload.
 * Pure: parses what it is given.
 */
import { z } from "zod";
import { shippableQuantity } from "../../app/domain/orders/map-line-items";
import {
  type FulfillmentOrderView,
  fulfillmentOrdersSchema,
  isTruncated,
  toFulfillmentOrderViews,
} from "../../app/integrations/shopify/fulfillment-orders";
import type { ShopifyOrderSnapshot } from "../../app/models/order-snapshot";

type FulfillmentOrdersRead = { fulfillmentOrders: FulfillmentOrderView[]; truncated: boolean };

const restId = z.union([z.number(), z.string()]);

/** One fulfillment order as the REST Admin API answers `GET /orders/{id}/fulfillment_orders.json`. */
const restFulfillmentOrderSchema = z.looseObject({
  id: restId,
  status: z.string(),
  assigned_location_id: restId.nullish(),
  assigned_location: z.looseObject({ name: z.string().nullish(), location_id: restId.nullish() }).nullish(),
  fulfillment_holds: z.array(z.looseObject({ reason: z.string(), reason_notes: z.string().nullish() })).nullish(),
  line_items: z.array(z.looseObject({ id: restId, line_item_id: restId, quantity: z.number(), fulfillable_quantity: z.number() })),
});

const restFulfillmentOrdersSchema = z.looseObject({ fulfillment_orders: z.array(restFulfillmentOrderSchema) });

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** REST names statuses and hold reasons in lower case ("on_hold"); GraphQL, as the app reads them, in upper. */
function fromRest(order: z.output<typeof restFulfillmentOrderSchema>): FulfillmentOrderView {
  const location = order.assigned_location_id ?? order.assigned_location?.location_id ?? null;
  return {
    id: `gid://shopify/FulfillmentOrder/${order.id}`,
    status: order.status.toUpperCase(),
    locationId: location === null ? null : `gid://shopify/Location/${location}`,
    locationName: order.assigned_location?.name ?? null,
    holds: (order.fulfillment_holds ?? []).map((hold) => ({ reason: hold.reason.toUpperCase(), reasonNotes: hold.reason_notes ?? null })),
    lineItems: order.line_items.map((line) => ({
      id: `gid://shopify/FulfillmentOrderLineItem/${line.id}`,
      lineItemId: String(line.line_item_id),
      totalQuantity: line.quantity,
      remainingQuantity: line.fulfillable_quantity,
    })),
  };
}

/** The GraphQL connection wherever the file holds it: itself, on an order node, `{order}` or `{data: {order}}`. */
function graphqlConnectionOf(json: Record<string, unknown>): unknown {
  if ("nodes" in json) return json;
  const data = isObject(json.data) ? json.data : json;
  const order = isObject(data.order) ? data.order : data;
  return order.fulfillmentOrders;
}

function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "(top)"}: ${issue.message}` : "unreadable";
}

/** A file's fulfillment orders, or what is wrong with it in one sentence. */
export function parseFulfillmentOrdersFile(json: unknown): FulfillmentOrdersRead | { problem: string } {
  if (!isObject(json)) return { problem: "it must be a JSON object holding fulfillment orders" };
  if ("fulfillment_orders" in json) {
    const rest = restFulfillmentOrdersSchema.safeParse(json);
    if (!rest.success) return { problem: `it is not a REST fulfillment orders answer (${firstProblem(rest.error)})` };
    return { fulfillmentOrders: rest.data.fulfillment_orders.map(fromRest), truncated: false };
  }
  const connection = graphqlConnectionOf(json);
  if (connection === undefined) {
    return { problem: 'it holds neither "fulfillment_orders" (REST) nor a "fulfillmentOrders" connection (Admin GraphQL)' };
  }
  const graphql = fulfillmentOrdersSchema.safeParse(connection);
  if (!graphql.success) return { problem: `its fulfillmentOrders are not what the app reads (${firstProblem(graphql.error)})` };
  return { fulfillmentOrders: toFulfillmentOrderViews(graphql.data), truncated: isTruncated(graphql.data) };
}

/** The fulfillment orders an Admin GraphQL order node carries with their lines, or null. */
export function fulfillmentOrdersOfNode(node: unknown): FulfillmentOrdersRead | null {
  const parsed = fulfillmentOrdersSchema.safeParse((node as { fulfillmentOrders?: unknown } | null)?.fulfillmentOrders);
  return parsed.success ? { fulfillmentOrders: toFulfillmentOrderViews(parsed.data), truncated: isTruncated(parsed.data) } : null;
}

/** Line ids the fulfillment orders name that the order does not have (a file of another order's). */
export function foreignLineIds(read: FulfillmentOrdersRead, order: ShopifyOrderSnapshot): string[] {
  const own = new Set(order.lineItems.map((line) => line.id));
  const named = read.fulfillmentOrders.flatMap((fulfillmentOrder) => fulfillmentOrder.lineItems.map((line) => line.lineItemId));
  return [...new Set(named.filter((id) => !own.has(id)))];
}

export type ServiceRouting = FulfillmentOrdersRead & {
  /** Each line's `fulfillment_service` as the payload names it, by line item id. */
  services: ReadonlyMap<string, string>;
};

/** The service that means "the merchant's own locations" in a REST line. */
const MERCHANT_SERVICE = "manual";

/**
 * A REST order's lines routed by their `fulfillment_service`, as one open fulfillment order of the
 * merchant's (location unknown) holding the "manual" lines: a line in none is, for routeLine, a
 * fulfillment service's. Null when no line names its service (nothing to route by). A line that
 * does not name it while others do counts as the merchant's.
 */
export function routeByFulfillmentService(restOrder: unknown, order: ShopifyOrderSnapshot): ServiceRouting | null {
  const lines = (restOrder as { line_items?: unknown } | null)?.line_items;
  const services = new Map<string, string>();
  for (const line of Array.isArray(lines) ? lines : []) {
    if (!isObject(line) || (typeof line.id !== "number" && typeof line.id !== "string")) continue;
    if (typeof line.fulfillment_service === "string") services.set(String(line.id), line.fulfillment_service.trim());
  }
  if (services.size === 0) return null;
  const ours = order.lineItems.filter((line) => (services.get(line.id) ?? MERCHANT_SERVICE) === MERCHANT_SERVICE);
  const merchant: FulfillmentOrderView = {
    id: "fulfillment_service:manual",
    status: "OPEN",
    locationId: null,
    locationName: null,
    holds: [],
    lineItems: ours.map((line) => ({
      id: `fulfillment_service:manual:${line.id}`,
      lineItemId: line.id,
      totalQuantity: line.quantity,
      remainingQuantity: shippableQuantity(line),
    })),
  };
  return { fulfillmentOrders: [merchant], truncated: false, services };
}
