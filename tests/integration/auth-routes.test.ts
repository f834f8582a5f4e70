import { loader as authLoader } from "~/routes/auth.$";
import { APP_URL } from "../support/shopify";

async function callAuth(url: string) {
  try {
    return await authLoader({ request: new Request(url), params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function exitIframe(destination: string | null): string {
  const query = new URLSearchParams({ shop: "test-shop.myshopify.com" });
  if (destination !== null) query.set("exitIframe", destination);
  return `${APP_URL}/auth/exit-iframe?${query}`;
}

// shopify-app-remix 4.x sent the browser to any https URL given in `exitIframe` (an open redirect
// the app used to guard by hand); since 6.x the library refuses it, and these cases prove it.
describe("auth.$ exit-iframe", () => {
  it.each([
    "https://evil.example/",
    "//evil.example/",
    "https://admin.shopify.com.evil.example/",
    "https://test-shop.myshopify.com/products/x",
    "https://test-shop.myshopify.com.evil.example/admin",
    "http://admin.shopify.com/store/x",
    "https://admin.shopify.com:8443/store/x",
    "javascript:alert(1)",
    "https://evil.example/ https://admin.shopify.com",
    "",
    null,
  ])("answers 400 and never names the destination for %s", async (destination) => {
    const response = (await callAuth(exitIframe(destination))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    if (destination) expect(await response.text()).not.toContain(destination);
  });

  it.each([
    "https://admin.shopify.com/store/test-shop/apps/hypersku",
    "https://test-shop.myshopify.com/admin",
    "https://test-shop.myshopify.com/admin/orders/1",
    `${APP_URL}/hypersku/authorize?state=abc`,
    "/app/settings",
  ])("lets the library render the exit page for %s", async (destination) => {
    const response = (await callAuth(exitIframe(destination))) as Response;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(JSON.stringify(new URL(destination, APP_URL).href));
  });
});
