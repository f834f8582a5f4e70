/**
 * "Send now" and "Retry" on several orders at once (the orders list's bulk actions, the
 * dashboard's "Retry failed orders"). Each order goes through the single-order action, which
 * re-checks it and can never send it twice; ids of another shop are ignored.
 */
import { retryOrder, sendOrderNow } from "~/domain/orders/order-actions.server";
import { filterShopOrderIds } from "~/models/admin-orders.server";
import { listFailedOrderIds } from "~/models/order.server";

export const BULK_LIMIT = 250;

/**
 * One outcome: `message` says it all in a line (a toast); `headline` and `refused` (every order not
 * acted on, with why) make the banner shown when any was refused.
 */
export type BulkResult = { ok: boolean; message: string; headline: string; done: number; refused: { name: string; message: string }[] };

function summarize(verb: string, done: number, refused: BulkResult["refused"]): BulkResult {
  const parts: string[] = [];
  if (done > 0) parts.push(`${done} ${done === 1 ? "order is" : "orders are"} ${verb}`);
  if (refused.length > 0) {
    const first = refused[0];
    parts.push(
      `${refused.length} could not be: ${first.name}: ${first.message}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ""}`,
    );
  }
  const headline = done > 0 ? parts[0] : refused.length > 0 ? `No order could be ${verb.replace(/^being /, "")}` : "No order was selected.";
  return { ok: done > 0 && refused.length === 0, message: parts.join("; ") || "No order was selected.", headline, done, refused };
}

export async function runBulkOrderAction(shop: string, action: "send" | "retry", ids: string[]): Promise<BulkResult> {
  const unique = [...new Set(ids)].slice(0, BULK_LIMIT);
  const orders = await filterShopOrderIds(shop, unique);
  const act = action === "send" ? sendOrderNow : retryOrder;
  let done = 0;
  const refused: BulkResult["refused"] = [];
  for (const order of orders) {
    const result = await act(shop, order.id);
    if (result.ok) done += 1;
    else refused.push({ name: order.name, message: result.message });
  }
  return summarize(action === "send" ? "being sent to HyperSKU" : "being retried", done, refused);
}

/** The dashboard's one-click fix: retry the shop's failed orders, oldest first, up to the limit. */
export async function retryFailedOrders(shop: string, limit = BULK_LIMIT): Promise<BulkResult> {
  const failed = await listFailedOrderIds(shop, limit);
  return runBulkOrderAction(
    shop,
    "retry",
    failed.map((order) => order.id),
  );
}
