/**
 * The API's operations, their methods and paths (docs/hypersku-contract.md "Operations"), and which
 * need an access token. Paths match exactly: no trailing slash, no case folding.
 */
import * as auth from "./operations/auth";
import type { OperationHandler } from "./operations/context";
import * as logistics from "./operations/logistics";
import * as orders from "./operations/orders";
import * as products from "./operations/products";

export interface Route {
  operation: string;
  method: "GET" | "POST";
  pattern: string;
  authenticated: boolean;
  handler: OperationHandler;
}

const ORDERS = "/api/customer/admin/orders";
const LOGISTICS = "/api/customer/admin/logistics";
const PRODUCT = "/api/customer/admin/product";

const API_ROUTES: readonly Route[] = [
  {
    operation: "accessToken",
    method: "POST",
    pattern: "/api/auth/admin/token/access_token",
    authenticated: false,
    handler: auth.accessToken,
  },
  {
    operation: "refreshToken",
    method: "POST",
    pattern: "/api/auth/admin/token/refresh_token",
    authenticated: false,
    handler: auth.refreshToken,
  },
  {
    operation: "createOrderFromExternal",
    method: "POST",
    pattern: `${ORDERS}/createOrderFromExternal`,
    authenticated: true,
    handler: orders.createOrderFromExternal,
  },
  {
    operation: "getOrdersByExternalOrderId",
    method: "POST",
    pattern: `${ORDERS}/getOrdersByExternalOrderId`,
    authenticated: true,
    handler: orders.getOrdersByExternalOrderId,
  },
  { operation: "getOrdersStatus", method: "POST", pattern: `${ORDERS}/status`, authenticated: true, handler: orders.getOrdersStatus },
  {
    operation: "listOrderByStoreOrderId",
    method: "GET",
    pattern: `${ORDERS}/list/:storeOrderId`,
    authenticated: true,
    handler: orders.listOrderByStoreOrderId,
  },
  {
    operation: "updateOrderAddress",
    method: "POST",
    pattern: `${ORDERS}/updateOrderAddress`,
    authenticated: true,
    handler: orders.updateOrderAddress,
  },
  { operation: "cancelOrder", method: "GET", pattern: `${ORDERS}/cancelOrder`, authenticated: true, handler: orders.cancelOrder },
  {
    operation: "getStockOrderInfo",
    method: "GET",
    pattern: `${ORDERS}/getStockOrderInfo`,
    authenticated: true,
    handler: orders.getStockOrderInfo,
  },
  {
    operation: "internationalLogisticsInfo",
    method: "GET",
    pattern: `${LOGISTICS}/internationalLogisticsInfo/:storeOrderId`,
    authenticated: true,
    handler: logistics.internationalLogisticsInfo,
  },
  {
    operation: "getCountryCode",
    method: "GET",
    pattern: `${LOGISTICS}/getCountryCode`,
    authenticated: true,
    handler: logistics.getCountryCode,
  },
  {
    operation: "getLogisticsSku",
    method: "POST",
    pattern: `${LOGISTICS}/getLogisticsInfo-Sku`,
    authenticated: true,
    handler: logistics.getLogisticsSku,
  },
  {
    operation: "getPrivateProduct",
    method: "GET",
    pattern: `${PRODUCT}/getPrivateProduct`,
    authenticated: true,
    handler: products.getPrivateProduct,
  },
  {
    operation: "getProductInfo",
    method: "GET",
    pattern: `${PRODUCT}/getProductInfo`,
    authenticated: true,
    handler: products.getProductInfo,
  },
  { operation: "create", method: "POST", pattern: `${ORDERS}/create`, authenticated: true, handler: products.create },
  { operation: "getToken", method: "POST", pattern: "/api/auth/admin/token/getToken", authenticated: false, handler: auth.getToken },
];

export const OPERATION_NAMES: readonly string[] = API_ROUTES.map((route) => route.operation);

export type RouteMatch =
  { kind: "found"; route: Route; params: Record<string, string> } | { kind: "wrong-method"; allowed: string[] } | { kind: "none" };

export function matchRoute(method: string, pathname: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of API_ROUTES) {
    const params = matchPattern(route.pattern, pathname);
    if (!params) continue;
    if (route.method === method) return { kind: "found", route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "none" };
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const expected = pattern.split("/");
  const actual = pathname.split("/");
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index += 1) {
    const part = expected[index];
    if (part.startsWith(":")) {
      let value: string;
      try {
        value = decodeURIComponent(actual[index]);
      } catch {
        return undefined;
      }
      if (value === "") return undefined;
      params[part.slice(1)] = value;
    } else if (part !== actual[index]) return undefined;
  }
  return params;
}
