import fs from "node:fs";
import prisma from "~/models/db/client.server";
import { configureHypersku, withHyperskuAccess, getHypersku } from "~/domain/connection/hypersku.server";
import { refreshExpiringConnections } from "~/domain/connection/refresh.server";
import { HyperskuReconnectNeededError } from "~/integrations/hypersku/errors";
import { capturedLogLines } from "../support/logs";
import { stateCookie } from "~/domain/connection/state-cookie.server";
import { getTokenSet } from "~/models/hypersku-connection.server";
import { action as connectionAction, loader as connectionLoader } from "~/routes/app.connection/route";
import { loader as authorizeLoader } from "~/routes/hypersku.authorize";
import { loader as callbackLoader } from "~/routes/hypersku.callback";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { startHyperskuSimulator } from "../../simulators/hypersku/server";
import { getFreePort, startAppServer, type RunningApp } from "../support/app-server";
import { createBuildHandler } from "../support/build";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { startConnectedSimulator } from "../support/hypersku";
import { callRoute } from "../support/routes";
import {
  API_KEY,
  API_SECRET_KEY,
  APP_URL,
  BROWSER_USER_AGENT,
  createBearerRequest,
  createEmbeddedRequest,
  createWebhookRequest,
  TEST_SHOP,
} from "../support/shopify";
import { getJwt, USER_ID } from "@shopify/shopify-api/test-helpers";

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

/** The admin opening an app page in its iframe, with extra query parameters (e.g. `confirm`). */
async function embeddedRequestWith(pathname: string, params: Record<string, string>, shop = TEST_SHOP) {
  const url = new URL((await createEmbeddedRequest(pathname, shop)).url);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return new Request(url, { headers: { "User-Agent": BROWSER_USER_AGENT } });
}

/** A session token of an admin user (`sub`) of a shop; createBearerRequest's user is USER_ID. */
async function sessionTokenOf(shop: string, userId = String(USER_ID)) {
  const { token } = await getJwt(shop.replace(/\.myshopify\.com$/, ""), API_KEY, API_SECRET_KEY, { sub: userId });
  return token;
}

/** Step 4: the merchant's Confirm (or Cancel) in the admin, as the given admin user. */
async function confirmAs(confirm: string, options: { shop?: string; userId?: string; intent?: "confirm" | "cancel" } = {}) {
  const token = await sessionTokenOf(options.shop ?? TEST_SHOP, options.userId);
  const request = new Request(`${APP_URL}/app/connection`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "User-Agent": BROWSER_USER_AGENT },
    body: new URLSearchParams({ intent: options.intent ?? "confirm", confirm }),
  });
  return callRoute(connectionAction, request);
}

/** Steps 1-3: returns the confirmation token the callback hands to the admin. */
async function authorize(shop = TEST_SHOP) {
  const flow = await beginFlow(shop);
  const response = await callback({ state: flow.state, code: simulator.control.issueAuthorizationCode() }, flow.cookie);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { location, confirm: location.searchParams.get("confirm")!, response };
}

/** The whole flow, confirmed by the merchant who started it. */
async function connect(shop = TEST_SHOP) {
  const { confirm } = await authorize(shop);
  const confirmed = await confirmAs(confirm, { shop });
  expect(await confirmed.json()).toMatchObject({ intent: "confirm", ok: true });
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

  it("exchanges the code but connects nothing until the merchant who started confirms in the admin", async () => {
    const { location, confirm, response } = await authorize();
    expect(location.pathname).toBe("/app/connection");
    expect(location.searchParams.get("shop")).toBe(TEST_SHOP);
    expect(confirm.length).toBeGreaterThanOrEqual(32);
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);

    // Pending: no token set, not connected; HyperSKU's answer sealed on the state row, bound to the user.
    expect(await prisma.hyperskuConnection.count()).toBe(0);
    expect(await shopStatus()).toBe("not_connected");
    const [row] = await prisma.hyperskuAuthorizationState.findMany();
    expect(row).toMatchObject({
      shop: TEST_SHOP,
      startedByUserId: String(USER_ID),
      pendingHyperskuUserId: "sim-user-1",
      confirmedAt: null,
    });
    expect(row.confirmHash).not.toContain(confirm);
    expect(row.pendingTokenSetSealed).toMatch(/^v1\./);

    // The admin page names the HyperSKU user and the store before anything is connected.
    const handle = await createBuildHandler();
    const page = await (await handle(await embeddedRequestWith("/app/connection", { confirm }))).text();
    expect(page).toContain("is ready to be connected to");
    expect(page).toContain("sim-user-1");
    expect(page).toContain(TEST_SHOP);

    const confirmed = await confirmAs(confirm);
    expect(await confirmed.json()).toMatchObject({ intent: "confirm", ok: true, hyperskuUserId: "sim-user-1" });
    expect(await shopStatus()).toBe("connected");
    const after = await prisma.hyperskuAuthorizationState.findFirstOrThrow();
    expect(after.pendingTokenSetSealed).toBeNull();
    expect(after.confirmedAt).toBeInstanceOf(Date);
  });

  it("after Confirm, stores the tokens sealed and the card names the HyperSKU user connected to this store", async () => {
    await connect();
    const tokens = await getTokenSet(TEST_SHOP);
    expect(tokens).toMatchObject({ scope: "oms", userId: "sim-user-1" });
    expect(tokens!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000 * 1000);
    expect(await shopStatus()).toBe("connected");
    const row = await prisma.hyperskuConnection.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(row.accessTokenSealed).not.toContain(tokens!.accessToken);
    expect(row.connectedAt).toBeInstanceOf(Date);

    const handle = await createBuildHandler();
    const page = await (await handle(await embeddedRequestWith("/app/connection", { hypersku: "connected" }))).text();
    expect(page).toMatch(/HyperSKU user .*sim-user-1.*is connected to.*test-shop/s);
  });

  describe("refuses a confirmation that is not the starting merchant's, and connects nothing", () => {
    async function expectRefused(response: Response, reason: string) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ ok: false, reason });
      expect(await prisma.hyperskuConnection.count()).toBe(0);
      expect(await shopStatus()).toBe("not_connected");
    }

    it("from another shop's admin", async () => {
      const { confirm } = await authorize();
      await expectRefused(await confirmAs(confirm, { shop: OTHER_SHOP }), "other_shop");
      expect(await shopStatus(OTHER_SHOP)).not.toBe("connected");
      // The refusal spent nothing: the merchant who started can still confirm.
      expect((await confirmAs(confirm)).status).toBe(200);
    });

    it("from another admin user of the same shop", async () => {
      const { confirm } = await authorize();
      await expectRefused(await confirmAs(confirm, { userId: "999" }), "other_user");
      await expectRefused(await confirmAs(confirm, { userId: "999", intent: "cancel" }), "other_user");
    });

    it("reused after a confirm", async () => {
      const { confirm } = await authorize();
      expect((await confirmAs(confirm)).status).toBe(200);
      await prisma.hyperskuConnection.deleteMany();
      await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "not_connected" } });
      await expectRefused(await confirmAs(confirm), "used");
    });

    it("expired", async () => {
      const { confirm } = await authorize();
      await prisma.hyperskuAuthorizationState.updateMany({ data: { pendingExpiresAt: new Date(Date.now() - 1000) } });
      await expectRefused(await confirmAs(confirm), "expired");
    });

    it("unknown, or missing", async () => {
      await authorize();
      await expectRefused(await confirmAs(Buffer.alloc(32, 3).toString("base64url")), "unknown");
      await expectRefused(await confirmAs(""), "missing");
    });

    it("cancelled by the merchant: discarded, and cannot be confirmed afterwards", async () => {
      const { confirm } = await authorize();
      expect(await (await confirmAs(confirm, { intent: "cancel" })).json()).toMatchObject({ intent: "cancel", ok: true });
      expect((await prisma.hyperskuAuthorizationState.findFirstOrThrow()).pendingTokenSetSealed).toBeNull();
      await expectRefused(await confirmAs(confirm), "used");
    });

    it("and the admin page shows a refused link without Confirm", async () => {
      const { confirm } = await authorize();
      const handle = await createBuildHandler();
      const page = await (await handle(await embeddedRequestWith("/app/connection", { confirm }, OTHER_SHOP))).text();
      expect(page).toContain("This HyperSKU connection cannot be confirmed");
      expect(page).not.toContain("sim-user-1");
      expect(page).not.toContain("is ready to be connected");
    });
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

  it("shows HyperSKU's own words when it refuses the exchange with a 403, and stores nothing", async () => {
    const flow = await beginFlow();
    simulator.control.setFault("accessToken", {
      reject: { status: 403, httpStatus: 403, message: "This HyperSKU account is suspended" },
      times: 1,
    });
    const response = await callback({ state: flow.state, code: simulator.control.issueAuthorizationCode() }, flow.cookie);
    expect(await response.json()).toMatchObject({
      outcome: { kind: "refused", shop: TEST_SHOP, message: "This HyperSKU account is suspended" },
    });
    expect(await prisma.hyperskuConnection.count()).toBe(0);
  });

  it("tells the operator, not the merchant's HyperSKU account, when the token path does not exist", async () => {
    const flow = await beginFlow();
    simulator.control.setFault("accessToken", { notFound: true, times: 1 });
    const response = await callback({ state: flow.state, code: simulator.control.issueAuthorizationCode() }, flow.cookie);
    expect(await response.json()).toMatchObject({ outcome: { kind: "endpoint_not_found", shop: TEST_SHOP } });
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
    const request = await createBearerRequest("/app/connection", TEST_SHOP, {
      method: "POST",
      body: new URLSearchParams({ intent: "test" }),
    });
    expect(await (await callRoute(connectionAction, request)).json()).toMatchObject({ intent: "test", ok: true });
    const row = await prisma.hyperskuConnection.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(row.lastSuccessfulCallAt).toBeInstanceOf(Date);
  });

  it("disconnects: tokens deleted, status not connected", async () => {
    await connect();
    const request = await createBearerRequest("/app/connection", TEST_SHOP, {
      method: "POST",
      body: new URLSearchParams({ intent: "disconnect" }),
    });
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
    const shopPayload = { domain: TEST_SHOP, myshopify_domain: TEST_SHOP };
    await callRoute(uninstalled, createWebhookRequest({ topic: "app/uninstalled", body: shopPayload }));
    expect(await prisma.hyperskuConnection.count()).toBe(0);
  });
});

/**
 * Account-linking CSRF (issue 14.13), end to end over HTTP against the production server: the
 * admin's fetches carry session tokens, each browser is its own cookie jar, and the approval is
 * given on the HyperSKU simulator's page.
 */
describe("over HTTP against the production server", () => {
  const ATTACKER_SHOP = OTHER_SHOP;
  let app: RunningApp;
  let hypersku: HyperskuSimulator;

  beforeAll(async () => {
    const port = await getFreePort();
    const credentials = { clientId: "http-client", clientSecret: "http-secret" };
    hypersku = await startHyperskuSimulator({ ...credentials, redirectUri: `http://127.0.0.1:${port}/hypersku/callback` });
    app = await startAppServer(
      {
        DATABASE_URL: process.env.DATABASE_URL!,
        HYPERSKU_CLIENT_ID: credentials.clientId,
        HYPERSKU_CLIENT_SECRET: credentials.clientSecret,
        HYPERSKU_API_URL: hypersku.url,
        HYPERSKU_AUTHORIZE_URL: `${hypersku.url}/application/auth`,
      },
      port,
    );
  });
  afterAll(async () => {
    await app?.stop();
    await hypersku?.close();
  });

  /** A browser of its own: cookies kept for the app's origin, redirects shown rather than followed. */
  function openBrowser() {
    const cookies = new Map<string, string>();
    return async function visit(url: string, init: RequestInit = {}) {
      const ours = new URL(url).origin === app.url;
      const headers = new Headers(init.headers);
      headers.set("User-Agent", BROWSER_USER_AGENT);
      if (ours && cookies.size > 0) headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      const response = await fetch(url, { ...init, headers, redirect: "manual" });
      if (ours) {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";");
          cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
        }
      }
      return response;
    };
  }

  /** Opens the connect link, approves on HyperSKU's page and follows HyperSKU back to the callback. */
  async function approveInBrowser(visit: ReturnType<typeof openBrowser>, connectLink: string) {
    const authorize = await visit(connectLink);
    expect(authorize.status).toBe(302);
    const approvalPage = authorize.headers.get("Location")!;
    const page = await visit(approvalPage);
    expect(await page.text()).toContain("Approve");
    const query = new URL(approvalPage).searchParams;
    const decision = await visit(`${hypersku.url}/application/auth/decision`, {
      method: "POST",
      body: new URLSearchParams({
        clientId: query.get("clientId")!,
        scope: query.get("scope")!,
        redirectUri: query.get("redirectUri")!,
        state: query.get("state")!,
        decision: "approve",
      }),
    });
    expect(decision.status).toBe(302);
    return visit(decision.headers.get("Location")!);
  }

  /** A fetch from the embedded admin page (Remix's `_data` request), as an admin user of a shop. */
  async function adminAction(shop: string, fields: Record<string, string>, userId?: string) {
    return fetch(`${app.url}/app/connection?_data=${encodeURIComponent("routes/app.connection")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await sessionTokenOf(shop, userId)}`, "User-Agent": BROWSER_USER_AGENT },
      body: new URLSearchParams(fields),
    });
  }

  /** The admin opening an app page in its iframe, with the session token it mints. */
  async function adminPage(url: URL, shop: string) {
    const target = new URL(url);
    target.searchParams.set("embedded", "1");
    target.searchParams.set("shop", shop);
    target.searchParams.set("host", Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64"));
    target.searchParams.set("id_token", await sessionTokenOf(shop));
    const response = await fetch(target, { headers: { "User-Agent": BROWSER_USER_AGENT } });
    expect(response.status).toBe(200);
    return response.text();
  }

  async function startConnectIn(shop: string) {
    const started = await adminAction(shop, { intent: "connect" });
    expect(started.status).toBe(200);
    return ((await started.json()) as { redirectUrl: string }).redirectUrl;
  }

  it("a victim who opens an attacker shop's connect link and approves links nothing to that shop", async () => {
    // The attacker starts in their own admin and sends the link on.
    const link = await startConnectIn(ATTACKER_SHOP);
    // The victim's browser opens it and approves at HyperSKU with the victim's account.
    const victim = openBrowser();
    const landed = await approveInBrowser(victim, link);
    expect(hypersku.control.requests().filter((r) => r.operation === "accessToken")).toHaveLength(1);

    // The victim is sent to the attacker's admin, which it cannot open.
    expect(landed.status).toBe(302);
    const next = new URL(landed.headers.get("Location")!);
    expect(next.searchParams.get("shop")).toBe(ATTACKER_SHOP);
    const opened = await victim(next.toString());
    expect(opened.status).not.toBe(200);
    expect(await opened.text()).not.toContain("ready to be connected");

    // Nothing is linked: no token set, not connected.
    expect(await prisma.hyperskuConnection.count()).toBe(0);
    expect(await shopStatus(ATTACKER_SHOP)).toBe("not_connected");

    // The attacker's own admin has nothing to confirm without the token the victim's browser got.
    const page = await adminPage(new URL(`${app.url}/app/connection`), ATTACKER_SHOP);
    expect(page).not.toContain("ready to be connected");
    expect(page).not.toContain("sim-user-1");
    for (const confirm of ["", Buffer.alloc(32, 5).toString("base64url")]) {
      expect((await adminAction(ATTACKER_SHOP, { intent: "confirm", confirm })).status).toBe(403);
    }
    expect(await prisma.hyperskuConnection.count()).toBe(0);
    expect(await shopStatus(ATTACKER_SHOP)).toBe("not_connected");
  });

  it("the merchant who started confirms in their admin and ends connected; the card names the HyperSKU user", async () => {
    const browser = openBrowser();
    const landed = await approveInBrowser(browser, await startConnectIn(TEST_SHOP));
    expect(landed.status).toBe(302);
    const confirmUrl = new URL(landed.headers.get("Location")!);
    const confirm = confirmUrl.searchParams.get("confirm")!;
    expect(confirmUrl.origin + confirmUrl.pathname).toBe(`${app.url}/app/connection`);
    expect(await shopStatus()).toBe("not_connected");

    const page = await adminPage(confirmUrl, TEST_SHOP);
    expect(page).toContain("is ready to be connected to");
    expect(page).toContain("sim-user-1");

    // Another store's admin, another staff member of this store: refused, nothing spent.
    expect((await adminAction(OTHER_SHOP, { intent: "confirm", confirm })).status).toBe(403);
    expect((await adminAction(TEST_SHOP, { intent: "confirm", confirm }, "999")).status).toBe(403);
    expect(await shopStatus()).toBe("not_connected");

    const confirmed = await adminAction(TEST_SHOP, { intent: "confirm", confirm });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ ok: true, hyperskuUserId: "sim-user-1" });
    expect(await shopStatus()).toBe("connected");
    expect((await getTokenSet(TEST_SHOP))?.userId).toBe("sim-user-1");

    // Once only.
    const again = await adminAction(TEST_SHOP, { intent: "confirm", confirm });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ ok: false, reason: "used" });

    const card = await adminPage(new URL(`${app.url}/app/connection`), TEST_SHOP);
    expect(card).toMatch(/HyperSKU user .*sim-user-1.*is connected to.*test-shop/s);
  });
});
