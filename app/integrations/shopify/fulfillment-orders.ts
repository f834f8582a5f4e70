/**
 * An order's fulfillment orders as Admin GraphQL gives them (the `fulfillmentOrders` connection),
 * parsed into the view routing and fulfilment plan with. Pure, so tools that read a saved order
 * (the preview command) parse them the same way the app does.
 */
import { z } from "zod";

const fulfillmentOrderNodeSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  assignedLocation: z.looseObject({ name: z.string().nullish(), location: z.looseObject({ id: z.string() }).nullish() }).nullish(),
  fulfillmentHolds: z.array(z.looseObject({ reason: z.string(), reasonNotes: z.string().nullish() })).nullish(),
  lineItems: z.looseObject({
    pageInfo: z.looseObject({ hasNextPage: z.boolean() }).nullish(),
    nodes: z.array(
      z.looseObject({
        id: z.string(),
        totalQuantity: z.number(),
        remainingQuantity: z.number(),
        lineItem: z.looseObject({ id: z.string() }),
      }),
    ),
  }),
});

export const fulfillmentOrdersSchema = z.looseObject({
  nodes: z.array(fulfillmentOrderNodeSchema),
  pageInfo: z.looseObject({ hasNextPage: z.boolean() }).nullish(),
});

/** Whether Shopify had more fulfillment orders, or more lines in one, than the read asked for. */
export function isTruncated(connection: z.output<typeof fulfillmentOrdersSchema>): boolean {
  return Boolean(connection.pageInfo?.hasNextPage) || connection.nodes.some((node) => Boolean(node.lineItems.pageInfo?.hasNextPage));
}

type FulfillmentOrderLine = {
  /** FulfillmentOrderLineItem GID. */
  id: string;
  /** The Shopify line item id, numeric as in storeOrderLineItemId. */
  lineItemId: string;
  totalQuantity: number;
  remainingQuantity: number;
};

export type FulfillmentOrderView = {
  id: string;
  /** OPEN | IN_PROGRESS | ON_HOLD | SCHEDULED | CLOSED | CANCELLED | INCOMPLETE */
  status: string;
  locationId: string | null;
  locationName: string | null;
  holds: { reason: string; reasonNotes: string | null }[];
  lineItems: FulfillmentOrderLine[];
};

/** `gid://shopify/LineItem/123` -> "123". */
const numericId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

export function toFulfillmentOrderViews(connection: z.output<typeof fulfillmentOrdersSchema>): FulfillmentOrderView[] {
  return connection.nodes.map((node) => ({
    id: node.id,
    status: node.status,
    locationId: node.assignedLocation?.location?.id ?? null,
    locationName: node.assignedLocation?.name ?? null,
    holds: (node.fulfillmentHolds ?? []).map((hold) => ({ reason: hold.reason, reasonNotes: hold.reasonNotes ?? null })),
    lineItems: node.lineItems.nodes.map((line) => ({
      id: line.id,
      lineItemId: numericId(line.lineItem.id),
      totalQuantity: line.totalQuantity,
      remainingQuantity: line.remainingQuantity,
    })),
  }));
}
