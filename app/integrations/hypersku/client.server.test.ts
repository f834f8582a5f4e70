import { describe, expect, it } from "vitest";
import { createHyperskuClient, tokenResponseToTokenSet } from "./client.server";
import {
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuOutcomeUnknownError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
} from "./errors";
import { createCaptureLogger } from "./testing/capture-logger";
import { buildExternalOrder, buildOrderJson, buildTestConfig, buildTokenResponseJson } from "./testing/factories";
import { createFakeFetch, jsonResponse, type Responder, wrapped } from "./testing/fake-fetch";

const auth = { accessToken: "access-token-SENSITIVE-abc", shop: "example.myshopify.com" };

function setup(responder: Responder, configOverrides = {}) {
  const { fetch, requests } = createFakeFetch(responder);
  const logger = createCaptureLogger();
  const config = buildTestConfig(configOverrides);
  const client = createHyperskuClient(config, { fetch, logger, now: () => new Date("2024-05-01T12:00:00Z") });
  return { client, requests, logger, config };
}

const base = "https://api.hypersku.test";

describe("createHyperskuClient: every operation's request", () => {
  it("accessToken posts client credentials and the code, without Authorization", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped(buildTokenResponseJson())));
    const tokens = await client.accessToken({ code: "code-SENSITIVE" });
    expect(tokens.accessToken).toBe("access-token-SENSITIVE-1");
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/auth/admin/token/access_token`,
      body: { clientId: "client-id-1", clientSecret: "client-secret-SENSITIVE", code: "code-SENSITIVE" },
    });
    expect(requests[0].headers.authorization).toBeUndefined();
  });

  it("refreshToken posts client credentials and the refresh token", async () => {
    const { client, requests } = setup(() => jsonResponse(buildTokenResponseJson()));
    await client.refreshToken({ refreshToken: "refresh-SENSITIVE" });
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/auth/admin/token/refresh_token`,
      body: { clientId: "client-id-1", clientSecret: "client-secret-SENSITIVE", refreshToken: "refresh-SENSITIVE" },
    });
  });

  it("createOrderFromExternal posts the order with the token", async () => {
    const order = buildExternalOrder();
    const { client, requests } = setup(() => jsonResponse(wrapped(buildOrderJson({ storeOrderId: order.storeOrderId }))));
    const created = await client.createOrderFromExternal(auth, order);
    expect(created.orderBaseInfo?.storeOrderId).toBe(order.storeOrderId);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/customer/admin/orders/createOrderFromExternal`,
      body: order,
      headers: { authorization: auth.accessToken, "content-type": "application/json" },
    });
  });

  it("getOrdersByExternalOrderId posts {storeCode, storeOrderId} and returns orders", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped([buildOrderJson()])));
    const orders = await client.getOrdersByExternalOrderId(auth, { storeCode: "s.myshopify.com", storeOrderId: "5000001" });
    expect(orders).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/customer/admin/orders/getOrdersByExternalOrderId`,
      body: { storeCode: "s.myshopify.com", storeOrderId: "5000001" },
    });
  });

  it("getOrdersStatus posts a JSON array of order ids", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped([{ orderId: 1, status: 2, statusDesc: "Processing" }])));
    expect(await client.getOrdersStatus(auth, [1, 2])).toEqual([{ orderId: 1, status: 2, statusDesc: "Processing" }]);
    expect(requests[0]).toMatchObject({ method: "POST", url: `${base}/api/customer/admin/orders/status`, body: [1, 2] });
  });

  it("listOrderByStoreOrderId GETs with the id in the path and unwraps {total, rows}", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ total: 1, rows: [buildOrderJson()] })));
    expect(await client.listOrderByStoreOrderId(auth, "50/01")).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "GET", url: `${base}/api/customer/admin/orders/list/50%2F01`, body: undefined });
  });

  it("updateOrderAddress posts {orderId, ...address}", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ address1: "2 Main St", city: "Springfield" })));
    const result = await client.updateOrderAddress(auth, { orderId: 9, address1: "2 Main St", city: "Springfield", countryCode: "US" });
    expect(result.address1).toBe("2 Main St");
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/customer/admin/orders/updateOrderAddress`,
      body: { orderId: 9, address1: "2 Main St", city: "Springfield", countryCode: "US" },
    });
  });

  it("cancelOrder GETs with ?orderId=", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ orderId: 9, status: 6, statusDesc: "Closed" })));
    expect(await client.cancelOrder(auth, 9)).toMatchObject({ status: 6 });
    expect(requests[0]).toMatchObject({ method: "GET", url: `${base}/api/customer/admin/orders/cancelOrder?orderId=9` });
  });

  it("getStockOrderInfo GETs with optional paging", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ total: 1, rows: [{ sku: "X" }] })));
    expect(await client.getStockOrderInfo(auth)).toEqual([{ sku: "X" }]);
    await client.getStockOrderInfo(auth, { pageNum: 2, pageSize: 50 });
    expect(requests.map((r) => r.url)).toEqual([
      `${base}/api/customer/admin/orders/getStockOrderInfo`,
      `${base}/api/customer/admin/orders/getStockOrderInfo?pageNum=2&pageSize=50`,
    ]);
  });

  it("internationalLogisticsInfo GETs by store order id", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped(buildOrderJson().logisticsItems)));
    const items = await client.internationalLogisticsInfo(auth, "5000001");
    expect(items[0].trackingNumber).toBe("YT0000000001");
    expect(requests[0]).toMatchObject({
      method: "GET",
      url: `${base}/api/customer/admin/logistics/internationalLogisticsInfo/5000001`,
    });
  });

  it("getCountryCode GETs the list", async () => {
    const { client, requests } = setup(() => jsonResponse([{ countryCode: "US", countryName: "United States" }]));
    expect(await client.getCountryCode(auth)).toEqual([{ countryCode: "US", countryName: "United States" }]);
    expect(requests[0]).toMatchObject({ method: "GET", url: `${base}/api/customer/admin/logistics/getCountryCode` });
  });

  it("getLogisticsSku posts {countryCode, skuItems}", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped([{ logisticsName: "Yun", freight: 3, deliveryDays: "7-12" }])));
    const options = await client.getLogisticsSku(auth, { countryCode: "US", skuItems: [{ skuId: 301, num: 2 }] });
    expect(options[0].logisticsName).toBe("Yun");
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/customer/admin/logistics/getLogisticsInfo-Sku`,
      body: { countryCode: "US", skuItems: [{ skuId: 301, num: 2 }] },
    });
  });

  it("getPrivateProduct GETs a page; {total, rows} and a bare list both become a page", async () => {
    const product = { productId: 77, storeProductId: "7200000000001", sourcingStatus: 3, sourcingStatusDesc: "Sourced", skuInfos: [] };
    const { client, requests } = setup((request) =>
      jsonResponse(wrapped(request.url.includes("pageNum=2") ? [product] : { total: 41, rows: [product] })),
    );
    expect(await client.getPrivateProduct(auth)).toMatchObject({ total: 41, rows: [{ productId: 77 }] });
    expect(await client.getPrivateProduct(auth, { pageNum: 2, pageSize: 20 })).toMatchObject({ total: 1, rows: [{ productId: 77 }] });
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", `${base}/api/customer/admin/product/getPrivateProduct`],
      ["GET", `${base}/api/customer/admin/product/getPrivateProduct?pageNum=2&pageSize=20`],
    ]);
  });

  it("getProductInfo GETs ?productId=", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ productId: "77", storeProductId: 7200000000001 })));
    expect(await client.getProductInfo(auth, 77)).toMatchObject({ productId: 77, storeProductId: "7200000000001" });
    expect(requests[0]).toMatchObject({ method: "GET", url: `${base}/api/customer/admin/product/getProductInfo?productId=77` });
  });

  it("create posts {skuItems, remark} with the token", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ orderId: 1000009, status: 1, amount: "32.00" })));
    expect(await client.create(auth, { skuItems: [{ skuId: 5, num: 10 }], remark: "restock" })).toMatchObject({
      orderId: 1000009,
      amount: 32,
    });
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${base}/api/customer/admin/orders/create`,
      body: { skuItems: [{ skuId: 5, num: 10 }], remark: "restock" },
      headers: { authorization: auth.accessToken },
    });
  });

  it("getToken posts {username, password} without Authorization; a 401 is a refused login, not a token problem", async () => {
    const { client, requests } = setup(() => jsonResponse(buildTokenResponseJson()));
    expect((await client.getToken({ username: "u", password: "pw-SENSITIVE" })).accessToken).toBe("access-token-SENSITIVE-1");
    expect(requests[0]).toMatchObject({ method: "POST", url: `${base}/api/auth/admin/token/getToken`, body: { username: "u" } });
    expect(requests[0].headers.authorization).toBeUndefined();
    const refused = setup(() => jsonResponse({ status: 401, message: "bad login" }, { status: 401 }));
    const error = await refused.client.getToken({ username: "u", password: "pw" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuRejectedError);
  });

  it("a method override from HYPERSKU_PATHS is used", async () => {
    const { client, requests } = setup(() => jsonResponse(wrapped({ productId: 77 })), { methods: { getProductInfo: "POST" } });
    await client.getProductInfo(auth, 77);
    expect(requests[0].method).toBe("POST");
  });

  it("uses a path override and the auth prefix", async () => {
    const config = buildTestConfig();
    const { client, requests } = setup(() => jsonResponse([]), {
      authPrefix: "Bearer ",
      paths: { ...config.paths, getCountryCode: "/v9/countries" },
    });
    await client.getCountryCode(auth);
    expect(requests[0]).toMatchObject({ url: `${base}/v9/countries`, headers: { authorization: `Bearer ${auth.accessToken}` } });
  });
});

describe("createOrderFromExternal: a 2xx is a success only with proof of the order (issue 14, item 2)", () => {
  const order = buildExternalOrder();
  const proven = buildOrderJson({ orderId: 900001, storeOrderId: order.storeOrderId });
  const { orderBaseInfo: _base, ...withoutBaseInfo } = proven;

  it.each([
    ["data: {}", wrapped({})],
    ["data: null", wrapped(null)],
    ["no data at all", { status: 200, message: "success", rel: true }],
    ["data.orderId at the top level", wrapped({ orderId: 900001, storeOrderId: order.storeOrderId })],
    ["data.id", wrapped({ id: 900001 })],
    ["an order without orderBaseInfo", wrapped(withoutBaseInfo)],
    ["orderBaseInfo without orderId", wrapped({ ...proven, orderBaseInfo: { ...proven.orderBaseInfo, orderId: undefined } })],
    ["orderBaseInfo.orderId null", wrapped({ ...proven, orderBaseInfo: { ...proven.orderBaseInfo, orderId: null } })],
    ["orderBaseInfo.orderId 0", wrapped({ ...proven, orderBaseInfo: { ...proven.orderBaseInfo, orderId: 0 } })],
    ["orderBaseInfo.orderId not a number", wrapped({ ...proven, orderBaseInfo: { ...proven.orderBaseInfo, orderId: "HS-1" } })],
    ["another order's storeOrderId", wrapped({ ...proven, orderBaseInfo: { ...proven.orderBaseInfo, storeOrderId: "999" } })],
    ["a bare {}", {}],
    ["a bare list", [proven]],
    ["a bare true", true],
    ["an empty body", ""],
  ])("%s -> HyperskuOutcomeUnknownError, never a success", async (_name, body) => {
    const { client } = setup(() => (typeof body === "string" ? new Response(body, { status: 200 }) : jsonResponse(body)));
    const error = await client.createOrderFromExternal(auth, order).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect((error as Error).message).toMatch(/did not (show the created order|confirm)|could not be read/);
  });

  it.each([
    ["the spec's shape", proven],
    ["orderId as a numeric string", { ...proven, orderBaseInfo: { ...proven.orderBaseInfo, orderId: "900001" } }],
    ["storeOrderId left out", { ...proven, orderBaseInfo: { ...proven.orderBaseInfo, storeOrderId: undefined } }],
    ["storeOrderId as a number", { ...proven, orderBaseInfo: { ...proven.orderBaseInfo, storeOrderId: Number(order.storeOrderId) } }],
    ["only orderBaseInfo.orderId", { orderBaseInfo: { orderId: 900001 } }],
  ])("%s -> success with the HyperSKU order id as a number", async (_name, data) => {
    for (const body of [wrapped(data), data, { status: 201, message: null, data, rel: true }]) {
      const { client } = setup(() => jsonResponse(body));
      const created = await client.createOrderFromExternal(auth, order);
      expect(created.orderBaseInfo.orderId).toBe(900001);
    }
  });
});

describe("createHyperskuClient: configuration and authorization", () => {
  it("buildAuthorizeUrl puts clientId, scope=oms, redirectUri and state on the authorize URL", () => {
    const { client } = setup(() => jsonResponse({}));
    const url = new URL(client.buildAuthorizeUrl({ redirectUri: "https://app.test/hypersku/callback?x=1", state: "s t" }));
    expect(url.origin + url.pathname).toBe("https://app.hypersku.test/application/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientId: "client-id-1",
      scope: "oms",
      redirectUri: "https://app.test/hypersku/callback?x=1",
      state: "s t",
    });
  });

  it("throws HyperskuNotConfiguredError naming the missing variables, before any request", async () => {
    const { client, requests } = setup(() => jsonResponse({}), { clientId: undefined, clientSecret: undefined });
    await expect(client.accessToken({ code: "c" })).rejects.toThrow(
      new HyperskuNotConfiguredError(["HYPERSKU_CLIENT_ID", "HYPERSKU_CLIENT_SECRET"], "accessToken").message,
    );
    await expect(client.refreshToken({ refreshToken: "r" })).rejects.toBeInstanceOf(HyperskuNotConfiguredError);
    expect(() => client.buildAuthorizeUrl({ redirectUri: "https://a.test", state: "s" })).toThrow(/HYPERSKU_CLIENT_ID/);
    expect(requests).toHaveLength(0);
    const secretOnly = setup(() => jsonResponse({}), { clientSecret: undefined });
    await expect(secretOnly.client.accessToken({ code: "c" })).rejects.toThrow("set HYPERSKU_CLIENT_SECRET.");
  });
});

describe("no token or secret in any error message or log line", () => {
  const secrets = ["access-token-SENSITIVE", "refresh-token-SENSITIVE", "client-secret-SENSITIVE", "code-SENSITIVE"];

  it.each([
    ["accessToken 60025", 200, wrapped(null, 60025, "code code-SENSITIVE-1 used"), HyperskuAuthorizationCodeRejectedError],
    ["refreshToken 401", 401, { status: 401, message: "client-secret-SENSITIVE wrong" }, HyperskuClientCredentialsRejectedError],
    ["refreshToken 40101", 200, wrapped(null, 40101, "refresh-token-SENSITIVE-1 expired"), HyperskuTokenRejectedError],
    ["read 400", 400, { status: 40001, message: "token access-token-SENSITIVE-abc bad" }, HyperskuError],
  ])("%s", async (name, status, body, errorClass) => {
    const { client, logger } = setup(() => jsonResponse(body, { status }));
    const operation = name.startsWith("accessToken")
      ? client.accessToken({ code: "code-SENSITIVE-1" })
      : name.startsWith("refreshToken")
        ? client.refreshToken({ refreshToken: "refresh-token-SENSITIVE-1" })
        : client.getCountryCode(auth);
    const error = await operation.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(errorClass);
    const text = `${(error as Error).message} ${String((error as Error).cause ?? "")} ${JSON.stringify(error)} ${JSON.stringify(logger.entries)}`;
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("successful token exchanges log no token", async () => {
    const { client, logger } = setup(() => jsonResponse(wrapped(buildTokenResponseJson())));
    await client.accessToken({ code: "code-SENSITIVE-2" });
    await client.refreshToken({ refreshToken: "refresh-token-SENSITIVE-2" });
    const text = JSON.stringify(logger.entries);
    expect(logger.entries).toHaveLength(2);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe("tokenResponseToTokenSet", () => {
  const now = new Date("2024-05-01T12:00:00Z");

  it("turns lifetimes in seconds into absolute instants", () => {
    expect(tokenResponseToTokenSet(buildTokenResponseJson(), now)).toEqual({
      accessToken: "access-token-SENSITIVE-1",
      refreshToken: "refresh-token-SENSITIVE-1",
      accessTokenExpiresAt: new Date("2024-05-01T14:00:00Z"),
      refreshTokenExpiresAt: new Date("2024-05-31T12:00:00Z"),
      scope: "oms",
      userId: "user-1",
    });
  });

  it("treats missing or 0 lifetimes as unknown (null)", () => {
    const set = tokenResponseToTokenSet({ accessToken: "a", expiresIn: 0, refreshToken: "r" }, now);
    expect(set.accessTokenExpiresAt).toBeNull();
    expect(set.refreshTokenExpiresAt).toBeNull();
    expect(set.scope).toBeNull();
  });

  it("keeps an unrotated refresh token and its expiry from the previous set", () => {
    const previous = tokenResponseToTokenSet(buildTokenResponseJson(), now);
    const later = new Date("2024-05-01T13:55:00Z");
    const next = tokenResponseToTokenSet({ accessToken: "a2", expiresIn: 7200 }, later, previous);
    expect(next).toMatchObject({
      accessToken: "a2",
      refreshToken: "refresh-token-SENSITIVE-1",
      refreshTokenExpiresAt: previous.refreshTokenExpiresAt,
      accessTokenExpiresAt: new Date("2024-05-01T15:55:00Z"),
      scope: "oms",
      userId: "user-1",
    });
  });
});
