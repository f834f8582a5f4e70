/**
 * The banner every app page shows when the merchant must act before orders can flow again.
 * Read on every page load: one primary-key lookup, no write (and, only while HyperSKU is not
 * connected, one indexed count of the held orders).
 */
import { describeReconnectReason, parseHyperskuStatus } from "~/models/connection-status";
import { formatCount } from "~/domain/admin/format";
import { countHeldOrders } from "~/models/order.server";
import { getShop } from "~/models/shop.server";

/** `firstRun`: HyperSKU was never connected and the dashboard's setup guide says so instead (issue 19). */
export type ShopBanner = { title: string; message: string; action: string; firstRun: boolean } | null;

export async function getShopBanner(shop: string): Promise<ShopBanner> {
  const record = await getShop(shop);
  const status = parseHyperskuStatus(record?.hyperskuStatus);
  if (status === "reconnect_needed") {
    return {
      title: "Reconnect HyperSKU",
      message: `${describeReconnectReason(record?.hyperskuStatusReason)} New orders are held safely and will be sent once you reconnect.`,
      action: "Reconnect HyperSKU",
      firstRun: false,
    };
  }
  if (status !== "not_connected") return null;
  // Not connected with orders waiting (after a reinstall, the orders kept while it was uninstalled).
  const held = await countHeldOrders(shop);
  if (held === 0) return null;
  return {
    title: "Connect HyperSKU",
    message: `${held === 1 ? "1 order is" : `${formatCount(held)} orders are`} held because HyperSKU is not connected. ${held === 1 ? "It is" : "They are"} sent once you connect.`,
    action: "Connect HyperSKU",
    firstRun: record?.setupGuideDismissedAt == null,
  };
}
