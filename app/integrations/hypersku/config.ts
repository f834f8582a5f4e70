/**
 * Where and how to reach HyperSKU: every operation of the spec, its default method and path
 * (docs/hypersku-contract.md, "Operations"), and the deployment settings read from the env.
 * Every path, and with a `"GET /path"` value every method, can be overridden with HYPERSKU_PATHS so a
 * real account can correct a guessed one without a release (the spec publishes the method of only
 * nine operations and the path of two). Pure: it only reads the already-parsed env object.
 */
import type { Env } from "~/env.server";

export const HYPERSKU_OPERATIONS = [
  "accessToken",
  "refreshToken",
  "createOrderFromExternal",
  "getOrdersByExternalOrderId",
  "getOrdersStatus",
  "listOrderByStoreOrderId",
  "updateOrderAddress",
  "cancelOrder",
  "getStockOrderInfo",
  "internationalLogisticsInfo",
  "getCountryCode",
  "getLogisticsSku",
  "getPrivateProduct",
  "getProductInfo",
  "create",
  "getToken",
] as const;

export type HyperskuOperation = (typeof HYPERSKU_OPERATIONS)[number];

export type HttpMethod = "GET" | "POST";

export interface OperationDefinition {
  method: HttpMethod;
  /** Absolute path below the API base URL; `{name}` placeholders are filled (URL-encoded) per call. */
  path: string;
}

export const DEFAULT_OPERATIONS: Readonly<Record<HyperskuOperation, OperationDefinition>> = {
  accessToken: { method: "POST", path: "/api/auth/admin/token/access_token" },
  refreshToken: { method: "POST", path: "/api/auth/admin/token/refresh_token" },
  createOrderFromExternal: { method: "POST", path: "/api/customer/admin/orders/createOrderFromExternal" },
  getOrdersByExternalOrderId: { method: "POST", path: "/api/customer/admin/orders/getOrdersByExternalOrderId" },
  getOrdersStatus: { method: "POST", path: "/api/customer/admin/orders/status" },
  listOrderByStoreOrderId: { method: "GET", path: "/api/customer/admin/orders/list/{storeOrderId}" },
  updateOrderAddress: { method: "POST", path: "/api/customer/admin/orders/updateOrderAddress" },
  cancelOrder: { method: "GET", path: "/api/customer/admin/orders/cancelOrder" },
  getStockOrderInfo: { method: "GET", path: "/api/customer/admin/orders/getStockOrderInfo" },
  internationalLogisticsInfo: {
    method: "GET",
    path: "/api/customer/admin/logistics/internationalLogisticsInfo/{storeOrderId}",
  },
  getCountryCode: { method: "GET", path: "/api/customer/admin/logistics/getCountryCode" },
  getLogisticsSku: { method: "POST", path: "/api/customer/admin/logistics/getLogisticsInfo-Sku" },
  // Inferred (spec: method, path and payload not shown): the Product group under the customer prefix,
  // a page of the merchant's private products (TableResultResponse<ProductInfoDto>) and one product.
  getPrivateProduct: { method: "GET", path: "/api/customer/admin/product/getPrivateProduct" },
  getProductInfo: { method: "GET", path: "/api/customer/admin/product/getProductInfo" },
  // Method spec (POST), path and meaning inferred: `create` places an order for HyperSKU SKUs held as
  // the merchant's stock (CreateOrderRequestVo/OrderCreateResponse), `getToken` is a login
  // (LoginReqDto/LoginResDto) answering a token response.
  create: { method: "POST", path: "/api/customer/admin/orders/create" },
  getToken: { method: "POST", path: "/api/auth/admin/token/getToken" },
};

export interface HyperskuConfig {
  /** Base URL without a trailing slash, e.g. `https://api.hypersku.com`. */
  apiUrl: string;
  /** HyperSKU's authorization page the merchant's browser is sent to. */
  authorizeUrl: string;
  /** The app's credentials (deployment configuration, not per shop); undefined when not set. */
  clientId?: string;
  clientSecret?: string;
  /** Text before the access token in the Authorization header (default empty: the raw token). */
  authPrefix: string;
  /** Every operation's path: the defaults with HYPERSKU_PATHS merged over them. */
  paths: Record<HyperskuOperation, string>;
  /** Methods HYPERSKU_PATHS changed (`"GET /path"`); an operation not named here uses its default method. */
  methods?: Partial<Record<HyperskuOperation, HttpMethod>>;
  timeoutMs: number;
  /** Bytes read from one answer at most; a longer answer is abandoned as unreadable (HYPERSKU_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  /** The number HyperSKU uses for "Shopify" in `platform` (not published). */
  platformCode: number;
}

function isHyperskuOperation(name: string): name is HyperskuOperation {
  return (HYPERSKU_OPERATIONS as readonly string[]).includes(name);
}

type HyperskuEnv = Pick<
  Env,
  | "HYPERSKU_API_URL"
  | "HYPERSKU_AUTHORIZE_URL"
  | "HYPERSKU_CLIENT_ID"
  | "HYPERSKU_CLIENT_SECRET"
  | "HYPERSKU_AUTH_PREFIX"
  | "HYPERSKU_PATHS"
  | "HYPERSKU_TIMEOUT_MS"
  | "HYPERSKU_MAX_RESPONSE_BYTES"
  | "HYPERSKU_PLATFORM_CODE"
>;

/**
 * Builds the client configuration from the parsed env. An override for an operation we do not
 * know is almost certainly a typo that would silently keep the wrong path, so it is refused
 * with the variable's name (never its value).
 */
export function getHyperskuConfig(env: HyperskuEnv): HyperskuConfig {
  const paths = Object.fromEntries(HYPERSKU_OPERATIONS.map((operation) => [operation, DEFAULT_OPERATIONS[operation].path])) as Record<
    HyperskuOperation,
    string
  >;
  const methods: Partial<Record<HyperskuOperation, HttpMethod>> = {};
  for (const [operation, path] of Object.entries(env.HYPERSKU_PATHS ?? {})) {
    if (!isHyperskuOperation(operation)) {
      throw new Error(`HYPERSKU_PATHS: unknown operation "${operation}"; known operations: ${HYPERSKU_OPERATIONS.join(", ")}`);
    }
    const override = /^(GET|POST)\s+(\/.*)$/.exec(path);
    if (override) {
      methods[operation] = override[1] as HttpMethod;
      paths[operation] = override[2];
    } else paths[operation] = path;
  }
  return {
    apiUrl: env.HYPERSKU_API_URL.replace(/\/+$/, ""),
    authorizeUrl: env.HYPERSKU_AUTHORIZE_URL,
    clientId: env.HYPERSKU_CLIENT_ID,
    clientSecret: env.HYPERSKU_CLIENT_SECRET,
    authPrefix: env.HYPERSKU_AUTH_PREFIX,
    paths,
    methods,
    timeoutMs: env.HYPERSKU_TIMEOUT_MS,
    maxResponseBytes: env.HYPERSKU_MAX_RESPONSE_BYTES,
    platformCode: env.HYPERSKU_PLATFORM_CODE,
  };
}

/** The method an operation is called with: HYPERSKU_PATHS' choice, else the default. */
export function operationMethod(config: Pick<HyperskuConfig, "methods">, operation: HyperskuOperation): HttpMethod {
  return config.methods?.[operation] ?? DEFAULT_OPERATIONS[operation].method;
}
