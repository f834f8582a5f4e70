/** Loads the Customer data requests page: the shop's requests, newest first, times in the shop's zone. */
import { listCustomerDataRequests } from "~/models/customer-data-request.server";
import { getShop } from "~/models/shop.server";
import { toDataRequestView } from "./data-requests-view";

export async function getDataRequestsView(shop: string) {
  const [requests, shopRecord] = await Promise.all([listCustomerDataRequests(shop), getShop(shop)]);
  return { requests: requests.map((request) => toDataRequestView(request, shopRecord?.timezone ?? null)) };
}
