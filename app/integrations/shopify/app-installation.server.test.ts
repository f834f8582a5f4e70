import { HttpInternalError, HttpResponseError, HttpThrottlingError } from "@shopify/shopify-api";
import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import { ShopifyAdminFake } from "../../../simulators/shopify/admin-graphql-fake";
import { type AdminGraphql, setAdminGraphqlFactory } from "./admin-graphql.server";
import { isAppInstalled } from "./app-installation.server";

const SHOP = "ada.myshopify.com";
const shopify = new ShopifyAdminFake();

/** Shopify's Admin API for this test: the fake's answer, or `error` thrown where the library throws it. */
function shopifyFails(error: unknown, where: "call" | "session" = "call") {
  setAdminGraphqlFactory(async () => {
    if (where === "session") throw error;
    return (async () => Promise.reject(error)) as AdminGraphql;
  });
}

const httpError = (code: number, body: Record<string, unknown> = {}) =>
  new HttpResponseError({ message: `HTTP ${code}`, code, statusText: "", body });

afterEach(() => setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop)));

describe("isAppInstalled", () => {
  it("is true when Shopify answers with the stored token", async () => {
    setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
    expect(await isAppInstalled(SHOP)).toBe(true);
  });

  it.each([
    ["answers with GraphQL errors", async () => ({ errors: [{ message: "Access denied", extensions: { code: "ACCESS_DENIED" } }] })],
    ["throttles the query", async () => ({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] })],
  ])("is true when Shopify %s: the token was accepted", async (_kind, answer) => {
    setAdminGraphqlFactory(async () => answer as AdminGraphql);
    expect(await isAppInstalled(SHOP)).toBe(true);
  });

  it("is true when Shopify throttles with 429: throttling is per installation", async () => {
    shopifyFails(new HttpThrottlingError({ message: "Throttled", code: 429, statusText: "Too Many Requests", retryAfter: 2 }));
    expect(await isAppInstalled(SHOP)).toBe(true);
  });

  it.each([
    ["refuses the token (401)", httpError(401, { errors: "[API] Invalid API key or access token" }), "call"],
    ["no longer knows the shop (404)", httpError(404), "call"],
    ["refuses to renew the expired token (invalid_subject_token)", httpError(400, { error: "invalid_subject_token" }), "session"],
    ["fails the renewal otherwise (the library's bare 500)", new Response(undefined, { status: 500 }), "session"],
    ["has no offline session stored", new SessionNotFoundError("Could not find a session"), "session"],
  ] as const)("is false when Shopify %s", async (_kind, error, where) => {
    shopifyFails(error, where);
    expect(await isAppInstalled(SHOP)).toBe(false);
  });

  it.each([
    ["the network fails", new TypeError("fetch failed")],
    ["Shopify fails (5xx)", new HttpInternalError({ message: "Shopify internal error", code: 503, statusText: "Service Unavailable" })],
    ["Shopify answers 400 for another reason", httpError(400, { error: "invalid_request" })],
  ])("throws when %s: nothing is known", async (_kind, error) => {
    shopifyFails(error);
    await expect(isAppInstalled(SHOP)).rejects.toBe(error);
  });
});
