/**
 * Keeps the stored shop name (sent to HyperSKU as `storeName`) and time zone (the admin's times are
 * shown in it) equal to Shopify's: read at install and again by every reconciliation run, so a
 * rename reaches the next order, and a changed zone the admin, within minutes.
 * Best effort: a failed read keeps what is already stored (the name, or the handle; the zone, or
 * UTC) and is only logged, because neither an install nor a reconciliation run may fail over them.
 */
import { fetchShopDetails } from "~/integrations/shopify/shop.server";
import { logger } from "~/logger.server";
import { saveShopName, saveShopTimezone } from "~/models/shop.server";

export async function refreshShopName(shop: string): Promise<void> {
  try {
    const { name, timezone } = await fetchShopDetails(shop);
    if (name && (await saveShopName(shop, name))) logger.info({ shop }, "shop name updated from Shopify");
    if (timezone && (await saveShopTimezone(shop, timezone))) logger.info({ shop, timezone }, "shop time zone updated from Shopify");
  } catch (error) {
    logger.warn({ shop, err: error instanceof Error ? error.message : String(error) }, "could not read the shop's name from Shopify");
  }
}
