/**
 * The shop's HyperSKU call health as the dashboard shows it, and "Retry failed orders" with the
 * outage said in its answer (decision 0024): retried orders wait like the others until HyperSKU answers.
 */
import { getCallHealth } from "~/domain/connection/health";
import { getWaitingSends } from "~/models/admin-orders.server";
import { getCallHealthRecord } from "~/models/hypersku-connection.server";
import { getShopTimezone } from "~/models/shop.server";
import { retryFailedOrders, type BulkResult } from "./bulk-order-actions.server";
import { describeRetryDuringOutage, type WaitingSends } from "./dashboard-outage";
import { formatDateTime } from "./format";

/** Health, and when HyperSKU does not answer, the sends waiting for it (else none are read). */
export async function getOutageView(shop: string, timeZone: string | null, now = new Date()) {
  const health = getCallHealth(await getCallHealthRecord(shop), now, timeZone);
  let waiting: WaitingSends = { count: 0, nextTryText: "" };
  if (health.state !== "ok") {
    const sends = await getWaitingSends(shop);
    waiting = { count: sends.count, nextTryText: formatDateTime(sends.nextAttemptAt, timeZone) };
  }
  return { health, waiting };
}

export async function retryFailedOrdersFromDashboard(shop: string, now = new Date()): Promise<BulkResult> {
  const result = await retryFailedOrders(shop);
  const { health, waiting } = await getOutageView(shop, await getShopTimezone(shop), now);
  const outage = describeRetryDuringOutage(health, waiting);
  return outage ? { ...result, ok: false, message: outage } : result;
}
