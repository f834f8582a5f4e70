import fs from "node:fs";
import prisma from "~/db.server";
import { configureHypersku, withHyperskuAccess, getHypersku } from "~/domain/connection/hypersku.server";
import { refreshExpiringConnections } from "~/domain/connection/refresh.server";
import { HyperskuReconnectNeededError } from "~/integrations/hypersku/errors";
import { capturedLogLines } from "~/logger.server";
import { stateCookie } from "~/domain/connection/state-cookie.server";
import { getTokenSet } from "~/models/hypersku-connection.server";
import { action as connectionAction, loader as connectionLoader } from "~/routes/app.connection";
import { loader as authorizeLoader } from "~/routes/hypersku.authorize";
import { loader as callbackLoader } from "~/routes/hypersku.callback";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { createBuildHandler } from "../support/build";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { callRoute } from "../support/routes";
import { APP_URL, createBearerRequest, createEmbeddedRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";

const OTHER_SHOP = "other-shop.myshopify.com";
let simulator: HyperskuSimulator;

beforeAll(async () => {
  simulator = await startConnectedSimulator();
});
afterAll(() => simulator.close());
beforeEach(async () => {
  await resetDatabase();
  simulator.control.reset();
  simulator.control.configure({ accessTokenLifetimeSeconds: 7200, rotateRefreshTokens: false });
  configureHypersku({ apiUrl: simulator.url, authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 2_000 });
  await createSession({ shop: TEST_SHOP });
  await createSession({ shop: OTHER_SHOP });
});

/** Step 1 and 2: "Connect HyperSKU" in the admin, then our top-level page on the way to HyperSKU. */
async function beginFlow(shop = TEST_SHOP) {
  const request = await createBearerRequest("/app/connection", shop, {
    method: "POST",
    body: new URLSearchParams({ intent: "connect" }),
  });
  const { redirectUrl } = await (await callRoute(connectionAction, request)).json();
  const authorize = await callRoute(authorizeLoader, new Request(redirectUrl));
  expect(authorize.status).toBe(302);
  const location = new URL(authorize.headers.get("Location")!);
  return {
    state: location.searchParams.get("state")!,
    cookie: authorize.headers.get("Set-Cookie")!.split(";")[0],
    location,
  };
}

/** Step 3: HyperSKU sends the browser back to our callback. */
async function callback(params: Record<string, string>, cookie?: string) {
  const url = new URL(`${APP_URL}/hypersku/callback`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return callRoute(callbackLoader, new Request(url, { headers: cookie ? { Cookie: cookie } : {} }));
}

async function connect(shop = TEST_SHOP) {
  const flow = await beginFlow(shop);
  const response = await callback({ state: flow.state, code: simulator.control.issueAuthorizationCode() }, flow.cookie);
  expect(response.status).toBe(302);
  return response;
}

const accessTokenRequests = () => simulator.control.requests().filter((r) => r.operation === "accessToken");
const shopStatus = async (shop = TEST_SHOP) => (await prisma.shop.findUnique({ where: { domain: shop } }))?.hyperskuStatus;

describe("connecting HyperSKU", () => {
  it("sends the merchant to HyperSKU with clientId, scope=oms, the registered redirectUri and a strong state", async () => {
    const { location, state, cookie } = await beginFlow();
    expect(`${location.origin}${location.pathname}`).toBe(`${simulator.url}/application/auth`);
    expect(location.searchParams.get("clientId")).toBe("test-client-id");
    expect(location.searchParams.get("scope")).toBe("oms");
    expect(location.searchParams.get("redirectUri")).toBe(`${APP_URL}/hypersku/callback`);
    expect(Buffer.from(state, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(await stateCookie.parse(cookie)).toBe(state);
    // Only a hash of the state is stored.
    const stored = await prisma.hyperskuAuthorizationState.findMany();
    expect(stored).toHaveLength(1);
    expect(stored[0].stateHash).not.toContain(state);
    expect(stored[0].shop).toBe(TEST_SHOP);
  });

  it("exchanges the code, stores the tokens sealed and returns to the app with a confirmation", async () => {
    const response = await connect();
    const location = new URL(response.headers.get("Location")!);
    expect(location.pathname).toBe("/app/connection");
    expect(location.searchParams.get("hypersku")).toBe("connected");
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);

    const tokens = await getTokenSet(TEST_SHOP);
    expect(tokens).toMatchObject({ scope: "oms", userId: "sim-user-1" });
    expect(tokens!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000 * 1000);
    expect(await shopStatus()).toBe("connected");
    const row = await prisma.hyperskuConnection.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(row.accessTokenSealed).not.toContain(tokens!.accessToken);
    expect(row.connectedAt).toBeInstanceOf(Date);
  });

  it("keeps tokens out of the database file, the pages and the logs", async () => {
    await connect();
    const { accessToken, refreshToken } = (await getTokenSet(TEST_SHOP))!;
    await withHyperskuAccess(TEST_SHOP, (auth) => getHypersku().client.getCountryCode(auth));
    await prisma.$disconnect();

    const path = process.env.DATABASE_URL!.replace(/^file:/, "");
    // WAL mode: recent writes may still sit in the -wal file; search everything on disk.
    const file = Buffer.concat([path, `${path}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    for (const token of [accessToken, refreshToken!]) {
      expect(file.includes(Buffer.from(token))).toBe(false);
      expect(capturedLogLines.join("\n")).not.toContain(token);
    }

    const handle = await createBuildHandler();
    const page = await (await handle(await createEmbeddedRequest("/app/connection"))).text();
    expect(page).toContain("sim-user-1");
    for (const token of [accessToken, refreshToken!]) expect(page).not.toContain(token);
    const data = await (await callRoute(connectionLoader, await createEmbeddedRequest("/app/connection"))).text();
    for (const token of [accessToken, refreshToken!]) expect(data).not.toContain(token);
  });

  describe("refuses a bad state and stores nothing", () => {
    async function expectRefused(response: Response) {
      expect(response.status).toBe(400);
      expect(await prisma.hyperskuConnection.count()).toBe(0);
      expect(accessTokenRequests()).toHaveLength(0);
      expect(await response.text()).toContain("invalid_state");
    }

    it("missing", async () => {
      const { cookie } = await beginFlow();
      await expectRefused(await callback({ code: "any" }, cookie));
    });

    it("forged", async () => {
      const forged = Buffer.alloc(32, 9).toString("base64url");
      await expectRefused(await callback({ state: forged, code: "any" }, `hypersku_authorization=${forged}`));
    });

    it("replayed", async () => {
      const flow = await beginFlow();
      await callback({ state: flow.state, code: simulator.control.issueAuthorizationCode() }, flow.cookie);
      await prisma.hyperskuConnection.deleteMany();
      const before = accessTokenRequests().length;
      const replay = await callback({ state: flow.state, code: simulator.control.issueAuthorizationCode() }, flow.cookie);
      expect(replay.status).toBe(400);
      expect(await prisma.hyperskuConnection.count()).toBe(0);
      expect(accessTokenRequests()).toHaveLength(before);
    });

    it("expired", async () => {
      const flow = await beginFlow();
      await prisma.hyperskuAuthorizationState.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
      await expectRefused(await callback({ state: flow.state, code: "any" }, flow.cookie));
    });

    it("issued for another shop, arriving in this shop's browser", async () => {
      const mine = await beginFlow(TEST_SHOP);
      const theirs = await beginFlow(OTHER_SHOP);
      await expectRefused(await callback({ state: theirs.state, code: "any" }, mine.cookie));
    });

    it("without the browser cookie that started the flow", async () => {
      const flow = await beginFlow();
      await expectRefused(await callback({ state: flow.state, code: "any" }));
    });

    it("and the authorize page refuses an unknown state before leaving for HyperSKU", async () => {
      const response = await callRoute(authorizeLoader, new Request(`${APP_URL}/hypersku/authorize?state=nope`));
      expect(response.status).toBe(400);
    });
  });

  it("explains a denied authorization and stores nothing", async () => {
    const flow = await beginFlow();
    const response = await callback({ state: flow.state, error: "access_denied" }, flow.cookie);
    expect(await response.json()).toMatchObject({ outcome: { kind: "denied", shop: TEST_SHOP } });
    expect(await prisma.hyperskuConnection.count()).toBe(0);
  });

  it("explains a code HyperSKU rejects (60025): connect again", async () => {
    const flow = await beginFlow();
    const response = await callback({ state: flow.state, code: "not-a-real-code" }, flow.cookie);
    expect(await response.json()).toMatchObject({ outcome: { kind: "code_rejected" } });
    expect(await prisma.hyperskuConnection.count()).toBe(0);
  });

  it("explains that HyperSKU is unreachable", async () => {
    const flow = await beginFlow();
    configureHypersku({ apiUrl: "http://127.0.0.1:9", authorizeUrl: `${simulator.url}/application/auth`, timeoutMs: 500 });
    const response = await callback({ state: flow.state, code: "x" }, flow.cookie);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ outcome: { kind: "unreachable" } });
  });

  it("says which operator settings are missing when the client id/secret are not configured", async () => {
    configureHypersku({ apiUrl: simulator.url, clientId: undefined, clientSecret: undefined });
    const request = await createBearerRequest("/app/connection", TEST_SHOP, {
      method: "POST",
      body: new URLSearchParams({ intent: "connect" }),
    });
    const body = await (await callRoute(connectionAction, request)).json();
    expect(body.missingSettings).toEqual(["HYPERSKU_CLIENT_ID", "HYPERSKU_CLIENT_SECRET"]);
    expect(await prisma.hyperskuAuthorizationState.count()).toBe(0);
  });
});

describe("a connected shop", () => {
  it("tests the connection with a harmless read and records the last successful call", async () => {
    await connect();
    const request = await createBearerRequest("/app/connection", TEST_SHOP, { method: "POST", body: new URLSearchParams({ intent: "test" }) });
    expect(await (await callRoute(connectionAction, request)).json()).toMatchObject({ intent: "test", ok: true });
    const row = await prisma.hyperskuConnection.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(row.lastSuccessfulCallAt).toBeInstanceOf(Date);
  });

  it("disconnects: tokens deleted, status not connected", async () => {
    await connect();
    const request = await createBearerRequest("/app/connection", TEST_SHOP, { method: "POST", body: new URLSearchParams({ intent: "disconnect" }) });
    await callRoute(connectionAction, request);
    expect(await prisma.hyperskuConnection.count()).toBe(0);
    expect(await shopStatus()).toBe("not_connected");
  });

  it("is refreshed in the background before its token expires", async () => {
    simulator.control.configure({ accessTokenLifetimeSeconds: 120 });
    await connect();
    const before = (await getTokenSet(TEST_SHOP))!;
    const outcome = await refreshExpiringConnections();
    const after = (await getTokenSet(TEST_SHOP))!;
    expect(outcome.refreshed).toBe(1);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(simulator.control.requests().filter((r) => r.operation === "refreshToken")).toHaveLength(1);
    // The refreshed token works.
    await expect(withHyperskuAccess(TEST_SHOP, (auth) => getHypersku().client.getCountryCode(auth))).resolves.toBeInstanceOf(Array);
  });

  it("becomes 'reconnect needed' when refresh fails for good, shows the banner, and recovers by reconnecting", async () => {
    await connect();
    simulator.control.reset(); // HyperSKU forgets every token: access and refresh are both refused.
    await expect(withHyperskuAccess(TEST_SHOP, (auth) => getHypersku().client.getCountryCode(auth))).rejects.toBeInstanceOf(
      HyperskuReconnectNeededError,
    );
    expect(await shopStatus()).toBe("reconnect_needed");

    const handle = await createBuildHandler();
    const dashboard = await (await handle(await createEmbeddedRequest("/app"))).text();
    expect(dashboard).toContain("Reconnect HyperSKU");

    await connect();
    expect(await shopStatus()).toBe("connected");
    const again = await (await handle(await createEmbeddedRequest("/app"))).text();
    expect(again).not.toContain("Reconnect HyperSKU");
  });

  it("loses its HyperSKU tokens when the app is uninstalled", async () => {
    await connect();
    await callRoute(uninstalled, createWebhookRequest({ topic: "app/uninstalled", body: {} }));
    expect(await prisma.hyperskuConnection.count()).toBe(0);
  });
});
