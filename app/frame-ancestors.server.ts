/**
 * Who may frame a response: the CSP `frame-ancestors` source list. server.js puts it on every
 * answer of the production server (replacing the library's), entry.server.tsx on documents (so the
 * Remix dev server behaves the same).
 *
 * - A request carrying a valid session token (the admin's `id_token` on a document load, a Bearer
 *   token on a fetch): the shop the token was minted for (its `dest`) and the Shopify admin.
 * - Any other request that names a shop (`?shop=`: the way into the embedded app, the library's
 *   bounce pages): the Shopify admin only. The query is whatever the sender wrote; shopify-app-remix's
 *   addDocumentResponseHeaders follows it, so a page loaded with shop A's session and `?shop=B`
 *   let B's admin frame it.
 * - Everything else (login, HyperSKU pages, errors, /health, assets): nobody.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";

const SHOPIFY_ADMIN = "https://admin.shopify.com";
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
/** As the library allows when it verifies a session token (@shopify/shopify-api decode-session-token). */
const CLOCK_TOLERANCE_SECONDS = 10;

type AppKeys = { apiKey: string; apiSecret: string };
type SessionTokenClaims = { aud?: unknown; dest?: unknown; exp?: unknown; nbf?: unknown };

function decodeClaims(payload: string): SessionTokenClaims | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims !== null && typeof claims === "object" ? (claims as SessionTokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * The shop a session token was minted for, or null unless it is one Shopify signed for this app
 * (HS256 with the app's secret, audience the app's key) and it is current. The checks
 * authenticate.admin makes (https://shopify.dev/docs/apps/build/authentication-authorization/session-tokens).
 */
export function parseSessionTokenShop(token: string, { apiKey, apiSecret }: AppKeys, now = new Date()): string | null {
  const [header, payload, signature, extra] = token.split(".");
  if (!header || !payload || !signature || extra !== undefined) return null;
  const expected = createHmac("sha256", apiSecret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    if ((JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown }).alg !== "HS256") return null;
  } catch {
    return null;
  }
  const claims = decodeClaims(payload);
  if (!claims || claims.aud !== apiKey || typeof claims.exp !== "number" || typeof claims.dest !== "string") return null;
  const seconds = now.getTime() / 1000;
  if (seconds > claims.exp + CLOCK_TOLERANCE_SECONDS) return null;
  if (typeof claims.nbf === "number" && seconds < claims.nbf - CLOCK_TOLERANCE_SECONDS) return null;
  let shop: string;
  try {
    const dest = new URL(claims.dest);
    if (dest.protocol !== "https:") return null;
    shop = dest.hostname.toLowerCase();
  } catch {
    return null;
  }
  return SHOP_DOMAIN.test(shop) ? shop : null;
}

/** The source list for `frame-ancestors`, from the token the request carries and whether it names a shop. */
export function frameAncestors(authenticatedShop: string | null, namesShop: boolean): string {
  if (authenticatedShop) return `https://${authenticatedShop} ${SHOPIFY_ADMIN}`;
  return namesShop ? SHOPIFY_ADMIN : "'none'";
}

export type FramedRequest = { url: string; authorization?: string | null };

/** `frame-ancestors` for a request (its URL, path and query, and its Authorization header). */
export function frameAncestorsFor({ url, authorization }: FramedRequest, now = new Date()): string {
  let searchParams: URLSearchParams;
  try {
    searchParams = new URL(url, "http://localhost").searchParams;
  } catch {
    return "'none'";
  }
  const keys = { apiKey: env.SHOPIFY_API_KEY, apiSecret: env.SHOPIFY_API_SECRET };
  const tokens = [searchParams.get("id_token"), /^Bearer (.+)$/i.exec(authorization ?? "")?.[1]?.trim()];
  const shop = tokens.map((token) => (token ? parseSessionTokenShop(token, keys, now) : null)).find(Boolean) ?? null;
  const namesShop = SHOP_DOMAIN.test(searchParams.get("shop")?.toLowerCase() ?? "");
  return frameAncestors(shop, namesShop);
}

/**
 * `csp` (a response's Content-Security-Policy, or "") with its `frame-ancestors` decided here:
 * whatever the library wrote there goes; a route's own `'none'` stays; other directives stay.
 */
export function contentSecurityPolicyFor(csp: string, request: FramedRequest, now = new Date()): string {
  const directives = csp
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean);
  const isFrameAncestors = (directive: string) => /^frame-ancestors(\s|$)/i.test(directive);
  const routeForbids = directives.some((directive) => isFrameAncestors(directive) && /^frame-ancestors\s+'none'$/i.test(directive));
  const policy = `frame-ancestors ${routeForbids ? "'none'" : frameAncestorsFor(request, now)}`;
  return [...directives.filter((directive) => !isFrameAncestors(directive)), policy].join("; ");
}
