/** Spec-shaped sample data for tests (docs/hypersku-contract.md, "Operations"), overridable per test. */
import { DEFAULT_OPERATIONS, type HyperskuConfig, HYPERSKU_OPERATIONS, type HyperskuOperation } from "../config";
import type { ExternalOrder } from "../schemas";
import type { HyperskuTokenSet } from "~/models/hypersku-token-set";

export function buildTestConfig(overrides: Partial<HyperskuConfig> = {}): HyperskuConfig {
  return {
    apiUrl: "https://api.hypersku.test",
    authorizeUrl: "https://app.hypersku.test/application/auth",
    clientId: "client-id-1",
    clientSecret: "client-secret-SENSITIVE",
    authPrefix: "",
    paths: Object.fromEntries(HYPERSKU_OPERATIONS.map((operation) => [operation, DEFAULT_OPERATIONS[operation].path])) as Record<
      HyperskuOperation,
      string
    >,
    timeoutMs: 1_000,
    maxResponseBytes: 4 * 1024 * 1024,
    platformCode: 1,
    ...overrides,
  };
}

let sequence = 0;

export function buildExternalOrder(overrides: Partial<ExternalOrder> = {}): ExternalOrder {
  sequence += 1;
  const storeOrderId = String(5_000_000 + sequence);
  return {
    createdAt: "2024-05-01T12:00:00.000Z",
    currency: "USD",
    isPaid: true,
    lineItems: [
      {
        price: 19.99,
        productUrl: "https://example-shop.myshopify.com/products/mug",
        quantity: 2,
        storeOrderLineItemId: `${storeOrderId}1`,
        storeProductId: "7001",
        storeSkuId: "MUG-BLUE",
        storeVariantId: "8001",
        title: "Mug",
        variantAttr: "Blue",
        variantImg: "https://cdn.example.test/mug-blue.png",
      },
    ],
    paidAt: "2024-05-01T12:01:00.000Z",
    platform: 1,
    shippingAddress: {
      address1: "1 Main St",
      address2: "Apt 2",
      city: "Springfield",
      countryCode: "US",
      countryName: "United States",
      email: "buyer@example.test",
      firstName: "Ada",
      idNo: "",
      lastName: "Lovelace",
      phone: "+15550001111",
      province: "IL",
      taxNo: "",
      zip: "62701",
    },
    status: "paid",
    storeCode: "example-shop.myshopify.com",
    storeName: "Example Shop",
    storeOrderId,
    storeOrderNo: `#${1000 + sequence}`,
    taxAmount: 3.2,
    totalPrice: 45.18,
    totalShippingPrice: 2,
    ...overrides,
  };
}

/** An Order (2.7) as HyperSKU sends it: JSON with ISO date-time strings. */
export function buildOrderJson(overrides: { orderId?: number; storeOrderId?: string; status?: number } = {}) {
  const orderId = overrides.orderId ?? 900001;
  const storeOrderId = overrides.storeOrderId ?? "5000001";
  return {
    logisticsItems: [
      {
        orderId,
        shippingItems: [
          {
            imgUrl: "https://cdn.example.test/mug-blue.png",
            lineItemId: 1,
            num: 2,
            skuId: 301,
            skuProductUrl: "https://hypersku.test/p/301",
            spuId: 201,
            status: 4,
            statusDes: "Shipping",
            storeOrderLineItemId: `${storeOrderId}1`,
            storeProductId: "7001",
            storeSkuId: "MUG-BLUE",
            storeVariantId: "8001",
            title: "Mug",
            variantTitle: "Blue",
          },
        ],
        trackingCompany: "YunExpress",
        trackingNumber: "YT0000000001",
        trackingUrl: "https://t.example.test/YT0000000001",
      },
    ],
    orderAddressInfo: {
      address1: "1 Main St",
      address2: "Apt 2",
      city: "Springfield",
      countryCode: "US",
      countryName: "United States",
      firstName: "Ada",
      idNo: "",
      lastName: "Lovelace",
      phone: "+15550001111",
      province: "IL",
      region: "",
      taxNo: "",
      vatNo: "",
      zip: "62701",
    },
    orderBaseInfo: {
      actualAmount: 45.18,
      amount: 45.18,
      createTime: "2024-05-01T12:00:05.123Z",
      currencyCode: "USD",
      currencySymbol: "$",
      freight: 2,
      goodsAmount: 39.98,
      isPaid: true,
      logisticsName: "YunExpress Standard",
      orderId,
      payTime: "2024-05-01T13:00:00.000Z",
      platform: 1,
      platformDesc: "Shopify",
      purchaseTime: "2024-05-02T08:00:00.000Z",
      shelfTime: "2024-05-03T08:00:00.000Z",
      status: overrides.status ?? 4,
      statusDesc: "Shipping",
      storeOrderId,
      storeOrderNo: "#1001",
    },
    orderItemInfos: [
      {
        currencyCode: "USD",
        currencySymbol: "$",
        goodsAttr: "Blue",
        goodsId: 301,
        id: 1,
        imgUrl: "https://cdn.example.test/mug-blue.png",
        productId: 201,
        quantity: 2,
        status: 4,
        statusDes: "Shipping",
        storeOrderLineItemId: `${storeOrderId}1`,
        storeProductId: "7001",
        storeSkuId: "MUG-BLUE",
        storeVariantId: "8001",
        title: "Mug",
        type: 1,
        unitPrice: 19.99,
      },
    ],
  };
}

export function buildTokenResponseJson(overrides: Record<string, unknown> = {}) {
  return {
    accessToken: "access-token-SENSITIVE-1",
    expiresIn: 7200,
    refreshToken: "refresh-token-SENSITIVE-1",
    refreshTokenExpireIn: 2_592_000,
    scope: "oms",
    userId: "user-1",
    ...overrides,
  };
}

export function buildTokenSet(overrides: Partial<HyperskuTokenSet> = {}): HyperskuTokenSet {
  return {
    accessToken: "access-token-SENSITIVE-0",
    refreshToken: "refresh-token-SENSITIVE-0",
    accessTokenExpiresAt: new Date("2030-01-01T00:00:00Z"),
    refreshTokenExpiresAt: new Date("2030-02-01T00:00:00Z"),
    scope: "oms",
    userId: "user-1",
    ...overrides,
  };
}
