import { getJwt } from "@shopify/shopify-api/test-helpers";
import { createSessionToken } from "../simulators/harness/embedded-admin";
import { API_KEY, API_SECRET_KEY } from "../simulators/harness/offline-keys";
import { contentSecurityPolicyFor, frameAncestors, frameAncestorsFor, parseSessionTokenShop } from "./frame-ancestors.server";

const SHOP_A = "ada-mugs.myshopify.com";
const SHOP_B = "bob-tees.myshopify.com";
const keys = { apiKey: API_KEY, apiSecret: API_SECRET_KEY };

/** A token as the admin mints it, with some claims replaced. */
const tokenWith = async (claims: Record<string, unknown>, secret = API_SECRET_KEY) =>
  (await getJwt(SHOP_A.replace(".myshopify.com", ""), API_KEY, secret, claims)).token;

describe("parseSessionTokenShop", () => {
  it("is the shop a current token from this app was minted for", async () => {
    expect(parseSessionTokenShop(await createSessionToken(SHOP_A), keys)).toBe(SHOP_A);
  });

  it.each([
    ["signed with another secret", () => createSessionToken(SHOP_A, { secret: "someone-elses-secret" })],
    ["for another app", () => tokenWith({ aud: "another-app-key" })],
    ["expired", () => tokenWith({ exp: Date.now() / 1000 - 60 })],
    ["not valid yet", () => tokenWith({ nbf: Date.now() / 1000 + 60 })],
    ["for a destination that is not a shop", () => tokenWith({ dest: "https://evil.example" })],
    ["for a shop over plain http", () => tokenWith({ dest: `http://${SHOP_A}` })],
    ["without an expiry", () => tokenWith({ exp: undefined })],
  ])("is null for a token %s", async (_kind, make) => {
    expect(parseSessionTokenShop(await make(), keys)).toBeNull();
  });

  it("is null for a token whose claims were changed after signing", async () => {
    const [header, , signature] = (await createSessionToken(SHOP_A)).split(".");
    const forged = Buffer.from(JSON.stringify({ dest: `https://${SHOP_B}`, aud: API_KEY, exp: Date.now() / 1000 + 60 })).toString(
      "base64url",
    );
    expect(parseSessionTokenShop(`${header}.${forged}.${signature}`, keys)).toBeNull();
  });

  it.each(["", "not-a-token", "a.b", "a.b.c.d", "..."])("is null for %j", (token) => {
    expect(parseSessionTokenShop(token, keys)).toBeNull();
  });

  it("allows ten seconds of clock difference, as the library does", async () => {
    const exp = Date.now() / 1000;
    const token = await tokenWith({ exp });
    expect(parseSessionTokenShop(token, keys, new Date((exp + 9) * 1000))).toBe(SHOP_A);
    expect(parseSessionTokenShop(token, keys, new Date((exp + 11) * 1000))).toBeNull();
  });
});

describe("frameAncestors", () => {
  it("is the authenticated shop and the admin, the admin alone, or nobody", () => {
    expect(frameAncestors(SHOP_A, true)).toBe(`https://${SHOP_A} https://admin.shopify.com`);
    expect(frameAncestors(SHOP_A, false)).toBe(`https://${SHOP_A} https://admin.shopify.com`);
    expect(frameAncestors(null, true)).toBe("https://admin.shopify.com");
    expect(frameAncestors(null, false)).toBe("'none'");
  });
});

describe("frameAncestorsFor", () => {
  it("follows the session token's shop, not the query's", async () => {
    const url = `/app?shop=${SHOP_B}&embedded=1&id_token=${await createSessionToken(SHOP_A)}`;
    expect(frameAncestorsFor({ url })).toBe(`https://${SHOP_A} https://admin.shopify.com`);
  });

  it("reads a Bearer token too (fetches from an embedded page)", async () => {
    const authorization = `Bearer ${await createSessionToken(SHOP_A)}`;
    expect(frameAncestorsFor({ url: `/app/orders?shop=${SHOP_B}`, authorization })).toBe(`https://${SHOP_A} https://admin.shopify.com`);
  });

  it("lets only the admin frame a request that names a shop without a valid token", async () => {
    expect(frameAncestorsFor({ url: `/?shop=${SHOP_B}&host=abc` })).toBe("https://admin.shopify.com");
    const forged = await createSessionToken(SHOP_B, { secret: "someone-elses-secret" });
    expect(frameAncestorsFor({ url: `/app?shop=${SHOP_B}&id_token=${forged}` })).toBe("https://admin.shopify.com");
  });

  it("lets nobody frame anything else", () => {
    expect(frameAncestorsFor({ url: "/auth/login" })).toBe("'none'");
    expect(frameAncestorsFor({ url: "/app?shop=not a shop" })).toBe("'none'");
  });
});

describe("contentSecurityPolicyFor", () => {
  const request = { url: `/?shop=${SHOP_B}` };

  it("replaces the library's frame-ancestors, keeping the other directives", () => {
    const library = `frame-ancestors https://${SHOP_B} https://admin.shopify.com https://*.spin.dev;`;
    expect(contentSecurityPolicyFor(library, request)).toBe("frame-ancestors https://admin.shopify.com");
    expect(contentSecurityPolicyFor(`default-src 'self'; ${library}`, request)).toBe(
      "default-src 'self'; frame-ancestors https://admin.shopify.com",
    );
  });

  it("keeps a route's own 'none'", () => {
    expect(contentSecurityPolicyFor("frame-ancestors 'none'", request)).toBe("frame-ancestors 'none'");
  });

  it("adds one where there was none", () => {
    expect(contentSecurityPolicyFor("", { url: "/health" })).toBe("frame-ancestors 'none'");
  });
});
