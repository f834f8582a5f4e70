/**
 * Whether the app is installed on a shop, as Shopify itself says: it revokes the app's tokens for
 * the shop at the uninstall, so an Admin API call with the stored offline token is answered while
 * the app is installed and refused (401) once it is not. Unlike a webhook's headers, no sender can
 * forge that answer. Asked only when a signed app/uninstalled body cannot prove on its own that it
 * belongs to the current installation (app/domain/shops/uninstall.server.ts).
 */
import { HttpResponseError } from "@shopify/shopify-api";
import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import { ShopifyGraphqlError } from "./admin-graphql.server";
import { fetchShopDetails } from "./shop.server";

/** Shopify's answers that mean "this token no longer opens this shop": revoked (401), or the shop is gone (404). */
const NOT_INSTALLED_STATUSES = new Set([401, 404]);
/** How the library passes on a refresh token Shopify refused (shopify-app-remix helpers/refresh-token). */
const refusedRenewal = (error: HttpResponseError) =>
  error.response.code === 400 && (error.response.body as { error?: unknown } | undefined)?.error === "invalid_subject_token";
/** Throttling is per installation: a throttled call was made with a token Shopify accepted. */
const THROTTLED = 429;

/**
 * True when Shopify answers a call made with the shop's offline token; false when it refuses the
 * token, when no offline token is stored, or when the expired token could not be renewed. Throws
 * when Shopify could not be asked (network, 5xx): the caller lets the webhook be delivered again.
 */
export async function isAppInstalled(shop: string): Promise<boolean> {
  try {
    await fetchShopDetails(shop);
    return true;
  } catch (error) {
    // Any GraphQL-level answer (errors, throttling, an odd shape) came back with a 200: the token works.
    if (error instanceof ShopifyGraphqlError) return true;
    if (error instanceof HttpResponseError) {
      if (error.response.code === THROTTLED) return true;
      if (NOT_INSTALLED_STATUSES.has(error.response.code) || refusedRenewal(error)) return false;
      throw error;
    }
    if (error instanceof SessionNotFoundError) return false;
    // With expiring offline tokens the library renews an expired one before the call, and turns any
    // other failed renewal into a bare 500 Response (shopify-app-remix helpers/refresh-token). After an
    // uninstall the refresh token is revoked, so this is how most genuine uninstalls answer (tokens
    // last an hour); a Shopify outage during the renewal looks the same and is taken as uninstalled.
    if (error instanceof Response) return false;
    throw error;
  }
}
