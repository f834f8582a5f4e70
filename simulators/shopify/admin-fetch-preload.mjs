// Loaded with `node --import` into an offline app process (demo mode, browser journeys): the app's
// Admin GraphQL calls (https://<shop>/admin/api/<version>/graphql.json) and token exchange
// (https://<shop>/admin/oauth/access_token) go to the Shopify Admin fake at SHOPIFY_ADMIN_FAKE_URL
// (simulators/shopify/admin-server.ts). Installed before the app is imported, because
// @shopify/shopify-api keeps the fetch it finds at import time. The app's env validation refuses
// SHOPIFY_ADMIN_FAKE_URL outside demo mode and tests.
const target = process.env.SHOPIFY_ADMIN_FAKE_URL;
if (target) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/admin/oauth/access_token") {
      // Token exchange (an install or reinstall as the embedded admin loads): answered by the fake too.
      const body = init?.body ?? (input instanceof Request ? await input.text() : undefined);
      return realFetch(`${target}/oauth/access_token/${encodeURIComponent(url.hostname)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body,
      });
    }
    if (!/^\/admin\/api\/[^/]+\/graphql\.json$/.test(url.pathname)) return realFetch(input, init);
    const body = init?.body ?? (input instanceof Request ? await input.text() : undefined);
    // The access token goes along, so a fake started with `checkAccessTokens` can check it.
    const token = new globalThis.Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
      "X-Shopify-Access-Token",
    );
    return realFetch(`${target}/graphql/${encodeURIComponent(url.hostname)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { "X-Shopify-Access-Token": token } : {}) },
      body,
    });
  };
}
