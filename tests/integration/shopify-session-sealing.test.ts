/**
 * Shopify tokens at rest (issue 14, item 15): the offline session's access and refresh tokens are
 * sealed in the Session table by the app's session storage (a wrapper around the library's Prisma
 * storage), the library still gets them plain, rows from before sealing keep working and are
 * sealed on first use, and a row sealed under a key no longer configured is treated as missing
 * with a clear log line, not an endless failure.
 *
 * The second part runs the production build over HTTP with Shopify's twin answering token exchange
 * and checking the access token of every Admin API call (`checkAccessTokens`): the install, a
 * legacy plain row, and a row under a retired key, each followed by a real Admin API call.
 */
import { Session } from "@shopify/shopify-api";
import prisma from "~/models/db/client.server";
import { openSecret, sealSecret } from "~/lib/token-crypto.server";
import { isSealedToken } from "~/integrations/shopify/sealed-session-storage.server";
import { capturedLogLines } from "../support/logs";
import { sessionStorage, unauthenticated } from "~/shopify.server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { startShopifyAdminServer, type ShopifyAdminServer } from "../../simulators/shopify/admin-server";
import { startAppServer, type RunningApp, shopifyTwinEnv } from "../support/app-server";
import { loadBuild } from "../support/build";
import { readAllRowsAsText, resetDatabase } from "../support/database";
import { buildGraphqlOrder } from "../support/order-factories";
import { API_SECRET_KEY, BROWSER_USER_AGENT, createSessionToken, embeddedAppUrl, TEST_SHOP } from "../support/shopify";

const OFFLINE_ID = `offline_${TEST_SHOP}`;
const ACCESS = "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";
const REFRESH = "shprt_5e55101d1111aaaabbbbccccddddeeee";
const RETIRED_KEY = { id: "retired", key: Buffer.alloc(32, 9) };

const sessionRow = () => prisma.session.findUniqueOrThrow({ where: { id: OFFLINE_ID } });
const inAnHour = () => new Date(Date.now() + 3_600_000);

beforeEach(async () => {
  await resetDatabase();
});

describe("Shopify session tokens at rest", () => {
  it("are sealed in the Session row, bound to the shop and column, and reach the library plain", async () => {
    await sessionStorage.storeSession(
      new Session({
        id: OFFLINE_ID,
        shop: TEST_SHOP,
        state: "",
        isOnline: false,
        scope: "read_orders",
        expires: inAnHour(),
        accessToken: ACCESS,
        refreshToken: REFRESH,
        refreshTokenExpires: inAnHour(),
      }),
    );

    const row = await sessionRow();
    expect(isSealedToken(row.accessToken)).toBe(true);
    expect(isSealedToken(row.refreshToken!)).toBe(true);
    expect(openSecret(row.accessToken, { shop: TEST_SHOP, field: "Session.accessToken" })).toBe(ACCESS);
    expect(() => openSecret(row.accessToken, { shop: "other.myshopify.com", field: "Session.accessToken" })).toThrow();
    const everything = await readAllRowsAsText();
    expect(everything).not.toContain(ACCESS.slice(6));
    expect(everything).not.toContain(REFRESH.slice(6));

    const { session } = await unauthenticated.admin(TEST_SHOP);
    expect(session).toMatchObject({ accessToken: ACCESS, refreshToken: REFRESH, shop: TEST_SHOP });
  });

  it("reads a plain row stored before sealing, and seals it on that first use", async () => {
    await prisma.session.create({
      data: { id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", accessToken: ACCESS },
    });

    const { session } = await unauthenticated.admin(TEST_SHOP);
    expect(session.accessToken).toBe(ACCESS);
    const row = await sessionRow();
    expect(isSealedToken(row.accessToken)).toBe(true);
    expect(await readAllRowsAsText()).not.toContain(ACCESS.slice(6));
    expect((await unauthenticated.admin(TEST_SHOP)).session.accessToken).toBe(ACCESS);
  });

  it("treats a row sealed under a key no longer configured as missing: a clear error and a log line naming the cause", async () => {
    const sealed = sealSecret(ACCESS, { shop: TEST_SHOP, field: "Session.accessToken" }, [RETIRED_KEY]);
    await prisma.session.create({
      data: { id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", accessToken: sealed },
    });
    capturedLogLines.length = 0;

    await expect(unauthenticated.admin(TEST_SHOP)).rejects.toThrow(`Could not find a session for shop ${TEST_SHOP}`);
    const logged = capturedLogLines.map((line) => JSON.parse(line)).find((entry) => entry.msg?.includes("cannot be opened"));
    expect(logged).toMatchObject({
      level: 50,
      shop: TEST_SHOP,
      reason: expect.stringContaining('key "retired" is not configured in TOKEN_ENCRYPTION_KEYS'),
    });
    // The row is left for the next token exchange to replace, not rewritten with anything.
    expect((await sessionRow()).accessToken).toBe(sealed);
  });
});

describe("Shopify session tokens at rest, over HTTP on the production build", () => {
  let shopifyServer: ShopifyAdminServer;
  let app: RunningApp;
  const shopify = new ShopifyAdminFake();

  beforeAll(async () => {
    await loadBuild();
    shopifyServer = await startShopifyAdminServer({ fake: shopify, apiSecret: API_SECRET_KEY, checkAccessTokens: true });
    app = await startAppServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      WORKER_MODE: "off",
      ...shopifyTwinEnv(shopifyServer.url),
    });
    const node = buildGraphqlOrder({ overrides: { createdAt: "2026-07-05T12:00:00Z", updatedAt: "2026-07-05T12:00:00Z" } });
    node.id = `gid://shopify/Order/${node.legacyResourceId}`;
    shopify.putOrder(TEST_SHOP, node as never);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await shopifyServer?.close();
  });

  const issuedTokens = () =>
    shopifyServer.tokenExchanges.filter((exchange) => exchange.shop === TEST_SHOP).map((exchange) => exchange.accessToken);

  /** "Send past orders" counts a range: an Admin API call with the shop's offline token, from the page's action. */
  async function countPastOrders() {
    const response = await fetch(`${app.url}/app/past-orders?_data=${encodeURIComponent("routes/app.past-orders")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await createSessionToken(TEST_SHOP)}`, "User-Agent": BROWSER_USER_AGENT },
      body: new URLSearchParams({ intent: "count", from: "2026-07-01", to: "2026-07-10" }),
    });
    return {
      status: response.status,
      body: response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text(),
    };
  }

  it("after install the row holds only sealed tokens, and Shopify receives the token it issued", async () => {
    const checksBefore = shopifyServer.accessTokenChecks.length;
    const page = await fetch(await embeddedAppUrl("/app", TEST_SHOP, app.url), { headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(page.status).toBe(200);
    const issued = issuedTokens();
    expect(issued.length).toBeGreaterThanOrEqual(1);

    const row = await sessionRow();
    expect(isSealedToken(row.accessToken)).toBe(true);
    expect(isSealedToken(row.refreshToken!)).toBe(true);
    expect(issued).toContain(openSecret(row.accessToken, { shop: TEST_SHOP, field: "Session.accessToken" }));
    const everything = await readAllRowsAsText();
    for (const token of issued) expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/shprt_/);

    expect(await countPastOrders()).toMatchObject({ status: 200, body: { ok: true, count: 1 } });
    const checks = shopifyServer.accessTokenChecks.slice(checksBefore);
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(checks.every((check) => check.accepted && issued.includes(check.token!))).toBe(true);
  });

  it("a plain row stored before sealing still calls Shopify with its token, and is sealed on that first use", async () => {
    const legacy = "shpat_1e9acy00000000000000000000000000";
    await prisma.session.create({
      data: { id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", accessToken: legacy },
    });
    shopifyServer.grantAccessToken(TEST_SHOP, legacy);
    const exchangesBefore = shopifyServer.tokenExchanges.length;
    const checksBefore = shopifyServer.accessTokenChecks.length;

    expect(await countPastOrders()).toMatchObject({ status: 200, body: { ok: true, count: 1 } });
    expect(shopifyServer.accessTokenChecks.slice(checksBefore)).toEqual([{ shop: TEST_SHOP, token: legacy, accepted: true }]);
    expect(shopifyServer.tokenExchanges.length).toBe(exchangesBefore);
    const row = await sessionRow();
    expect(isSealedToken(row.accessToken)).toBe(true);
    expect(await readAllRowsAsText()).not.toContain(legacy);

    expect(await countPastOrders()).toMatchObject({ status: 200, body: { ok: true } });
    expect(shopifyServer.accessTokenChecks.at(-1)).toEqual({ shop: TEST_SHOP, token: legacy, accepted: true });
  });

  it("a row sealed under a key no longer configured is logged and replaced by token exchange; the call succeeds", async () => {
    const lost = "shpat_10570000000000000000000000000000";
    const sealed = sealSecret(lost, { shop: TEST_SHOP, field: "Session.accessToken" }, [RETIRED_KEY]);
    await prisma.session.create({
      data: { id: OFFLINE_ID, shop: TEST_SHOP, state: "", isOnline: false, scope: "read_orders", accessToken: sealed },
    });
    const exchangesBefore = shopifyServer.tokenExchanges.length;
    const checksBefore = shopifyServer.accessTokenChecks.length;

    expect(await countPastOrders()).toMatchObject({ status: 200, body: { ok: true, count: 1 } });
    expect(shopifyServer.tokenExchanges.length).toBeGreaterThan(exchangesBefore);
    const fresh = shopifyServer.tokenExchanges.slice(exchangesBefore).map((exchange) => exchange.accessToken);
    const checks = shopifyServer.accessTokenChecks.slice(checksBefore);
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(checks.every((check) => check.accepted && fresh.includes(check.token!))).toBe(true);
    const row = await sessionRow();
    expect(fresh).toContain(openSecret(row.accessToken, { shop: TEST_SHOP, field: "Session.accessToken" }));
    expect(app.output()).toContain("Shopify session token cannot be opened");
    expect(app.output()).toContain(String.raw`key \"retired\" is not configured in TOKEN_ENCRYPTION_KEYS`);
    expect(app.output()).not.toContain(lost);
  });
});
