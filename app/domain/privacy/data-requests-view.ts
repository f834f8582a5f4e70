/** The Customer data requests page's view model: each request, what it is about and where it stands. Pure. */
import { formatDateTime } from "~/domain/admin/format";
import type { CustomerDataRequest } from "~/models/customer-data-request.server";
import { readRequestedOrderIds } from "./customer-match";
import { DATA_REQUESTS_PATH } from "./data-request-place";

export type DataRequestStatus = "new" | "downloaded" | "redacted";

export function toDataRequestView(request: CustomerDataRequest, timeZone: string | null) {
  const status: DataRequestStatus = request.redactedAt ? "redacted" : request.downloadedAt ? "downloaded" : "new";
  const ordersNamed = readRequestedOrderIds(request).length;
  const href = (format: "json" | "text") => `${DATA_REQUESTS_PATH}/${encodeURIComponent(request.id)}/download?format=${format}`;
  return {
    id: request.id,
    receivedAt: formatDateTime(request.receivedAt, timeZone),
    shopifyRequestId: request.shopifyRequestId,
    customer:
      request.email ??
      request.phone ??
      (request.redactedAt ? "Erased" : request.shopifyCustomerId ? `Shopify customer ${request.shopifyCustomerId}` : "Not named"),
    ordersNamed,
    status,
    statusText:
      status === "redacted"
        ? `Shopify later asked to erase this customer's data (${formatDateTime(request.redactedAt, timeZone)}); the app no longer holds it, so there is nothing to download. Tell the customer their data was erased.`
        : status === "downloaded"
          ? `Downloaded ${formatDateTime(request.downloadedAt, timeZone)}. Send the file to the customer if you have not yet.`
          : "Not downloaded yet. Download the file and send it to the customer.",
    downloads: status === "redacted" ? null : { json: href("json"), text: href("text") },
  };
}

export type DataRequestView = ReturnType<typeof toDataRequestView>;
