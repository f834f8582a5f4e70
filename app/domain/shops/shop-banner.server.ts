/**
 * The banner every app page shows when the merchant must act before orders can flow again.
 * Read on every page load: one primary-key lookup, no write.
 */
import { describeReconnectReason, parseHyperskuStatus } from "~/domain/connection/status";
import { getShop } from "~/models/shop.server";

export type ShopBanner = { title: string; message: string; action: string } | null;

export async function getShopBanner(shop: string): Promise<ShopBanner> {
  const record = await getShop(shop);
  if (parseHyperskuStatus(record?.hyperskuStatus) !== "reconnect_needed") return null;
  return {
    title: "Reconnect HyperSKU",
    message: `${describeReconnectReason(record?.hyperskuStatusReason)} New orders are held safely and will be sent once you reconnect.`,
    action: "Reconnect HyperSKU",
  };
}
