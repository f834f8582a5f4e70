/**
 * Keeps the stored shop name (sent to HyperSKU as `storeName`) equal to the one in Shopify: read at
 * install and again by every reconciliation run, so a rename reaches the next order within minutes.
 * Best effort: a failed read keeps the name already stored (or the handle) and is only logged,
 * because neither an install nor a reconciliation run may fail over a display name.
 */
import { fetchShopName } from "~/integrations/shopify/shop.server";
import { logger } from "~/logger.server";
import { saveShopName } from "~/models/shop.server";

export async function refreshShopName(shop: string): Promise<void> {
  try {
    const name = await fetchShopName(shop);
    if (name && (await saveShopName(shop, name))) logger.info({ shop }, "shop name updated from Shopify");
  } catch (error) {
    logger.warn({ shop, err: error instanceof Error ? error.message : String(error) }, "could not read the shop's name from Shopify");
  }
}
