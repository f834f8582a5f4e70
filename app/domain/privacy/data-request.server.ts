/**
 * customers/data_request: the merchant must be able to hand a customer the data the app holds
 * about them. The app keeps no second copy for this: the request is noted on the customer's orders
 * (without personal data) and `exportCustomerData` builds the export from what is stored, whenever
 * the merchant asks for it. Nothing personal goes to the logs.
 */
import { logger } from "~/logger.server";
import { customerOrdersWhere, listOrderIdsMatching, listOrdersWithHistory, readSnapshot } from "~/models/order.server";
import { recordOrderEvent } from "~/models/order-event.server";
import type { CustomerSelector } from "~/models/order.server";

export type CustomerDataExport = {
  shop: string;
  generatedAt: string;
  orders: {
    shopifyOrderId: string;
    name: string;
    createdAt: string;
    contact: { email: string | null; phone: string | null };
    shippingAddress: unknown;
    items: { title: string; variantTitle: string | null; quantity: number; properties: { name: string; value: string }[] }[];
    sentToHypersku: { at: string | null; hyperskuOrderId: string | null; shippingAddress: unknown } | null;
    hyperskuStatus: string | null;
    parcels: { trackingCompany: string | null; trackingNumber: string | null; trackingUrl: string | null }[];
    timeline: { at: string; kind: string; message: string | null }[];
  }[];
};

/** Notes the request on each of the customer's orders; returns how many orders the app holds for them. */
export async function recordCustomerDataRequest(shop: string, selector: CustomerSelector, requestId: string | null): Promise<number> {
  const orders = await listOrderIdsMatching(customerOrdersWhere(shop, selector));
  for (const order of orders) {
    await recordOrderEvent(order.id, {
      kind: "privacy",
      outcome: "data_requested",
      message: `Shopify asked for the data this app stores about this order's customer${requestId ? ` (request ${requestId})` : ""}. Export it from the app and send it to the customer.`,
      data: { requestId },
    });
  }
  logger.info({ shop, orders: orders.length, requestId }, "customer data request recorded");
  return orders.length;
}

/** Everything the app stores about one customer of the shop, readable by a person. */
export async function exportCustomerData(shop: string, selector: CustomerSelector): Promise<CustomerDataExport> {
  const orders = await listOrdersWithHistory(customerOrdersWhere(shop, selector));
  return {
    shop,
    generatedAt: new Date().toISOString(),
    orders: orders.map((order) => {
      const snapshot = readSnapshot(order);
      const sent = order.sentRequest ? (JSON.parse(order.sentRequest) as { shippingAddress?: unknown }) : null;
      return {
        shopifyOrderId: order.shopifyOrderId,
        name: order.name,
        createdAt: order.shopifyCreatedAt.toISOString(),
        contact: { email: snapshot.email, phone: snapshot.phone },
        shippingAddress: snapshot.shippingAddress,
        items: snapshot.lineItems.map((item) => ({
          title: item.title,
          variantTitle: item.variantTitle,
          quantity: item.quantity,
          properties: item.properties,
        })),
        sentToHypersku: sent
          ? {
              at: order.sentAt?.toISOString() ?? null,
              hyperskuOrderId: order.hyperskuOrderId,
              shippingAddress: sent.shippingAddress ?? null,
            }
          : null,
        hyperskuStatus: order.hyperskuStatusDesc,
        parcels: order.parcels.map((parcel) => ({
          trackingCompany: parcel.trackingCompany,
          trackingNumber: parcel.trackingNumber,
          trackingUrl: parcel.trackingUrl,
        })),
        timeline: order.events.map((event) => ({ at: event.at.toISOString(), kind: event.kind, message: event.message })),
      };
    }),
  };
}
