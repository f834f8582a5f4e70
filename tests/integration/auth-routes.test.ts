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

describe("auth.$ exit-iframe guard", () => {
  it("answers 400 to an exit-iframe request for another site", async () => {
    const response = await callAuth(
      `${APP_URL}/auth/exit-iframe?shop=test-shop.myshopify.com&exitIframe=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(400);
  });

  it("lets the library render the exit page for the Shopify admin", async () => {
    const destination = "https://admin.shopify.com/store/test-shop/apps/hypersku";
    const response = (await callAuth(
      `${APP_URL}/auth/exit-iframe?shop=test-shop.myshopify.com&exitIframe=${encodeURIComponent(destination)}`,
    )) as Response;
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(JSON.stringify(destination));
  });
});
