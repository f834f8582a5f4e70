// Loaded with `node --import` into an offline app process by the admin journeys: the app's Admin
// GraphQL calls (https://<shop>/admin/api/<version>/graphql.json) go to the test's Shopify Admin
// fake, served at TEST_SHOPIFY_ADMIN_URL, instead of Shopify. Installed before the app is imported,
// since @shopify/shopify-api keeps the fetch it finds at import time. Tests only.
const target = process.env.TEST_SHOPIFY_ADMIN_URL;
if (target) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof globalThis.Request ? input.url : String(input));
    if (!/^\/admin\/api\/[^/]+\/graphql\.json$/.test(url.pathname)) return realFetch(input, init);
    const body = init?.body ?? (input instanceof globalThis.Request ? await input.text() : undefined);
    return realFetch(`${target}/graphql/${encodeURIComponent(url.hostname)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
  };
}
