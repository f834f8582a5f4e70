/**
 * Links into HyperSKU's own web app, where the merchant acts on an order (look at it, pay for it).
 * Pure. HyperSKU publishes no deep-link format, so both paths below are our best reading of its web
 * app and sit in this one place to correct (docs/decisions/0029-problems-merchants-can-act-on.md).
 * The web app lives where the authorization page does (HYPERSKU_AUTHORIZE_URL's origin).
 */
const ORDER_SEARCH_PATH = "/order/list?keyword=";
const AWAITING_PAYMENT_PATH = "/order/list?status=unpaid";

export type HyperskuWebLinks = {
  /** The order at HyperSKU, found by HyperSKU's order id. */
  order: (hyperskuOrderId: string) => string;
  /** Where the merchant pays for the orders that wait for payment. */
  payment: string;
};

export function getHyperskuWebLinks(authorizeUrl: string): HyperskuWebLinks {
  let origin: string;
  try {
    origin = new URL(authorizeUrl).origin;
  } catch {
    origin = "https://app.hypersku.com";
  }
  return {
    order: (hyperskuOrderId) => `${origin}${ORDER_SEARCH_PATH}${encodeURIComponent(hyperskuOrderId)}`,
    payment: `${origin}${AWAITING_PAYMENT_PATH}`,
  };
}

/** The order in the Shopify admin, as App Bridge opens it from inside the embedded app. */
export const shopifyOrderUrl = (shopifyOrderId: string) => `shopify://admin/orders/${encodeURIComponent(shopifyOrderId)}`;
