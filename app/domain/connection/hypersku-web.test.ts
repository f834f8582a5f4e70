import { getHyperskuWebLinks, shopifyOrderUrl } from "./hypersku-web";

describe("links into HyperSKU's web app and the Shopify admin", () => {
  it("builds them on the authorization page's origin", () => {
    const web = getHyperskuWebLinks("http://127.0.0.1:4010/application/auth");
    expect(web.payment).toBe("http://127.0.0.1:4010/order/list?status=unpaid");
    expect(web.order("A 1/2")).toBe("http://127.0.0.1:4010/order/list?keyword=A%201%2F2");
  });

  it("falls back to HyperSKU's own app when the configured URL does not parse", () => {
    expect(getHyperskuWebLinks("not a url").payment).toBe("https://app.hypersku.com/order/list?status=unpaid");
  });

  it("opens a Shopify order through App Bridge's admin link", () => {
    expect(shopifyOrderUrl("1001")).toBe("shopify://admin/orders/1001");
  });
});
