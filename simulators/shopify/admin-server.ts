/**
 * The Shopify twin over HTTP, for app processes (the demo, browser journeys, benchmarks): the Admin
 * GraphQL fake at POST /graphql/<shop> with {query, variables}, and the App Bridge stand-in at GET
 * /offline/app-bridge.js (the app's APP_BRIDGE_URL names it, where Shopify's CDN would serve the
 * real script). Such a process loads admin-fetch-preload.mjs, which sends its Admin GraphQL calls
 * here instead of to https://<shop>/admin/api/.../graphql.json, and its token exchange (POST
 * https://<shop>/admin/oauth/access_token) to /oauth/access_token/<shop>.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ShopifyAdminFake } from "./admin-graphql-fake";
import { APP_BRIDGE_STAND_IN_SOURCE } from "./app-bridge-stand-in";

export const APP_BRIDGE_PATH = "/offline/app-bridge.js";

/** One offline token handed out by token exchange (what an install or reinstall of the app does). */
type TokenExchange = { shop: string; accessToken: string; expiring: boolean; at: Date };

/** One Admin API call's access token as checked with `checkAccessTokens`. */
type AccessTokenCheck = { shop: string; token: string | null; accepted: boolean };

export type ShopifyAdminServer = {
  url: string;
  /** The App Bridge stand-in's address: an offline app's APP_BRIDGE_URL. */
  appBridgeUrl: string;
  fake: ShopifyAdminFake;
  tokenExchanges: TokenExchange[];
  accessTokenChecks: AccessTokenCheck[];
  /** Makes `token` valid for the shop (one it held before the test started). */
  grantAccessToken: (shop: string, token: string) => void;
  close: () => Promise<void>;
};

export type ShopifyAdminServerOptions = {
  fake?: ShopifyAdminFake;
  port?: number;
  /** Extra time a query takes, in ms (e.g. to watch a long run in progress). */
  delayFor?: (query: string) => number;
  /** The app's secret: when given, token exchange checks the client secret and the id_token's signature. */
  apiSecret?: string;
  /**
   * Admin API calls must carry an access token issued to the shop (by token exchange, or granted),
   * as Shopify requires; anything else is answered 401 as Shopify does. (Every issued token stays
   * valid: the admin's parallel loaders may exchange twice, and either result may be stored.)
   */
  checkAccessTokens?: boolean;
};

const INVALID_TOKEN = { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" };

const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";
const SCOPES = "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders";

type Reply = { status: number; body: unknown };

/**
 * Token exchange as Shopify answers it (offline tokens only; the app asks for no online ones): the
 * session token must be a well-formed id_token for this shop and app, unexpired, and (with the
 * secret known) signed with it. Refusals use Shopify's error shapes.
 */
function exchangeToken(shop: string, raw: string, apiSecret: string | undefined, issued: TokenExchange[]): Reply {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { status: 400, body: { error: "invalid_request", error_description: "The body is not JSON." } };
  }
  if (body.grant_type !== TOKEN_EXCHANGE_GRANT || body.subject_token_type !== ID_TOKEN_TYPE)
    return { status: 400, body: { error: "unsupported_grant_type" } };
  if (body.requested_token_type !== OFFLINE_TOKEN_TYPE)
    return { status: 400, body: { error: "invalid_request", error_description: "Only offline tokens are issued by this fake." } };
  if (typeof body.client_id !== "string" || (apiSecret !== undefined && body.client_secret !== apiSecret))
    return { status: 401, body: { error: "invalid_client" } };
  const [header, payload, signature] = String(body.subject_token ?? "").split(".");
  const invalid = { status: 400, body: { error: "invalid_subject_token" } };
  if (!header || !payload || !signature) return invalid;
  if (apiSecret !== undefined) {
    const expected = createHmac("sha256", apiSecret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  }
  let claims: { dest?: string; aud?: string; exp?: number };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return invalid;
  }
  if (claims.dest !== `https://${shop}` || claims.aud !== body.client_id || !claims.exp || claims.exp * 1000 < Date.now()) return invalid;
  const expiring = body.expiring === "1";
  const accessToken = `shpat_fake_${issued.length + 1}_${shop}`;
  issued.push({ shop, accessToken, expiring, at: new Date() });
  return {
    status: 200,
    body: {
      access_token: accessToken,
      scope: SCOPES,
      ...(expiring
        ? { expires_in: 3600, refresh_token: `shprt_fake_${issued.length}_${shop}`, refresh_token_expires_in: 90 * 24 * 3600 }
        : {}),
    },
  };
}

export async function startShopifyAdminServer({
  fake = new ShopifyAdminFake(),
  port = 0,
  delayFor,
  apiSecret,
  checkAccessTokens = false,
}: ShopifyAdminServerOptions = {}): Promise<ShopifyAdminServer> {
  const tokenExchanges: TokenExchange[] = [];
  const issuedTokens = new Map<string, Set<string>>();
  const addToken = (shop: string, token: string) => void issuedTokens.set(shop, (issuedTokens.get(shop) ?? new Set()).add(token));
  const accessTokenChecks: AccessTokenCheck[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      const pathname = new URL(request.url ?? "/", "http://fake").pathname;
      if (request.method === "GET" && pathname === APP_BRIDGE_PATH) {
        response
          .writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" })
          .end(APP_BRIDGE_STAND_IN_SOURCE);
        return;
      }
      if (pathname.startsWith("/oauth/access_token/")) {
        const tokenShop = decodeURIComponent(pathname.slice("/oauth/access_token/".length));
        const reply = exchangeToken(tokenShop, body, apiSecret, tokenExchanges);
        if (reply.status === 200) addToken(tokenShop, (reply.body as { access_token: string }).access_token);
        response.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.body));
        return;
      }
      try {
        const shop = decodeURIComponent(new URL(request.url ?? "/", "http://fake").pathname.replace(/^\/graphql\//, ""));
        if (checkAccessTokens) {
          const header = request.headers["x-shopify-access-token"];
          const token = typeof header === "string" ? header : null;
          const accepted = token !== null && (issuedTokens.get(shop)?.has(token) ?? false);
          accessTokenChecks.push({ shop, token, accepted });
          if (!accepted) {
            response.writeHead(401, { "Content-Type": "application/json" }).end(JSON.stringify(INVALID_TOKEN));
            return;
          }
        }
        const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
        const delay = delayFor?.(query) ?? 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const result = await fake.clientFor(shop)(query, variables ?? {});
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result));
      } catch (error) {
        response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ errors: [{ message: String(error) }] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    appBridgeUrl: `${url}${APP_BRIDGE_PATH}`,
    fake,
    tokenExchanges,
    accessTokenChecks,
    grantAccessToken: addToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
