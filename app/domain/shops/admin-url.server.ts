import { env } from "~/env.server";
import { isOfflineMode } from "~/offline-mode.server";

/**
 * Where to send a merchant who is outside the admin (e.g. back from HyperSKU's authorization page)
 * so the app opens inside their Shopify admin again. Offline there is no admin: the app's own
 * embedded URL is used, and the App Bridge stand-in supplies the session token.
 */
export function getEmbeddedAppUrl(shop: string, path: string, params: Record<string, string> = {}): string {
  const storeName = shop.replace(/\.myshopify\.com$/, "");
  const query = new URLSearchParams(params);
  if (isOfflineMode()) {
    query.set("embedded", "1");
    query.set("shop", shop);
    query.set("host", Buffer.from(`admin.shopify.com/store/${storeName}`).toString("base64"));
    return `${env.SHOPIFY_APP_URL}${path}?${query}`;
  }
  const suffix = query.size > 0 ? `?${query}` : "";
  return `https://admin.shopify.com/store/${storeName}/apps/${env.SHOPIFY_API_KEY}${path}${suffix}`;
}
