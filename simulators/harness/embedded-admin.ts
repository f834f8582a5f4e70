/** What the Shopify admin hands an embedded app page: a browser's user agent, a session token, the iframe's URL. */
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { API_KEY, API_SECRET_KEY, APP_URL, TEST_SHOP } from "./offline-keys";

/** Browsers only: authenticate.admin answers 410 to bot user agents. */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** A session token (id_token) as the admin would mint it for the shop. */
export async function createSessionToken(shop = TEST_SHOP, options: { secret?: string; expiresInSeconds?: number } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  // getJwt takes the store name and appends .myshopify.com itself.
  const { token } = await getJwt(shop.replace(/\.myshopify\.com$/, ""), API_KEY, options.secret ?? API_SECRET_KEY, {
    exp: now + (options.expiresInSeconds ?? 3600),
  });
  return token;
}

/** The URL the Shopify admin opens inside its iframe for an embedded app page. */
export async function embeddedAppUrl(pathname: string, shop = TEST_SHOP, base = APP_URL): Promise<string> {
  const host = Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64");
  const params = new URLSearchParams({ embedded: "1", shop, host, id_token: await createSessionToken(shop) });
  return `${base}${pathname}?${params.toString()}`;
}
