import { isAllowedExitIframeDestination } from "./exit-iframe";

const APP = "https://app.example.com";

describe("isAllowedExitIframeDestination", () => {
  it.each([
    "https://app.example.com/hypersku/authorize?state=abc",
    "/app/settings",
    "https://admin.shopify.com/store/test-shop/apps/hypersku",
    "https://test-shop.myshopify.com/admin",
    "https://test-shop.myshopify.com/admin/orders/1",
  ])("allows %s", (destination) => {
    expect(isAllowedExitIframeDestination(destination, APP)).toBe(true);
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example/",
    "https://admin.shopify.com.evil.example/",
    "https://test-shop.myshopify.com/products/x",
    "https://test-shop.myshopify.com.evil.example/admin",
    "http://admin.shopify.com/store/x",
    "https://user:pass@admin.shopify.com/",
    "javascript:alert(1)",
    "https://evil.example/ https://admin.shopify.com",
  ])("refuses %s", (destination) => {
    expect(isAllowedExitIframeDestination(destination, APP)).toBe(false);
  });
});
