/**
 * Helpers for the simulator's own tests: start a simulator that is closed after the test, obtain a
 * token through the real accessToken call, and build valid external orders (a factory, not literals).
 */
import { afterEach } from "vitest";
import { startHyperskuSimulator, type HyperskuSimulator, type SimulatorOptions } from "./server";

const running: HyperskuSimulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((simulator) => simulator.close()));
});

export async function startSimulator(options: Partial<SimulatorOptions> = {}): Promise<HyperskuSimulator> {
  const simulator = await startHyperskuSimulator(options);
  running.push(simulator);
  return simulator;
}

export const PATHS = {
  accessToken: "/api/auth/admin/token/access_token",
  refreshToken: "/api/auth/admin/token/refresh_token",
  create: "/api/customer/admin/orders/createOrderFromExternal",
  byExternalId: "/api/customer/admin/orders/getOrdersByExternalOrderId",
  status: "/api/customer/admin/orders/status",
  list: (storeOrderId: string) => `/api/customer/admin/orders/list/${encodeURIComponent(storeOrderId)}`,
  updateAddress: "/api/customer/admin/orders/updateOrderAddress",
  cancel: (orderId: number) => `/api/customer/admin/orders/cancelOrder?orderId=${orderId}`,
  stock: "/api/customer/admin/orders/getStockOrderInfo",
  logistics: (storeOrderId: string) => `/api/customer/admin/logistics/internationalLogisticsInfo/${encodeURIComponent(storeOrderId)}`,
  countries: "/api/customer/admin/logistics/getCountryCode",
  logisticsSku: "/api/customer/admin/logistics/getLogisticsInfo-Sku",
  privateProducts: "/api/customer/admin/product/getPrivateProduct",
  productInfo: (productId: number) => `/api/customer/admin/product/getProductInfo?productId=${productId}`,
  stockCreate: "/api/customer/admin/orders/create",
  getToken: "/api/auth/admin/token/getToken",
} as const;

export interface JsonResponse {
  status: number;
  headers: Headers;
  // Tests read arbitrary response fields; the simulator's shapes are asserted explicitly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function call(
  simulator: HyperskuSimulator,
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; token?: string; signal?: AbortSignal; rawBody?: string; contentType?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.Authorization = options.token;
  if (method === "POST") headers["Content-Type"] = options.contentType ?? "application/json";
  const response = await fetch(simulator.url + path, {
    method,
    headers,
    body: method === "POST" ? (options.rawBody ?? JSON.stringify(options.body)) : undefined,
    signal: options.signal,
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? null : JSON.parse(text) };
}

/** The result of a successful call, whichever envelope the simulator uses. */
export function dataOf(response: JsonResponse) {
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(response.body)}`);
  const body = response.body;
  if (body && typeof body === "object" && !Array.isArray(body) && "rel" in body) {
    if (body.status !== 200) throw new Error(`status ${body.status}: ${body.message}`);
    return body.data;
  }
  return body;
}

export async function exchangeCode(simulator: HyperskuSimulator, code: string) {
  return call(simulator, "POST", PATHS.accessToken, {
    body: { clientId: "sim-client-id", clientSecret: "sim-client-secret", code },
  });
}

/** Runs the token exchange and returns the token response (2.3). */
export async function connect(simulator: HyperskuSimulator) {
  return dataOf(await exchangeCode(simulator, simulator.control.issueAuthorizationCode()));
}

let sequence = 0;

/** A valid external order (spec 2.4); override any field, or pass `lineItems` to change the items. */
export function buildExternalOrder(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    createdAt: "2024-05-01T12:00:00Z",
    currency: "USD",
    isPaid: true,
    lineItems: [
      buildLineItem({ storeOrderLineItemId: `${sequence}01`, quantity: 2, price: 12.5 }),
      buildLineItem({ storeOrderLineItemId: `${sequence}02`, quantity: 1, price: 5 }),
    ],
    paidAt: "2024-05-01T12:01:00Z",
    platform: 1,
    shippingAddress: buildAddress(),
    status: "paid",
    storeCode: "demo-shop.myshopify.com",
    storeName: "Demo Shop",
    storeOrderId: String(5_000_000 + sequence),
    storeOrderNo: `#${1000 + sequence}`,
    taxAmount: 2.5,
    totalPrice: 37.5,
    totalShippingPrice: 4.5,
    ...overrides,
  };
}

export function buildLineItem(overrides: Record<string, unknown> = {}) {
  return {
    price: 10,
    productUrl: "https://demo-shop.myshopify.com/products/mug",
    quantity: 1,
    storeOrderLineItemId: "111",
    storeProductId: "222",
    storeSkuId: "MUG-RED",
    storeVariantId: "333",
    title: "Mug",
    variantAttr: "Red",
    variantImg: "https://cdn.example.test/mug.png",
    ...overrides,
  };
}

export function buildAddress(overrides: Record<string, unknown> = {}) {
  return {
    address1: "1 Main Street",
    address2: "Apt 2",
    city: "Springfield",
    countryCode: "US",
    countryName: "United States",
    email: "buyer@example.test",
    firstName: "Ada",
    idNo: "",
    lastName: "Lovelace",
    phone: "+1 555 0100",
    province: "IL",
    taxNo: "",
    zip: "62701",
    ...overrides,
  };
}

/** Creates an order through the API and returns the Order (2.7). */
export async function createOrder(simulator: HyperskuSimulator, token: string, overrides: Record<string, unknown> = {}) {
  return dataOf(await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder(overrides) }));
}
