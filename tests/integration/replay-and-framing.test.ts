/**
 * Two things a sender controls that must not decide anything, over HTTP against the production
 * build (`node server.js`), with the Shopify twin answering token exchange and Admin calls and
 * checking access tokens as Shopify does:
 *
 * - the headers of a webhook: Shopify signs the body only, so a shop's own app/uninstalled body
 *   captured at one uninstall and sent again with fresh headers (X-Shopify-Triggered-At included)
 *   after the merchant reinstalled still verifies. It must leave the reinstalled shop alone;
 * - the `?shop` of a page's address: who may frame a page follows the session token's shop.
 */
import { createHmac, randomUUID } from "node:crypto";
import prisma from "~/models/db/client.server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { startAppServer, type RunningApp, shopifyTwinEnv } from "../support/app-server";
import { installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { API_SECRET_KEY, BROWSER_USER_AGENT, createSessionToken, embeddedAppUrl, TEST_SHOP } from "../support/shopify";
import { buildShopPayload } from "../support/webhook-payloads";

const OTHER_SHOP = "other-shop.myshopify.com";

let shopifyServer: ShopifyAdminServer;
let app: RunningApp;
const shopify = new ShopifyAdminFake();

beforeAll(async () => {
  await resetDatabase();
  shopifyServer = await startShopifyAdminServer({ fake: shopify, apiSecret: API_SECRET_KEY, checkAccessTokens: true });
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, WORKER_MODE: "off", ...shopifyTwinEnv(shopifyServer.url) });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await shopifyServer?.close();
});

/** The embedded admin loading the app with a fresh session token: token exchange (an install or reinstall) when no session is stored. */
async function openAdmin(shop = TEST_SHOP) {
  const response = await fetch(await embeddedAppUrl("/app", shop, app.url), { headers: { "User-Agent": BROWSER_USER_AGENT } });
  await response.arrayBuffer();
  return response.status;
}

/** A delivery as it went over the wire: the raw body and Shopify's signature of it. */
type Captured = { raw: string; hmac: string };

const sign = (body: unknown): Captured => {
  const raw = JSON.stringify(body);
  return { raw, hmac: createHmac("sha256", API_SECRET_KEY).update(raw).digest("base64") };
};

/** Sends `captured` to the uninstall route with headers of the sender's choosing: new ids, triggered now. */
async function deliverUninstall({ raw, hmac }: Captured, shop = TEST_SHOP): Promise<number> {
  const response = await fetch(`${app.url}/webhooks/app/uninstalled`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": "app/uninstalled",
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": hmac,
    },
    body: raw,
  });
  await response.arrayBuffer();
  return response.status;
}

const shopRow = () => prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
const sessions = () => prisma.session.count({ where: { shop: TEST_SHOP } });

describe("a shop's own app/uninstalled body replayed with fresh headers", () => {
  beforeEach(async () => {
    await resetDatabase();
    shopifyServer.accessTokenChecks.length = 0;
  });

  it("after a reinstall leaves the shop installed: Shopify, asked, still accepts the app's token", { timeout: 60_000 }, async () => {
    expect(await openAdmin()).toBe(200);
    expect(await sessions()).toBe(1);
    // (The install itself reads the shop's name from Shopify.)
    shopifyServer.accessTokenChecks.length = 0;

    // The merchant changes something in the shop, then uninstalls: the body's updated_at is after the install.
    const captured = sign(buildShopPayload(TEST_SHOP, { updated_at: new Date().toISOString() }));
    expect(await deliverUninstall(captured)).toBe(200);
    expect((await shopRow()).uninstalledAt).not.toBeNull();
    expect(await sessions()).toBe(0);
    // That body proved itself: Shopify was not asked.
    expect(shopifyServer.accessTokenChecks).toEqual([]);

    // The merchant installs again.
    await new Promise((resolve) => setTimeout(resolve, 20)); // the reinstall comes strictly after the body's updated_at
    expect(await openAdmin()).toBe(200);
    const reinstalled = await shopRow();
    expect(reinstalled.uninstalledAt).toBeNull();
    expect(await sessions()).toBe(1);
    const checksBefore = shopifyServer.accessTokenChecks.length;

    // The captured body, sent again with fresh headers: it verifies, and changes nothing.
    expect(await deliverUninstall(captured)).toBe(200);
    expect(await shopRow()).toMatchObject({ uninstalledAt: null, installedAt: reinstalled.installedAt });
    expect(await sessions()).toBe(1);
    expect(shopifyServer.accessTokenChecks.slice(checksBefore)).toEqual([expect.objectContaining({ shop: TEST_SHOP, accepted: true })]);
    // The admin still opens without a new token exchange.
    const exchanges = shopifyServer.tokenExchanges.length;
    expect(await openAdmin()).toBe(200);
    expect(shopifyServer.tokenExchanges).toHaveLength(exchanges);
  });

  it(
    "a genuine uninstall of a shop unchanged since the install still uninstalls: Shopify refuses the revoked token",
    { timeout: 60_000 },
    async () => {
      // The shop was last changed before the app was installed.
      const body = sign(buildShopPayload(TEST_SHOP, { updated_at: new Date(Date.now() - 86_400_000).toISOString() }));
      expect(await openAdmin()).toBe(200);
      // Shopify revokes the app's token at the uninstall (the twin does not; this token is one it never issued).
      await createSession({ shop: TEST_SHOP, accessToken: "shpat_revoked_at_uninstall" });
      shopifyServer.accessTokenChecks.length = 0;

      expect(await deliverUninstall(body)).toBe(200);
      expect(shopifyServer.accessTokenChecks).toEqual([{ shop: TEST_SHOP, token: "shpat_revoked_at_uninstall", accepted: false }]);
      expect((await shopRow()).uninstalledAt).not.toBeNull();
      expect(await sessions()).toBe(0);
    },
  );
});

describe("who may frame a page", () => {
  beforeAll(async () => {
    await resetDatabase();
    await installShop(TEST_SHOP);
  });

  async function framingOf(path: string) {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
    await response.arrayBuffer();
    return { status: response.status, csp: response.headers.get("content-security-policy") };
  }

  const adminUrl = (shopParam: string, token: string) =>
    `/app?${new URLSearchParams({ embedded: "1", shop: shopParam, host: Buffer.from(`admin.shopify.com/store/${shopParam.split(".")[0]}`).toString("base64"), id_token: token })}`;

  it("the shop of the session token and the admin, for the embedded app of that shop", async () => {
    expect(await framingOf(adminUrl(TEST_SHOP, await createSessionToken(TEST_SHOP)))).toEqual({
      status: 200,
      csp: `frame-ancestors https://${TEST_SHOP} https://admin.shopify.com`,
    });
  });

  it("a page loaded with one shop's session and another shop in the query follows the session, not the query", async () => {
    const { status, csp } = await framingOf(adminUrl(OTHER_SHOP, await createSessionToken(TEST_SHOP)));
    expect(status).toBe(200);
    expect(csp).toBe(`frame-ancestors https://${TEST_SHOP} https://admin.shopify.com`);
    expect(csp).not.toContain(OTHER_SHOP);
  });

  it.each([
    ["the way into the embedded app (a redirect)", `/?shop=${OTHER_SHOP}&host=abc`],
    ["the library's session-token bounce page", `/auth/session-token?shop=${OTHER_SHOP}&shopify-reload=${encodeURIComponent("/app")}`],
  ])("only the admin, without the query's shop, for %s", async (_kind, path) => {
    const { csp } = await framingOf(path);
    expect(csp).toBe("frame-ancestors https://admin.shopify.com");
  });

  it("only the admin when the session token is forged or expired", async () => {
    const forged = await createSessionToken(OTHER_SHOP, { secret: "someone-elses-secret" });
    const expired = await createSessionToken(TEST_SHOP, { expiresInSeconds: -60 });
    for (const token of [forged, expired]) {
      const { csp } = await framingOf(adminUrl(OTHER_SHOP, token));
      expect(csp).toBe("frame-ancestors https://admin.shopify.com");
    }
  });
});
