import { describe, expect, it } from "vitest";
import { DEFAULT_OPERATIONS, getHyperskuConfig, HYPERSKU_OPERATIONS, operationMethod } from "./config";

const env = {
  HYPERSKU_API_URL: "https://api.hypersku.com",
  HYPERSKU_AUTHORIZE_URL: "https://app.hypersku.com/application/auth",
  HYPERSKU_CLIENT_ID: "id",
  HYPERSKU_CLIENT_SECRET: "secret",
  HYPERSKU_AUTH_PREFIX: "",
  HYPERSKU_PATHS: {} as Record<string, string>,
  HYPERSKU_TIMEOUT_MS: 15_000,
  HYPERSKU_MAX_RESPONSE_BYTES: 4_194_304,
  HYPERSKU_PLATFORM_CODE: 1,
};

describe("getHyperskuConfig", () => {
  it("uses the contract's default path for every operation", () => {
    const config = getHyperskuConfig(env);
    // Every operation the spec names (oms-service.md section 1): 3 auth, 8 orders, 2 product, 3 logistics.
    expect(HYPERSKU_OPERATIONS).toHaveLength(16);
    for (const operation of HYPERSKU_OPERATIONS) expect(config.paths[operation]).toBe(DEFAULT_OPERATIONS[operation].path);
    expect(config).toMatchObject({
      apiUrl: "https://api.hypersku.com",
      clientId: "id",
      clientSecret: "secret",
      authPrefix: "",
      timeoutMs: 15_000,
      maxResponseBytes: 4_194_304,
      platformCode: 1,
    });
  });

  it("merges HYPERSKU_PATHS over the defaults", () => {
    const config = getHyperskuConfig({ ...env, HYPERSKU_PATHS: { cancelOrder: "/api/v2/cancel" } });
    expect(config.paths.cancelOrder).toBe("/api/v2/cancel");
    expect(config.paths.getCountryCode).toBe(DEFAULT_OPERATIONS.getCountryCode.path);
  });

  it('an override "METHOD /path" changes the method too; the others keep theirs', () => {
    const config = getHyperskuConfig({ ...env, HYPERSKU_PATHS: { getProductInfo: "POST /api/customer/admin/product/info", create: "/x" } });
    expect(config.paths.getProductInfo).toBe("/api/customer/admin/product/info");
    expect(operationMethod(config, "getProductInfo")).toBe("POST");
    expect(config.paths.create).toBe("/x");
    expect(operationMethod(config, "create")).toBe("POST");
    expect(operationMethod(config, "getPrivateProduct")).toBe("GET");
    expect(operationMethod(getHyperskuConfig({ ...env, HYPERSKU_PATHS: { cancelOrder: "POST /c" } }), "cancelOrder")).toBe("POST");
  });

  it("refuses an override for an unknown operation, naming the variable", () => {
    expect(() => getHyperskuConfig({ ...env, HYPERSKU_PATHS: { cancelorder: "/x" } })).toThrow(/HYPERSKU_PATHS.*cancelorder/);
  });

  it("keeps missing client credentials undefined", () => {
    const config = getHyperskuConfig({ ...env, HYPERSKU_CLIENT_ID: undefined, HYPERSKU_CLIENT_SECRET: undefined });
    expect(config.clientId).toBeUndefined();
    expect(config.clientSecret).toBeUndefined();
  });

  it("matches the table of docs/hypersku-contract.md", () => {
    expect(DEFAULT_OPERATIONS).toMatchObject({
      accessToken: { method: "POST", path: "/api/auth/admin/token/access_token" },
      refreshToken: { method: "POST", path: "/api/auth/admin/token/refresh_token" },
      getOrdersStatus: { method: "POST", path: "/api/customer/admin/orders/status" },
      listOrderByStoreOrderId: { method: "GET", path: "/api/customer/admin/orders/list/{storeOrderId}" },
      cancelOrder: { method: "GET" },
      getStockOrderInfo: { method: "GET" },
      internationalLogisticsInfo: { method: "GET" },
      getCountryCode: { method: "GET" },
      getLogisticsSku: { method: "POST", path: "/api/customer/admin/logistics/getLogisticsInfo-Sku" },
      getPrivateProduct: { method: "GET", path: "/api/customer/admin/product/getPrivateProduct" },
      getProductInfo: { method: "GET", path: "/api/customer/admin/product/getProductInfo" },
      create: { method: "POST", path: "/api/customer/admin/orders/create" },
      getToken: { method: "POST", path: "/api/auth/admin/token/getToken" },
    });
  });
});
