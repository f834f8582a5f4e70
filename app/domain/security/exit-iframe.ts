/**
 * Guard for the open redirect in shopify-app-remix 4.2.1: its `/auth/exit-iframe` page sends the
 * browser to any https URL given in `exitIframe`. We allow only the app's own origin, the Shopify
 * admin and a shop's own admin. Everything else is refused before the library sees it.
 */
const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i;

export function isAllowedExitIframeDestination(destination: string | null, appUrl: string): boolean {
  if (!destination || /\s/.test(destination) || destination.startsWith("//")) return false;
  let url: URL;
  try {
    url = new URL(destination, appUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.origin === new URL(appUrl).origin) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  if (url.hostname === "admin.shopify.com") return true;
  return SHOP_HOST.test(url.hostname) && (url.pathname === "/admin" || url.pathname.startsWith("/admin/"));
}
