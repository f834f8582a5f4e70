/**
 * The HyperSKU client: one typed method per operation of docs/hypersku-contract.md. Token exchanges
 * use the app's client credentials from config; every other method takes the shop's access token
 * explicitly (tokens.server.ts decides which token and when to refresh it).
 */
import {
  type Page,
  type PrivateProduct,
  privateProductPageSchema,
  privateProductSchema,
  type StockOrderCreated,
  stockOrderCreatedSchema,
} from "./catalogue-schemas";
import type { HyperskuConfig, HyperskuOperation } from "./config";
import { HyperskuNotConfiguredError } from "./errors";
import { type HyperskuHttpDeps, type HyperskuRequest, sendHyperskuRequest } from "./http.server";
import {
  cancelOrderResultSchema,
  type CancelOrderResult,
  type CountryCode,
  countryCodeListSchema,
  createdOrderSchema,
  type ExternalOrder,
  type ExternalShippingAddress,
  type HyperskuCreatedOrder,
  type HyperskuLogisticsItem,
  type HyperskuOrder,
  logisticsItemListSchema,
  type LogisticsSkuOption,
  logisticsSkuOptionListSchema,
  orderListSchema,
  orderStatusListSchema,
  type OrderStatusInfo,
  type StockOrderInfo,
  stockOrderInfoListSchema,
  type TokenResponse,
  tokenResponseSchema,
  updateOrderAddressResultSchema,
  type UpdateOrderAddressResult,
} from "./schemas";

export { tokenResponseToTokenSet } from "./token-set";

/** A shop's credential for one call; `shop` only labels the log line. */
export interface HyperskuAuth {
  accessToken: string;
  shop?: string;
}

export interface UpdateOrderAddressInput extends Partial<ExternalShippingAddress> {
  orderId: number;
}

export interface LogisticsSkuQuery {
  countryCode: string;
  skuItems: { skuId: number; num: number }[];
}

export interface StockOrderQuery {
  pageNum?: number;
  pageSize?: number;
}

export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

/** Body of `create` (inferred: an order for HyperSKU SKUs held as the merchant's stock). */
export interface StockOrderInput {
  skuItems: { skuId: number; num: number }[];
  remark?: string;
}

export type HyperskuClient = ReturnType<typeof createHyperskuClient>;

export function createHyperskuClient(config: HyperskuConfig, deps: HyperskuHttpDeps = {}) {
  const send = <T>(request: HyperskuRequest<T>) => sendHyperskuRequest(config, request, deps);
  const authed = <T>(auth: HyperskuAuth, request: Omit<HyperskuRequest<T>, "accessToken" | "shop">) =>
    send({ ...request, accessToken: auth.accessToken, shop: auth.shop });

  function clientCredentials(operation: HyperskuOperation) {
    const missing = [config.clientId ? null : "HYPERSKU_CLIENT_ID", config.clientSecret ? null : "HYPERSKU_CLIENT_SECRET"].filter(
      (name): name is string => name !== null,
    );
    if (missing.length > 0) throw new HyperskuNotConfiguredError(missing, operation);
    return { clientId: config.clientId as string, clientSecret: config.clientSecret as string };
  }

  return {
    /** Where to send the merchant's browser (top level, not in the admin iframe) to authorize the app. */
    buildAuthorizeUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
      if (!config.clientId) throw new HyperskuNotConfiguredError(["HYPERSKU_CLIENT_ID"], null);
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("clientId", config.clientId);
      url.searchParams.set("scope", "oms");
      url.searchParams.set("redirectUri", redirectUri);
      url.searchParams.set("state", state);
      return url.toString();
    },

    /** Exchanges the authorization code from the callback for the shop's tokens. */
    async accessToken({ code, shop }: { code: string; shop?: string }): Promise<TokenResponse> {
      const credentials = clientCredentials("accessToken");
      return send({
        operation: "accessToken",
        schema: tokenResponseSchema,
        body: { ...credentials, code },
        shop,
        secrets: [code],
      });
    },

    async refreshToken({ refreshToken, shop }: { refreshToken: string; shop?: string }): Promise<TokenResponse> {
      const credentials = clientCredentials("refreshToken");
      return send({
        operation: "refreshToken",
        schema: tokenResponseSchema,
        body: { ...credentials, refreshToken },
        shop,
        secrets: [refreshToken],
      });
    },

    /**
     * Not idempotent: HyperskuOutcomeUnknownError means "look it up with getOrdersByExternalOrderId".
     * Resolves only with an answer proving the order exists (its HyperSKU orderId, for this storeOrderId);
     * a 2xx answer without that proof is HyperskuOutcomeUnknownError too, never a success.
     */
    createOrderFromExternal(auth: HyperskuAuth, order: ExternalOrder): Promise<HyperskuCreatedOrder> {
      return authed(auth, {
        operation: "createOrderFromExternal",
        schema: createdOrderSchema(order.storeOrderId),
        body: order,
      });
    },

    getOrdersByExternalOrderId(auth: HyperskuAuth, query: { storeCode: string; storeOrderId: string }): Promise<HyperskuOrder[]> {
      return authed(auth, {
        operation: "getOrdersByExternalOrderId",
        schema: orderListSchema,
        body: { storeCode: query.storeCode, storeOrderId: query.storeOrderId },
      });
    },

    getOrdersStatus(auth: HyperskuAuth, orderIds: number[]): Promise<OrderStatusInfo[]> {
      return authed(auth, { operation: "getOrdersStatus", schema: orderStatusListSchema, body: orderIds });
    },

    listOrderByStoreOrderId(auth: HyperskuAuth, storeOrderId: string): Promise<HyperskuOrder[]> {
      return authed(auth, { operation: "listOrderByStoreOrderId", schema: orderListSchema, pathParams: { storeOrderId } });
    },

    updateOrderAddress(auth: HyperskuAuth, input: UpdateOrderAddressInput): Promise<UpdateOrderAddressResult> {
      return authed(auth, { operation: "updateOrderAddress", schema: updateOrderAddressResultSchema, body: input });
    },

    cancelOrder(auth: HyperskuAuth, orderId: number): Promise<CancelOrderResult> {
      return authed(auth, { operation: "cancelOrder", schema: cancelOrderResultSchema, query: { orderId } });
    },

    getStockOrderInfo(auth: HyperskuAuth, query: StockOrderQuery = {}): Promise<StockOrderInfo[]> {
      return authed(auth, {
        operation: "getStockOrderInfo",
        schema: stockOrderInfoListSchema,
        query: { pageNum: query.pageNum, pageSize: query.pageSize },
      });
    },

    internationalLogisticsInfo(auth: HyperskuAuth, storeOrderId: string): Promise<HyperskuLogisticsItem[]> {
      return authed(auth, {
        operation: "internationalLogisticsInfo",
        schema: logisticsItemListSchema,
        pathParams: { storeOrderId },
      });
    },

    getCountryCode(auth: HyperskuAuth): Promise<CountryCode[]> {
      return authed(auth, { operation: "getCountryCode", schema: countryCodeListSchema });
    },

    getLogisticsSku(auth: HyperskuAuth, query: LogisticsSkuQuery): Promise<LogisticsSkuOption[]> {
      return authed(auth, {
        operation: "getLogisticsSku",
        schema: logisticsSkuOptionListSchema,
        body: { countryCode: query.countryCode, skuItems: query.skuItems },
      });
    },

    /** One page of the merchant's private products with their SKUs (inferred: GET, `pageNum`/`pageSize`). */
    getPrivateProduct(auth: HyperskuAuth, query: PageQuery = {}): Promise<Page<PrivateProduct>> {
      return authed(auth, {
        operation: "getPrivateProduct",
        schema: privateProductPageSchema,
        query: { pageNum: query.pageNum, pageSize: query.pageSize },
      });
    },

    /** One private product by HyperSKU's product id (inferred: GET `?productId=`). */
    getProductInfo(auth: HyperskuAuth, productId: number): Promise<PrivateProduct> {
      return authed(auth, { operation: "getProductInfo", schema: privateProductSchema, query: { productId } });
    },

    /**
     * `create` (inferred meaning): orders SKUs to be held as the merchant's stock. Not idempotent, like
     * createOrderFromExternal; nothing in the app calls it yet.
     */
    create(auth: HyperskuAuth, input: StockOrderInput): Promise<StockOrderCreated> {
      const body: StockOrderInput = { skuItems: input.skuItems };
      if (input.remark !== undefined) body.remark = input.remark;
      return authed(auth, { operation: "create", schema: stockOrderCreatedSchema, body });
    },

    /**
     * `getToken` (inferred meaning: a login with the HyperSKU account's own credentials, LoginReqDto,
     * answering a token response). The app never asks a merchant for a password; kept for completeness.
     */
    getToken({ username, password, shop }: { username: string; password: string; shop?: string }): Promise<TokenResponse> {
      return send({ operation: "getToken", schema: tokenResponseSchema, body: { username, password }, shop, secrets: [password] });
    },
  };
}
