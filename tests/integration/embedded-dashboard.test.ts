import { createBuildHandler } from "../support/build";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { networkCalls } from "../support/network";
import { APP_URL, BASE64_HOST, BROWSER_USER_AGENT, createEmbeddedRequest, createSessionToken, TEST_SHOP } from "../support/shopify";

const handle = await createBuildHandler();

beforeEach(resetDatabase);

describe("embedded admin", () => {
  it("renders the dashboard for a valid id_token without any network call", async () => {
    await createSession({ shop: TEST_SHOP });
    networkCalls.length = 0;

    const response = await handle(await createEmbeddedRequest("/app"));

    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Dashboard");
    expect(html).toContain(TEST_SHOP);
    // Offline mode: the page loads the local App Bridge stand-in instead of Shopify's CDN.
    expect(html).toContain("/offline/app-bridge.js");
    expect(html).not.toContain("cdn.shopify.com/shopifycloud/app-bridge.js");
    expect(networkCalls).toEqual([]);
  });

  it("sends a request without a session token to the bounce page, not to the dashboard", async () => {
    const response = await handle(
      new Request(`${APP_URL}/app?embedded=1&shop=${TEST_SHOP}&host=${BASE64_HOST}`, {
        headers: { "User-Agent": BROWSER_USER_AGENT },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/auth/session-token");
  });

  it("rejects an expired session token", async () => {
    await createSession({ shop: TEST_SHOP });
    const request = await createEmbeddedRequest("/app");
    const url = new URL(request.url);
    url.searchParams.set("id_token", await createSessionToken(TEST_SHOP, { expiresInSeconds: -600 }));
    const response = await handle(new Request(url, { headers: request.headers }));
    expect(response.status).not.toBe(200);
  });
});
