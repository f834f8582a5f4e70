/**
 * The Admin GraphQL operations for fulfillments: read an order's fulfillment orders (what is still
 * to fulfil, where, on hold or not) and its fulfillments; create a fulfillment (`fulfillmentCreate`,
 * not the deprecated V2); update a fulfillment's tracking (`fulfillmentTrackingInfoUpdate`).
 *
 * Needs `read_orders`, `read_merchant_managed_fulfillment_orders` and
 * `write_merchant_managed_fulfillment_orders`. With only the merchant-managed scopes, Shopify lists
 * only merchant-managed fulfillment orders: items handled by a fulfillment service never appear.
 *
 * Answers are parsed here (zod); `userErrors` come back as values, transport and GraphQL errors
 * (throttling included, with the wait read from the cost extension) as ShopifyGraphqlError from
 * adminQuery.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";
import { type FulfillmentOrderView, fulfillmentOrdersSchema, isTruncated, toFulfillmentOrderViews } from "./fulfillment-orders";

export type { FulfillmentOrderView } from "./fulfillment-orders";

/**
 * Sizes that keep the read within Shopify's 1000 points for one query (the contract test prices it):
 * five fulfillment orders (one per location the order ships from) of 50 lines each. An order beyond
 * them says so (`truncated`) rather than being routed or fulfilled on part of its lines.
 */
const MAX_FULFILLMENT_ORDERS = 5;
const MAX_FULFILLMENT_ORDER_LINES = 50;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const ORDER_FULFILLMENT_ORDERS_QUERY = `#graphql
query OrderFulfillmentOrders($id: ID!) {
  order(id: $id) {
    id
    fulfillmentOrders(first: ${MAX_FULFILLMENT_ORDERS}) {
      nodes {
        id
        status
        assignedLocation { name location { id } }
        fulfillmentHolds { reason reasonNotes }
        lineItems(first: ${MAX_FULFILLMENT_ORDER_LINES}) {
          nodes { id totalQuantity remainingQuantity lineItem { id } }
          pageInfo { hasNextPage }
        }
      }
      pageInfo { hasNextPage }
    }
    fulfillments(first: 20) {
      id
      status
      trackingInfo(first: 5) { company number url }
    }
  }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const FULFILLMENT_CREATE_MUTATION = `#graphql
mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment {
      id
      status
      trackingInfo(first: 10) { company number url }
    }
    userErrors { field message }
  }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const FULFILLMENT_TRACKING_UPDATE_MUTATION = `#graphql
mutation FulfillmentTrackingInfoUpdate($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {
  fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: $notifyCustomer) {
    fulfillment {
      id
      trackingInfo(first: 10) { company number url }
    }
    userErrors { field message }
  }
}`;

const trackingInfoSchema = z.looseObject({ company: z.string().nullish(), number: z.string().nullish(), url: z.string().nullish() });

const orderFulfillmentSchema = z.looseObject({
  order: z
    .looseObject({
      id: z.string(),
      fulfillmentOrders: fulfillmentOrdersSchema,
      fulfillments: z.array(z.looseObject({ id: z.string(), status: z.string(), trackingInfo: z.array(trackingInfoSchema).nullish() })),
    })
    .nullable(),
});

const userErrorsSchema = z.array(z.looseObject({ field: z.array(z.string()).nullish(), message: z.string() }));

const createSchema = z.looseObject({
  fulfillmentCreate: z
    .looseObject({ fulfillment: z.looseObject({ id: z.string(), status: z.string().nullish() }).nullish(), userErrors: userErrorsSchema })
    .nullable(),
});

const updateSchema = z.looseObject({
  fulfillmentTrackingInfoUpdate: z
    .looseObject({ fulfillment: z.looseObject({ id: z.string() }).nullish(), userErrors: userErrorsSchema })
    .nullable(),
});

export type LineItemsByFulfillmentOrder = {
  fulfillmentOrderId: string;
  fulfillmentOrderLineItems: { id: string; quantity: number }[];
}[];

type ShopifyFulfillment = {
  id: string;
  status: string;
  tracking: { company: string | null; number: string | null; url: string | null }[];
};

export type OrderFulfillmentState = {
  orderId: string;
  /** More fulfillment orders, or lines in one, than the read holds: what is listed is not all. */
  truncated: boolean;
  fulfillmentOrders: FulfillmentOrderView[];
  fulfillments: ShopifyFulfillment[];
};

export type UserError = { field: string[] | null; message: string };

export type MutationResult = { ok: true; fulfillmentId: string } | { ok: false; userErrors: UserError[] };

export type TrackingInfoInput = { company?: string; number?: string; url?: string };

export const orderGid = (shopifyOrderId: string) => `gid://shopify/Order/${shopifyOrderId}`;

function parse<T>(schema: z.ZodType<T>, data: unknown, operation: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ShopifyGraphqlError(`Shopify's answer to ${operation} had an unexpected shape`, false);
  return parsed.data;
}

/** The order's fulfillment orders and fulfillments; null when Shopify has no such order. */
export async function getOrderFulfillmentState(shop: string, orderId: string): Promise<OrderFulfillmentState | null> {
  const data = parse(
    orderFulfillmentSchema,
    await adminQuery(shop, ORDER_FULFILLMENT_ORDERS_QUERY, { id: orderId }),
    "OrderFulfillmentOrders",
  );
  if (!data.order) return null;
  return {
    orderId: data.order.id,
    truncated: isTruncated(data.order.fulfillmentOrders),
    fulfillmentOrders: toFulfillmentOrderViews(data.order.fulfillmentOrders),
    fulfillments: data.order.fulfillments.map((fulfillment) => ({
      id: fulfillment.id,
      status: fulfillment.status,
      tracking: (fulfillment.trackingInfo ?? []).map((info) => ({
        company: info.company ?? null,
        number: info.number ?? null,
        url: info.url ?? null,
      })),
    })),
  };
}

export async function createFulfillment(
  shop: string,
  input: { lineItemsByFulfillmentOrder: LineItemsByFulfillmentOrder; trackingInfo: TrackingInfoInput; notifyCustomer: boolean },
): Promise<MutationResult> {
  const fulfillment = {
    lineItemsByFulfillmentOrder: input.lineItemsByFulfillmentOrder,
    trackingInfo: input.trackingInfo,
    notifyCustomer: input.notifyCustomer,
  };
  const data = parse(createSchema, await adminQuery(shop, FULFILLMENT_CREATE_MUTATION, { fulfillment }), "fulfillmentCreate");
  const payload = data.fulfillmentCreate;
  if (!payload) throw new ShopifyGraphqlError("Shopify answered fulfillmentCreate without a result", false);
  if (payload.userErrors.length > 0 || !payload.fulfillment) {
    return { ok: false, userErrors: payload.userErrors.map((e) => ({ field: e.field ?? null, message: e.message })) };
  }
  return { ok: true, fulfillmentId: payload.fulfillment.id };
}

export async function updateFulfillmentTracking(
  shop: string,
  input: { fulfillmentId: string; trackingInfo: TrackingInfoInput; notifyCustomer: boolean },
): Promise<MutationResult> {
  const data = parse(
    updateSchema,
    await adminQuery(shop, FULFILLMENT_TRACKING_UPDATE_MUTATION, {
      fulfillmentId: input.fulfillmentId,
      trackingInfoInput: input.trackingInfo,
      notifyCustomer: input.notifyCustomer,
    }),
    "fulfillmentTrackingInfoUpdate",
  );
  const payload = data.fulfillmentTrackingInfoUpdate;
  if (!payload) throw new ShopifyGraphqlError("Shopify answered fulfillmentTrackingInfoUpdate without a result", false);
  if (payload.userErrors.length > 0 || !payload.fulfillment) {
    return { ok: false, userErrors: payload.userErrors.map((e) => ({ field: e.field ?? null, message: e.message })) };
  }
  return { ok: true, fulfillmentId: payload.fulfillment.id };
}

export const describeUserErrors = (errors: UserError[]) =>
  errors.length > 0 ? errors.map((e) => e.message).join(" ") : "Shopify gave no reason.";
