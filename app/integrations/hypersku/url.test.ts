import { describe, expect, it } from "vitest";
import { buildTestConfig } from "./testing/factories";
import { buildOperationUrl } from "./url";

describe("buildOperationUrl", () => {
  const config = buildTestConfig({ apiUrl: "https://api.example.test/base" });

  it("joins base URL and default path", () => {
    expect(buildOperationUrl(config, "getCountryCode")).toBe("https://api.example.test/base/api/customer/admin/logistics/getCountryCode");
  });

  it("URL-encodes placeholders", () => {
    expect(buildOperationUrl(config, "listOrderByStoreOrderId", { storeOrderId: "#10/01 ?x" })).toBe(
      "https://api.example.test/base/api/customer/admin/orders/list/%2310%2F01%20%3Fx",
    );
  });

  it("uses a path override, with placeholders filled there too", () => {
    const overridden = buildTestConfig({
      paths: { ...config.paths, internationalLogisticsInfo: "/v2/track/{storeOrderId}/info" },
    });
    expect(buildOperationUrl(overridden, "internationalLogisticsInfo", { storeOrderId: "42" })).toBe(
      "https://api.hypersku.test/v2/track/42/info",
    );
  });

  it("adds query parameters and skips undefined ones", () => {
    expect(buildOperationUrl(config, "getStockOrderInfo", {}, { pageNum: 2, pageSize: undefined })).toBe(
      "https://api.example.test/base/api/customer/admin/orders/getStockOrderInfo?pageNum=2",
    );
    const withQuery = buildTestConfig({ paths: { ...config.paths, cancelOrder: "/cancel?v=2" } });
    expect(buildOperationUrl(withQuery, "cancelOrder", {}, { orderId: 7 })).toBe("https://api.hypersku.test/cancel?v=2&orderId=7");
  });

  it("throws before sending when a placeholder has no value", () => {
    expect(() => buildOperationUrl(config, "listOrderByStoreOrderId")).toThrow(/storeOrderId/);
  });
});
