/**
 * The block's calls to the app. A relative URL resolves against the app's `app_url`, and the admin
 * adds the session token (Authorization: Bearer) to the request itself
 * (https://shopify.dev/docs/api/admin-extensions/latest/network-features#app-authentication).
 * Every outcome is a value, never a throw, so the component only chooses what to show.
 */
import {
  ORDER_BLOCK_API_PATH,
  type OrderBlockActionResult,
  type OrderBlockIntent,
  type OrderBlockView,
} from "../../../app/domain/extension/order-block-contract";
import { parseActionResponse, parseOrderResponse } from "./order-view";

export type ApiFailure = { kind: "error"; reason: "unauthorized" | "http" | "network" | "format"; status?: number };

export type LoadOutcome = { kind: "found"; order: OrderBlockView } | { kind: "not-found" } | ApiFailure;

type ActionOutcome = { kind: "done"; result: OrderBlockActionResult; order: OrderBlockView } | { kind: "not-found" } | ApiFailure;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type OrderApi = {
  getOrder(shopifyOrderId: string): Promise<LoadOutcome>;
  runAction(shopifyOrderId: string, intent: OrderBlockIntent): Promise<ActionOutcome>;
};

async function call<T>(
  fetchFn: FetchLike,
  url: string,
  init: RequestInit,
  read: (body: unknown) => T,
): Promise<T | { kind: "not-found" } | ApiFailure> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch {
    return { kind: "error", reason: "network" };
  }
  if (response.status === 404) return { kind: "not-found" };
  if (response.status === 401 || response.status === 403) return { kind: "error", reason: "unauthorized", status: response.status };
  if (!response.ok) return { kind: "error", reason: "http", status: response.status };
  try {
    return read(await response.json());
  } catch {
    return { kind: "error", reason: "format", status: response.status };
  }
}

export function createOrderApi(fetchFn: FetchLike, basePath = ORDER_BLOCK_API_PATH): OrderApi {
  const urlOf = (shopifyOrderId: string) => `${basePath}/${encodeURIComponent(shopifyOrderId)}`;
  return {
    getOrder: (shopifyOrderId) =>
      call(fetchFn, urlOf(shopifyOrderId), { headers: { Accept: "application/json" } }, (body) => ({
        kind: "found" as const,
        order: parseOrderResponse(body),
      })),
    runAction: (shopifyOrderId, intent) =>
      call(
        fetchFn,
        urlOf(shopifyOrderId),
        { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" }, body: JSON.stringify({ intent }) },
        (body) => ({ kind: "done" as const, ...parseActionResponse(body) }),
      ),
  };
}
