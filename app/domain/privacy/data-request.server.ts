/**
 * customers/data_request: the merchant must be able to hand a customer the data the app holds
 * about them. Each request is recorded once (CustomerDataRequest) and listed on the Customer data
 * requests page (Settings links there), where the merchant downloads the export, built from what
 * is stored at that moment. The request is also noted on the customer's orders (without personal
 * data), saying where to find it. Nothing personal goes to the logs.
 */
import { logger } from "~/logger.server";
import {
  ensureCustomerDataRequest,
  findShopCustomerDataRequest,
  markCustomerDataRequestDownloaded,
} from "~/models/customer-data-request.server";
import { listOrdersWithHistory, readSnapshot, type OrderFilter } from "~/models/order.server";
import { recordOrderEvent } from "~/models/order-event.server";
import { buildCustomerDataExport, renderCustomerDataText, type StoredOrder } from "./customer-data-export";
import { isSubjectsOrder, normaliseEmail, normalisePhone, subjectOfRequest, type DataSubject } from "./customer-match";
import { DATA_REQUESTS_PLACE } from "./data-request-place";

/**
 * The orders that may be the subject's, narrowed by the database on exact keys (the ids Shopify
 * lists, the customer id, the e-mail and phone search columns); isSubjectsOrder then checks each
 * against its snapshot.
 */
function candidateOrdersWhere(shop: string, subject: DataSubject): OrderFilter {
  const any: OrderFilter[] = [];
  if (subject.orderIds.length > 0) any.push({ shopifyOrderId: { in: [...subject.orderIds] } });
  const email = normaliseEmail(subject.email);
  if (email) any.push({ customerEmail: email });
  const phone = normalisePhone(subject.phone);
  if (phone) any.push({ customerPhone: phone });
  if (subject.customerId) any.push({ shopifyCustomerId: subject.customerId });
  return any.length > 0 ? { shop, OR: any } : { shop, id: "-" };
}

/** The shop's orders that are the subject's (exact matches only), with their timelines and parcels. */
export async function listSubjectsOrders(shop: string, subject: DataSubject): Promise<StoredOrder[]> {
  const candidates = await listOrdersWithHistory(candidateOrdersWhere(shop, subject));
  return candidates.filter((order) => {
    const snapshot = readSnapshot(order);
    return isSubjectsOrder(
      { shopifyOrderId: order.shopifyOrderId, customerId: snapshot.customerId, email: snapshot.email, phone: snapshot.phone },
      subject,
    );
  });
}

/**
 * Records the request (once per Shopify request id) and notes it on each of the customer's orders;
 * returns how many orders the app holds for them (0 for a repeat).
 */
export async function recordCustomerDataRequest(shop: string, subject: DataSubject, requestId: string | null): Promise<number> {
  const { created } = await ensureCustomerDataRequest({
    shop,
    shopifyRequestId: requestId,
    shopifyCustomerId: subject.customerId,
    email: subject.email,
    phone: subject.phone,
    shopifyOrderIds: subject.orderIds,
  });
  if (!created) return 0;
  const orders = await listSubjectsOrders(shop, subject);
  for (const order of orders) {
    await recordOrderEvent(order.id, {
      kind: "privacy",
      outcome: "data_requested",
      message:
        `Shopify asked for the data this app stores about this order's customer${requestId ? ` (request ${requestId})` : ""}. ` +
        `Download it in this app under ${DATA_REQUESTS_PLACE} and send it to the customer.`,
      data: { requestId },
    });
  }
  logger.info({ shop, orders: orders.length, requestId }, "customer data request recorded");
  return orders.length;
}

export type DownloadFormat = "json" | "text";

export const parseDownloadFormat = (value: string | null): DownloadFormat | null =>
  value === "json" || value === "text" ? value : value === null ? "json" : null;

export type CustomerDataDownload =
  { kind: "not_found" } | { kind: "redacted"; redactedAt: Date } | { kind: "file"; fileName: string; contentType: string; body: string };

/** The export of one of the shop's requests, in the format asked for; marks the request downloaded. */
export async function downloadCustomerData(
  shop: string,
  id: string,
  format: DownloadFormat,
  now = new Date(),
): Promise<CustomerDataDownload> {
  const request = await findShopCustomerDataRequest(shop, id);
  if (!request) return { kind: "not_found" };
  if (request.redactedAt) return { kind: "redacted", redactedAt: request.redactedAt };
  const orders = await listSubjectsOrders(shop, subjectOfRequest(request));
  const data = buildCustomerDataExport({ shop, request, orders, generatedAt: now });
  await markCustomerDataRequestDownloaded(shop, id, now);
  const name = `customer-data-${(request.shopifyRequestId ?? request.id).replace(/[^\w-]/g, "_")}`;
  return format === "json"
    ? { kind: "file", fileName: `${name}.json`, contentType: "application/json; charset=utf-8", body: `${JSON.stringify(data, null, 2)}\n` }
    : { kind: "file", fileName: `${name}.txt`, contentType: "text/plain; charset=utf-8", body: renderCustomerDataText(data) };
}
