// The HyperSKU client over real HTTP against the simulator (docs/hypersku-contract.md): every operation,
// every error class, both envelope forms and both styles of token rejection.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHyperskuClient, type HyperskuAuth, type HyperskuClient } from "~/integrations/hypersku/client.server";
import { DEFAULT_OPERATIONS, HYPERSKU_OPERATIONS, type HyperskuConfig } from "~/integrations/hypersku/config";
import {
  HyperskuAuthorizationCodeRejectedError,
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  HyperskuError,
  HyperskuNotConfiguredError,
  HyperskuNotConnectedError,
  HyperskuOutcomeUnknownError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
  HyperskuUnavailableError,
} from "~/integrations/hypersku/errors";
import { sourcingStateOf } from "~/integrations/hypersku/catalogue-schemas";
import { createCaptureLogger } from "~/integrations/hypersku/testing/capture-logger";
import { buildExternalOrder, buildTestConfig } from "~/integrations/hypersku/testing/factories";
import { createMemoryTokenStore, type MemoryTokenStore } from "~/integrations/hypersku/testing/memory-token-store";
import { tokenResponseToTokenSet } from "~/integrations/hypersku/token-set";
import { createHyperskuTokenManager, type HyperskuTokenStore } from "~/integrations/hypersku/tokens.server";
import { matchRoute } from "../../simulators/hypersku/routes";
import { startHyperskuSimulator, type HyperskuSimulator } from "../../simulators/hypersku/server";
import { DEMO_CATALOGUE } from "../../simulators/shopify/product-catalogue";

const SHOP = "example-shop.myshopify.com";
const TIMEOUT_MS = 400;

const COMBINATIONS = [
  { envelope: "wrapped", authErrorStyle: "http" },
  { envelope: "wrapped", authErrorStyle: "body" },
  { envelope: "bare", authErrorStyle: "http" },
  { envelope: "bare", authErrorStyle: "body" },
] as const;

let simulator: HyperskuSimulator;

beforeAll(async () => {
  simulator = await startHyperskuSimulator();
});

afterAll(async () => {
  await simulator?.close();
});

function clientConfig(overrides: Partial<HyperskuConfig> = {}): HyperskuConfig {
  return buildTestConfig({
    apiUrl: simulator.url,
    authorizeUrl: `${simulator.url}/application/auth`,
    clientId: "sim-client-id",
    clientSecret: "sim-client-secret",
    timeoutMs: TIMEOUT_MS,
    ...overrides,
  });
}

async function caught(promise: Promise<unknown>): Promise<HyperskuError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HyperskuError);
  return error as HyperskuError;
}

const requestsOf = (operation: string) => simulator.control.requests().filter((entry) => entry.operation === operation);

describe("every operation of the spec", () => {
  it.each(HYPERSKU_OPERATIONS)("%s: the twin answers it at the client's default method and path", (operation) => {
    const { method, path } = DEFAULT_OPERATIONS[operation];
    const match = matchRoute(method, path.replace("{storeOrderId}", "5000001"));
    expect(match).toMatchObject({ kind: "found", route: { operation } });
  });
});

describe.each(COMBINATIONS)("HyperSKU client vs simulator (envelope $envelope, auth errors $authErrorStyle)", (style) => {
  let client: HyperskuClient;
  let logger: ReturnType<typeof createCaptureLogger>;

  beforeEach(() => {
    simulator.control.reset();
    // Options survive reset(): set every one a test here may change.
    simulator.control.configure({
      ...style,
      authPrefix: "",
      rotateRefreshTokens: false,
      duplicateCreate: "return-existing",
      accessTokenLifetimeSeconds: 7200,
    });
    logger = createCaptureLogger();
    client = createHyperskuClient(clientConfig(), { logger });
  });

  async function connect(target: HyperskuClient = client) {
    const response = await target.accessToken({ code: simulator.control.issueAuthorizationCode(), shop: SHOP });
    return { response, auth: { accessToken: response.accessToken, shop: SHOP } satisfies HyperskuAuth };
  }

  async function createOrder(auth: HyperskuAuth) {
    const order = buildExternalOrder({ storeCode: SHOP });
    const created = await client.createOrderFromExternal(auth, order);
    return { order, created, orderId: created.orderBaseInfo!.orderId! };
  }

  describe("authorization and tokens", () => {
    it("buildAuthorizeUrl is accepted by the authorization page", async () => {
      const url = client.buildAuthorizeUrl({ redirectUri: "http://localhost:3000/hypersku/callback", state: "st-1" });
      const page = await fetch(url, { redirect: "manual" });
      expect(page.status).toBe(200);
      const wrong = await fetch(client.buildAuthorizeUrl({ redirectUri: "http://localhost:3000/other", state: "st-1" }));
      expect(wrong.status).not.toBe(200);
    });

    it("accessToken exchanges a code; lifetimes become absolute expiry instants", async () => {
      const now = new Date();
      const { response } = await connect();
      expect(response).toMatchObject({ expiresIn: 7200, scope: "oms", userId: "sim-user-1" });
      const set = tokenResponseToTokenSet(response, now);
      expect(set.accessTokenExpiresAt).toEqual(new Date(now.getTime() + 7200_000));
      expect(set.refreshToken).toEqual(expect.any(String));
      const [request] = requestsOf("accessToken");
      expect(request.authorization).toBe(false);
    });

    it("a used code -> HyperskuAuthorizationCodeRejectedError (60025)", async () => {
      const code = simulator.control.issueAuthorizationCode();
      await client.accessToken({ code });
      const error = await caught(client.accessToken({ code }));
      expect(error).toBeInstanceOf(HyperskuAuthorizationCodeRejectedError);
      expect(error.hyperskuStatus).toBe(60025);
      expect(error.message).toBe("HyperSKU did not accept the authorization; connect again.");
    });

    it("a wrong client secret -> HyperskuClientCredentialsRejectedError on accessToken and refreshToken", async () => {
      const { response } = await connect();
      const wrong = createHyperskuClient(clientConfig({ clientSecret: "not-the-secret" }), { logger });
      const onAccess = await caught(wrong.accessToken({ code: simulator.control.issueAuthorizationCode() }));
      expect(onAccess).toBeInstanceOf(HyperskuClientCredentialsRejectedError);
      const onRefresh = await caught(wrong.refreshToken({ refreshToken: response.refreshToken! }));
      expect(onRefresh).toBeInstanceOf(HyperskuClientCredentialsRejectedError);
    });

    it("missing client credentials -> HyperskuNotConfiguredError without a request", async () => {
      const unconfigured = createHyperskuClient(clientConfig({ clientId: undefined, clientSecret: undefined }), { logger });
      const error = await caught(unconfigured.accessToken({ code: "x" }));
      expect(error).toBeInstanceOf(HyperskuNotConfiguredError);
      expect(error.message).toContain("HYPERSKU_CLIENT_ID");
      expect(simulator.control.requests()).toEqual([]);
    });

    it("refreshToken issues a working access token", async () => {
      const { response, auth } = await connect();
      const refreshed = await client.refreshToken({ refreshToken: response.refreshToken!, shop: SHOP });
      expect(refreshed.accessToken).not.toBe(auth.accessToken);
      await expect(client.getCountryCode({ ...auth, accessToken: refreshed.accessToken })).resolves.not.toHaveLength(0);
    });

    it("an invalid or expired access token -> HyperskuTokenRejectedError", async () => {
      const { auth } = await connect();
      expect(await caught(client.getCountryCode({ ...auth, accessToken: "nope" }))).toBeInstanceOf(HyperskuTokenRejectedError);
      simulator.control.expireAccessTokens();
      expect(await caught(client.getCountryCode(auth))).toBeInstanceOf(HyperskuTokenRejectedError);
    });

    it("sends Authorization as <prefix><token> exactly", async () => {
      simulator.control.configure({ authPrefix: "Bearer " });
      const prefixed = createHyperskuClient(clientConfig({ authPrefix: "Bearer " }), { logger });
      const { auth } = await connect(prefixed);
      await prefixed.getCountryCode(auth);
      expect(requestsOf("getCountryCode").at(-1)?.authorizationValue).toBe(`Bearer ${auth.accessToken}`);
      expect(await caught(client.getCountryCode(auth))).toBeInstanceOf(HyperskuTokenRejectedError);
    });
  });

  describe("every operation", () => {
    it("createOrderFromExternal returns the stored order (2.7) with Dates", async () => {
      const { auth } = await connect();
      const { order, created } = await createOrder(auth);
      expect(created.orderBaseInfo).toMatchObject({ storeOrderId: order.storeOrderId, status: 8, statusDesc: "Pending Sourcing" });
      expect(created.orderBaseInfo?.createTime).toBeInstanceOf(Date);
      expect(created.orderBaseInfo?.payTime).toEqual(new Date(order.paidAt!));
      expect(created.orderItemInfos).toHaveLength(1);
      expect(created.orderAddressInfo).toMatchObject({ city: "Springfield", countryCode: "US" });
    });

    it("getOrdersByExternalOrderId, listOrderByStoreOrderId and getOrdersStatus find it", async () => {
      const { auth } = await connect();
      const { order, orderId } = await createOrder(auth);
      const found = await client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: order.storeOrderId });
      expect(found.map((o) => o.orderBaseInfo?.orderId)).toEqual([orderId]);
      expect(await client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: "404404" })).toEqual([]);
      const listed = await client.listOrderByStoreOrderId(auth, order.storeOrderId);
      expect(listed.map((o) => o.orderBaseInfo?.orderId)).toEqual([orderId]);
      const statuses = await client.getOrdersStatus(auth, [orderId]);
      expect(statuses).toEqual([{ orderId, status: 8, statusDesc: "Pending Sourcing", storeOrderId: order.storeOrderId }]);
    });

    it("updateOrderAddress changes the address before shipping and is rejected after", async () => {
      const { auth } = await connect();
      const { orderId } = await createOrder(auth);
      const address = { address1: "2 Side St", city: "Shelbyville", countryCode: "US", firstName: "Ada", zip: "62565" };
      const updated = await client.updateOrderAddress(auth, { orderId, ...address });
      expect(updated).toMatchObject({ address1: "2 Side St", city: "Shelbyville" });
      simulator.control.advance(orderId, { to: 4 });
      const error = await caught(client.updateOrderAddress(auth, { orderId, ...address }));
      expect(error).toBeInstanceOf(HyperskuRejectedError);
      expect(error.message).toMatch(/can no longer be changed/);
    });

    it("cancelOrder closes an unshipped order and is rejected for a shipped one", async () => {
      const { auth } = await connect();
      const { orderId } = await createOrder(auth);
      expect(await client.cancelOrder(auth, orderId)).toEqual({ orderId, status: 6, statusDesc: "Closed" });
      const second = await createOrder(auth);
      simulator.control.advance(second.orderId, { to: 4 });
      const error = await caught(client.cancelOrder(auth, second.orderId));
      expect(error).toBeInstanceOf(HyperskuRejectedError);
      expect(error.message).toMatch(/can no longer be cancelled/);
    });

    it("internationalLogisticsInfo returns the parcels once shipped", async () => {
      const { auth } = await connect();
      const { order, orderId } = await createOrder(auth);
      expect(await client.internationalLogisticsInfo(auth, order.storeOrderId)).toEqual([]);
      simulator.control.advance(orderId, { to: 4 });
      const parcels = await client.internationalLogisticsInfo(auth, order.storeOrderId);
      expect(parcels).toHaveLength(1);
      expect(parcels[0]).toMatchObject({ orderId, trackingNumber: expect.any(String), trackingCompany: expect.any(String) });
      expect(parcels[0].shippingItems?.[0]).toMatchObject({ storeOrderLineItemId: order.lineItems[0].storeOrderLineItemId });
    });

    it("getStockOrderInfo, getCountryCode and getLogisticsSku", async () => {
      const { auth } = await connect();
      expect(await client.getStockOrderInfo(auth)).toEqual([]);
      expect(await client.getStockOrderInfo(auth, { pageNum: 1, pageSize: 20 })).toEqual([]);
      expect(await client.getCountryCode(auth)).toContainEqual({ countryCode: "US", countryName: "United States" });
      const skuId = simulator.control.catalogue()[0].skuInfos[0].skuId;
      const quotes = await client.getLogisticsSku(auth, { countryCode: "US", skuItems: [{ skuId, num: 2 }] });
      expect(quotes.length).toBeGreaterThan(0);
      expect(quotes[0]).toMatchObject({ logisticsName: expect.any(String), freight: expect.any(Number), currencyCode: "USD" });
    });

    it("getPrivateProduct pages the catalogue; getProductInfo reads one product, an unknown one is refused", async () => {
      const { auth } = await connect();
      const first = await client.getPrivateProduct(auth, { pageNum: 1, pageSize: 2 });
      const second = await client.getPrivateProduct(auth, { pageNum: 2, pageSize: 2 });
      expect([first.total, first.rows.length, second.total, second.rows.length]).toEqual([3, 2, 3, 1]);
      const mug = [...first.rows, ...second.rows].find((product) => product.storeProductId === String(DEMO_CATALOGUE[0].id))!;
      expect(sourcingStateOf(mug.sourcingStatus)).toBe("sourced");
      expect(mug.skuInfos?.[0]).toMatchObject({ unitPrice: 3.2, currencyCode: "USD", stock: 120, skuStatus: 1 });
      expect(await client.getProductInfo(auth, mug.productId!)).toEqual(mug);
      expect(await caught(client.getProductInfo(auth, 1))).toBeInstanceOf(HyperskuRejectedError);
    });

    it("sourcing, stock and a SKU no longer offered, changed in the twin, show through the client", async () => {
      const { auth } = await connect();
      const tote = simulator.control.catalogue().find((product) => product.storeProductId === String(DEMO_CATALOGUE[1].id))!;
      expect(sourcingStateOf((await client.getProductInfo(auth, tote.productId)).sourcingStatus)).toBe("not-sourced");
      simulator.control.advanceSourcing(tote.productId);
      simulator.control.advanceSourcing(tote.productId);
      const sourced = await client.getProductInfo(auth, tote.productId);
      expect(sourcingStateOf(sourced.sourcingStatus)).toBe("sourced");
      const skuId = sourced.skuInfos![0].skuId!;
      simulator.control.setStock(skuId, 4);
      expect((await client.getProductInfo(auth, tote.productId)).skuInfos?.[0].stock).toBe(4);
      simulator.control.stopOfferingSku(skuId);
      expect((await client.getProductInfo(auth, tote.productId)).skuInfos?.[0].skuStatus).toBe(0);
      const refused = await caught(client.getLogisticsSku(auth, { countryCode: "US", skuItems: [{ skuId, num: 1 }] }));
      expect(refused).toBeInstanceOf(HyperskuRejectedError);
      expect(refused.message).toContain("no longer offered");
    });

    it("create places a stock order that getStockOrderInfo lists; getToken logs in (both inferred)", async () => {
      const { auth } = await connect();
      const skuId = simulator.control.catalogue()[0].skuInfos[0].skuId;
      const created = await client.create(auth, { skuItems: [{ skuId, num: 3 }] });
      expect(created).toMatchObject({ orderId: expect.any(Number), status: 1 });
      expect(await client.getStockOrderInfo(auth)).toEqual([expect.objectContaining({ orderId: created.orderId })]);
      expect(await caught(client.create(auth, { skuItems: [{ skuId: 1, num: 1 }] }))).toBeInstanceOf(HyperskuRejectedError);
      const tokens = await client.getToken({ username: "merchant@example.com", password: "sim-password" });
      expect(await client.getCountryCode({ accessToken: tokens.accessToken })).not.toHaveLength(0);
      expect(await caught(client.getToken({ username: "merchant@example.com", password: "wrong" }))).toBeInstanceOf(HyperskuRejectedError);
    });

    it("faults reach the new operations by name", async () => {
      const { auth } = await connect();
      simulator.control.setFault("getPrivateProduct", { errorRate: 1, times: 1 });
      expect(await caught(client.getPrivateProduct(auth))).toBeInstanceOf(HyperskuUnavailableError);
      simulator.control.setFault("create", { errorRate: 1, times: 1 });
      expect(await caught(client.create(auth, { skuItems: [{ skuId: 1, num: 1 }] }))).toBeInstanceOf(HyperskuUnavailableError);
      expect((await client.getPrivateProduct(auth)).total).toBe(3);
    });

    it("a request HyperSKU refuses -> HyperskuRejectedError with its message", async () => {
      const { auth } = await connect();
      const error = await caught(client.createOrderFromExternal(auth, buildExternalOrder({ storeCode: SHOP, lineItems: [] })));
      expect(error).toBeInstanceOf(HyperskuRejectedError);
      expect(error.message).toContain("lineItems");
      expect(error.httpStatus).toBe(style.envelope === "bare" ? 400 : 200);
    });

    it("a path override is used (here: a wrong one, answered 404 without an envelope -> EndpointNotFound)", async () => {
      const { auth } = await connect();
      const config = clientConfig();
      const overridden = createHyperskuClient(clientConfig({ paths: { ...config.paths, getCountryCode: "/api/nowhere" } }), { logger });
      const error = await caught(overridden.getCountryCode(auth));
      expect(error).toBeInstanceOf(HyperskuEndpointNotFoundError);
      expect(error.httpStatus).toBe(404);
      expect(error.message).toContain("getCountryCode");
    });
  });

  describe("faults", () => {
    it("HTTP 500 -> HyperskuUnavailableError", async () => {
      const { auth } = await connect();
      simulator.control.setFault("getCountryCode", { errorRate: 1, times: 1 });
      const error = await caught(client.getCountryCode(auth));
      expect(error).toBeInstanceOf(HyperskuUnavailableError);
      expect(error.httpStatus).toBe(500);
      await expect(client.getCountryCode(auth)).resolves.not.toHaveLength(0);
    });

    it("HTTP 429 -> HyperskuUnavailableError with retryAfterMs", async () => {
      const { auth } = await connect();
      simulator.control.setFault("*", { rateLimit: { retryAfterSeconds: 3 }, times: 1 });
      const error = await caught(client.getOrdersStatus(auth, [1]));
      expect(error).toBeInstanceOf(HyperskuUnavailableError);
      expect((error as HyperskuUnavailableError).retryAfterMs).toBe(3000);
    });

    it("no answer in time on a read -> HyperskuUnavailableError", async () => {
      const { auth } = await connect();
      simulator.control.setFault("getCountryCode", { hang: true, times: 1 });
      const error = await caught(client.getCountryCode(auth));
      expect(error).toBeInstanceOf(HyperskuUnavailableError);
      expect(error.message).toMatch(/no answer in time/);
    });

    it("commit-then-timeout on create -> OutcomeUnknown; the order is then found by getOrdersByExternalOrderId", async () => {
      const { auth } = await connect();
      const order = buildExternalOrder({ storeCode: SHOP });
      simulator.control.setFault("createOrderFromExternal", { commitThenTimeout: true, times: 1 });
      const error = await caught(client.createOrderFromExternal(auth, order));
      expect(error).toBeInstanceOf(HyperskuOutcomeUnknownError);
      const found = await client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: order.storeOrderId });
      expect(found).toHaveLength(1);
      expect(found[0].orderBaseInfo?.storeOrderId).toBe(order.storeOrderId);
    });

    it("re-sending a committed create: the same order (return-existing) or a refusal (reject)", async () => {
      const { auth } = await connect();
      const { order, orderId } = await createOrder(auth);
      const again = await client.createOrderFromExternal(auth, order);
      expect(again.orderBaseInfo?.orderId).toBe(orderId);
      simulator.control.configure({ duplicateCreate: "reject" });
      const error = await caught(client.createOrderFromExternal(auth, order));
      expect(error).toBeInstanceOf(HyperskuRejectedError);
      expect(error.message).toContain("already exists");
      expect(simulator.control.orders()).toHaveLength(1);
    });

    it("a create that hangs before committing -> OutcomeUnknown, and the lookup shows nothing was stored", async () => {
      const { auth } = await connect();
      const order = buildExternalOrder({ storeCode: SHOP });
      simulator.control.setFault("createOrderFromExternal", { hang: true, times: 1 });
      expect(await caught(client.createOrderFromExternal(auth, order))).toBeInstanceOf(HyperskuOutcomeUnknownError);
      expect(await client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: order.storeOrderId })).toEqual([]);
    });

    it("a 403 with HyperSKU's message on a create: Rejected with its words; no refresh, the shop stays connected", async () => {
      const { response } = await connect();
      const store = createMemoryTokenStore({ [SHOP]: tokenResponseToTokenSet(response, new Date()) });
      const manager = createHyperskuTokenManager({ client, store });
      simulator.control.setFault("createOrderFromExternal", {
        reject: { status: 403, httpStatus: 403, message: "Store not authorised for this SKU" },
        times: 1,
      });
      const order = buildExternalOrder({ storeCode: SHOP });
      const error = await caught(manager.withAccessToken(SHOP, (auth) => client.createOrderFromExternal(auth, order)));
      expect(error).toBeInstanceOf(HyperskuRejectedError);
      expect(error).toMatchObject({ message: "Store not authorised for this SKU", httpStatus: 403 });
      expect(requestsOf("refreshToken")).toEqual([]);
      expect(store.reconnectNeeded).toEqual([]);
      // The next order goes through with the same token.
      await expect(manager.withAccessToken(SHOP, (auth) => client.createOrderFromExternal(auth, order))).resolves.toBeDefined();
    });

    it("a create answered 404 by a page (wrong path) -> EndpointNotFound, and HyperSKU stored nothing", async () => {
      const { auth } = await connect();
      simulator.control.setFault("createOrderFromExternal", { notFound: true, times: 1 });
      const error = await caught(client.createOrderFromExternal(auth, buildExternalOrder({ storeCode: SHOP })));
      expect(error).toBeInstanceOf(HyperskuEndpointNotFoundError);
      expect(error).not.toBeInstanceOf(HyperskuOutcomeUnknownError);
      expect(simulator.control.orders()).toEqual([]);
    });

    it("a refresh endpoint answering 404 pages: the operator is told, the shop is not sent to reconnect", async () => {
      const { response } = await connect();
      const store = createMemoryTokenStore({ [SHOP]: tokenResponseToTokenSet(response, new Date()) });
      const manager = createHyperskuTokenManager({ client, store });
      simulator.control.expireAccessTokens();
      simulator.control.setFault("refreshToken", { notFound: true });
      const error = await caught(manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth)));
      expect(error).toBeInstanceOf(HyperskuEndpointNotFoundError);
      expect(error.operation).toBe("refreshToken");
      expect(store.reconnectNeeded).toEqual([]);
    });

    it.each(["empty", "unrecognised"] as const)(
      "a create answered 200 with an %s result -> OutcomeUnknown; the lookup then finds the stored order",
      async (answer) => {
        const { auth } = await connect();
        const order = buildExternalOrder({ storeCode: SHOP });
        simulator.control.setFault("createOrderFromExternal", { answer, times: 1 });
        expect(await caught(client.createOrderFromExternal(auth, order))).toBeInstanceOf(HyperskuOutcomeUnknownError);
        const found = await client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: order.storeOrderId });
        expect(found.map((candidate) => candidate.orderBaseInfo?.storeOrderId)).toEqual([order.storeOrderId]);
      },
    );

    it.each(["space", "epoch-seconds", "epoch-ms"] as const)("createTime as %s does not fail a create or a lookup", async (createTime) => {
      const { auth } = await connect();
      simulator.control.setFault("createOrderFromExternal", { quirks: { createTime } });
      simulator.control.setFault("listOrderByStoreOrderId", { quirks: { createTime } });
      const { order, created, orderId } = await createOrder(auth);
      expect(created.orderBaseInfo.createTime).toBeInstanceOf(Date);
      const [listed] = await client.listOrderByStoreOrderId(auth, order.storeOrderId);
      expect(listed.orderBaseInfo?.orderId).toBe(orderId);
      expect(Math.abs(listed.orderBaseInfo!.createTime!.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it("a numeric userId in the token response is read as text", async () => {
      simulator.control.configure({ userId: "778899" });
      simulator.control.setFault("accessToken", { quirks: { userIdAsNumber: true } });
      const { response } = await connect();
      expect(requestsOf("accessToken").at(-1)?.fault).toBe("quirks");
      expect(response.userId).toBe("778899");
      simulator.control.configure({ userId: "sim-user-1" });
    });

    it("a create committed after the client gave up: OutcomeUnknown, invisible at first, found once committed", async () => {
      const { auth } = await connect();
      const order = buildExternalOrder({ storeCode: SHOP });
      simulator.control.setFault("createOrderFromExternal", { commitAfterMs: TIMEOUT_MS + 300, times: 1 });
      expect(await caught(client.createOrderFromExternal(auth, order))).toBeInstanceOf(HyperskuOutcomeUnknownError);
      const lookup = () => client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: order.storeOrderId });
      expect(await lookup()).toEqual([]);
      await expect.poll(async () => (await lookup()).length, { timeout: 2_000, interval: 50 }).toBe(1);
    });

    it("a server that is gone -> HyperskuUnavailableError, even for a create", async () => {
      const { auth } = await connect();
      const gone = await startHyperskuSimulator();
      await gone.close();
      const offline = createHyperskuClient(clientConfig({ apiUrl: gone.url }), { logger });
      expect(await caught(offline.getCountryCode(auth))).toBeInstanceOf(HyperskuUnavailableError);
      expect(await caught(offline.createOrderFromExternal(auth, buildExternalOrder()))).toBeInstanceOf(HyperskuUnavailableError);
    });
  });

  describe("token manager", () => {
    async function connectedStore(): Promise<MemoryTokenStore> {
      const { response } = await connect();
      return createMemoryTokenStore({ [SHOP]: tokenResponseToTokenSet(response, new Date()) });
    }

    it("refreshes once and retries once when HyperSKU refuses an expired token", async () => {
      const store = await connectedStore();
      const manager = createHyperskuTokenManager({ client, store });
      simulator.control.expireAccessTokens();
      const countries = await manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth));
      expect(countries.length).toBeGreaterThan(0);
      expect(requestsOf("refreshToken")).toHaveLength(1);
      expect(requestsOf("getCountryCode").map((entry) => entry.status)).toEqual([style.authErrorStyle === "http" ? 401 : 200, 200]);
      expect(store.saves).toHaveLength(1);
    });

    it.each([false, true])("single flight: 10 concurrent callers -> exactly one refreshToken request (rotate %s)", async (rotate) => {
      simulator.control.configure({ rotateRefreshTokens: rotate });
      const store = await connectedStore();
      const manager = createHyperskuTokenManager({ client, store });
      simulator.control.expireAccessTokens();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth))),
      );
      expect(results.every((countries) => countries.length > 0)).toBe(true);
      expect(requestsOf("refreshToken")).toHaveLength(1);
      expect(store.reconnectNeeded).toEqual([]);
    });

    it("refreshes ahead of expiry without a refused call", async () => {
      simulator.control.configure({ accessTokenLifetimeSeconds: 60 });
      const store = await connectedStore();
      const manager = createHyperskuTokenManager({ client, store });
      await manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth));
      expect(requestsOf("refreshToken")).toHaveLength(1);
      expect(requestsOf("getCountryCode").map((entry) => entry.status)).toEqual([200]);
    });

    it("adopts the token set another process stored after our rotated-away refresh is refused", async () => {
      simulator.control.configure({ rotateRefreshTokens: true });
      const shared = await connectedStore();
      simulator.control.expireAccessTokens();
      const stale = (await shared.load(SHOP))!;
      // Process A refreshes first and stores the rotated set.
      await createHyperskuTokenManager({ client, store: shared }).withAccessToken(SHOP, (auth) => client.getCountryCode(auth));
      // Process B read the store before A saved: its first two reads still see the old set.
      let staleReads = 2;
      const viewOfB: HyperskuTokenStore = {
        load: async (shop) => (staleReads-- > 0 ? { ...stale } : shared.load(shop)),
        save: (shop, set, previous) => shared.save(shop, set, previous),
        markReconnectNeeded: (shop, reason) => shared.markReconnectNeeded(shop, reason),
      };
      const managerB = createHyperskuTokenManager({ client, store: viewOfB });
      const countries = await managerB.withAccessToken(SHOP, (auth) => client.getCountryCode(auth));
      expect(countries.length).toBeGreaterThan(0);
      expect(requestsOf("refreshToken").map((entry) => entry.status)).toEqual([200, style.authErrorStyle === "http" ? 401 : 200]);
      expect(shared.reconnectNeeded).toEqual([]);
    });

    it("a refused refresh token -> markReconnectNeeded and HyperskuReconnectNeededError", async () => {
      const store = await connectedStore();
      store.sets.get(SHOP)!.refreshToken = "revoked-refresh-token";
      simulator.control.expireAccessTokens();
      const manager = createHyperskuTokenManager({ client, store });
      const error = await caught(manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth)));
      expect(error).toBeInstanceOf(HyperskuReconnectNeededError);
      expect(store.reconnectNeeded).toHaveLength(1);
    });

    it("HyperSKU unavailable during the refresh is rethrown, the shop stays connected", async () => {
      const store = await connectedStore();
      simulator.control.expireAccessTokens();
      simulator.control.setFault("refreshToken", { errorRate: 1, times: 1 });
      const manager = createHyperskuTokenManager({ client, store });
      expect(await caught(manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth)))).toBeInstanceOf(HyperskuUnavailableError);
      expect(store.reconnectNeeded).toEqual([]);
      await expect(manager.withAccessToken(SHOP, (auth) => client.getCountryCode(auth))).resolves.not.toHaveLength(0);
    });

    it("a shop without tokens -> HyperskuNotConnectedError", async () => {
      const manager = createHyperskuTokenManager({ client, store: createMemoryTokenStore() });
      expect(await caught(manager.getAccessToken(SHOP))).toBeInstanceOf(HyperskuNotConnectedError);
    });
  });

  it("no token, secret or code reaches an error message or a log line", async () => {
    const code = simulator.control.issueAuthorizationCode();
    const { accessToken, refreshToken } = await client.accessToken({ code, shop: SHOP });
    const auth = { accessToken, shop: SHOP };
    const errors: unknown[] = [];
    const collect = (promise: Promise<unknown>) => promise.catch((error: unknown) => errors.push(error));
    await collect(client.accessToken({ code }));
    await collect(
      createHyperskuClient(clientConfig({ clientSecret: "wrong-secret" }), { logger }).refreshToken({ refreshToken: refreshToken! }),
    );
    await collect(client.createOrderFromExternal(auth, buildExternalOrder({ storeCode: SHOP, lineItems: [] })));
    simulator.control.expireAccessTokens();
    await collect(client.getCountryCode(auth));
    await collect(client.refreshToken({ refreshToken: "not-valid" }));
    expect(errors).toHaveLength(5);
    const text = JSON.stringify([
      errors.map((error) => [String(error), (error as Error).cause ? String((error as Error).cause) : ""]),
      logger.entries,
    ]);
    for (const secret of [code, accessToken, refreshToken!, "sim-client-secret", "wrong-secret"]) {
      expect(text).not.toContain(secret);
    }
    expect(logger.entries.length).toBeGreaterThanOrEqual(6);
    expect(logger.entries.every((entry) => entry.fields.shop === SHOP || entry.fields.shop === undefined)).toBe(true);
  });
});

describe("an oversized create answer (issue 14, item 11)", () => {
  it("fails fast with OutcomeUnknown, reading a few MB of a 64 MB answer; the order is then found", async () => {
    simulator.control.reset();
    simulator.control.configure({ envelope: "wrapped", authErrorStyle: "http" });
    const client = createHyperskuClient(clientConfig({ timeoutMs: 10_000 }), { logger: createCaptureLogger() });
    const { accessToken } = await client.accessToken({ code: simulator.control.issueAuthorizationCode() });
    const auth = { accessToken, shop: SHOP };
    const order = buildExternalOrder({ storeCode: SHOP });
    const size = 64 * 1024 * 1024;
    simulator.control.setFault("createOrderFromExternal", { answer: "oversized", oversizedBytes: size, times: 1 });

    const before = process.memoryUsage();
    const started = Date.now();
    const error = await caught(client.createOrderFromExternal(auth, order));
    const elapsed = Date.now() - started;
    const after = process.memoryUsage();

    expect(error).toBeInstanceOf(HyperskuOutcomeUnknownError);
    expect(error.message).toMatch(/larger than 4194304 bytes/);
    expect(elapsed).toBeLessThan(5_000);
    const MB = 1024 * 1024;
    expect((after.rss - before.rss) / MB).toBeLessThan(30);
    expect((after.heapUsed - before.heapUsed) / MB).toBeLessThan(30);
    // The simulator stopped writing once the client hung up: far less than the answer was sent.
    await expect.poll(() => requestsOf("createOrderFromExternal").at(-1)?.sentBytes).toBeDefined();
    expect(requestsOf("createOrderFromExternal").at(-1)!.sentBytes!).toBeLessThan(size / 2);
    const found = await client.getOrdersByExternalOrderId(auth, { storeCode: SHOP, storeOrderId: order.storeOrderId });
    expect(found).toHaveLength(1);
  });
});
