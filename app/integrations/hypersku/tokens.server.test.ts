import { describe, expect, it, vi } from "vitest";
import { createHyperskuClient, type HyperskuAuth } from "./client.server";
import {
  HyperskuClientCredentialsRejectedError,
  HyperskuEndpointNotFoundError,
  HyperskuNotConnectedError,
  HyperskuReconnectNeededError,
  HyperskuRejectedError,
  HyperskuTokenRejectedError,
  HyperskuUnavailableError,
} from "./errors";
import type { TokenResponse } from "./schemas";
import { createCaptureLogger } from "./testing/capture-logger";
import { buildExternalOrder, buildTestConfig, buildTokenResponseJson, buildTokenSet } from "./testing/factories";
import { createFakeFetch, jsonResponse, wrapped } from "./testing/fake-fetch";
import { createMemoryTokenStore } from "./testing/memory-token-store";
import { createHyperskuTokenManager } from "./tokens.server";

const SHOP = "example.myshopify.com";
const NOW = new Date("2024-05-01T12:00:00Z");
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const rejected = (operation: "getCountryCode" | "refreshToken" = "getCountryCode") =>
  new HyperskuTokenRejectedError({ operation, httpStatus: 401 });

function setup(options: { accessTokenExpiresAt?: Date | null; refresh?: (refreshToken: string) => Promise<TokenResponse> } = {}) {
  const initial = buildTokenSet({
    accessToken: "access-0",
    refreshToken: "refresh-0",
    accessTokenExpiresAt: options.accessTokenExpiresAt === undefined ? inMinutes(60) : options.accessTokenExpiresAt,
  });
  const store = createMemoryTokenStore({ [SHOP]: initial });
  let issued = 0;
  const refreshToken = vi.fn(async ({ refreshToken }: { refreshToken: string; shop?: string }): Promise<TokenResponse> => {
    if (options.refresh) return options.refresh(refreshToken);
    issued += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return buildTokenResponseJson({ accessToken: `access-${issued}`, refreshToken: `refresh-${issued}` }) as TokenResponse;
  });
  const manager = createHyperskuTokenManager({ client: { refreshToken }, store, now: () => NOW });
  return { manager, store, refreshToken, initial };
}

describe("getAccessToken", () => {
  it("returns the stored token while it is valid beyond the margin", async () => {
    const { manager, refreshToken } = setup({ accessTokenExpiresAt: inMinutes(6) });
    expect(await manager.getAccessToken(SHOP)).toBe("access-0");
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it("uses a token of unknown expiry as is", async () => {
    const { manager, refreshToken } = setup({ accessTokenExpiresAt: null });
    expect(await manager.getAccessToken(SHOP)).toBe("access-0");
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it("refreshes when the token expires within 5 minutes, and stores the new set with the previous one", async () => {
    const { manager, store, refreshToken, initial } = setup({ accessTokenExpiresAt: inMinutes(4) });
    expect(await manager.getAccessToken(SHOP)).toBe("access-1");
    expect(refreshToken).toHaveBeenCalledWith({ refreshToken: "refresh-0", shop: SHOP });
    expect(store.saves).toHaveLength(1);
    expect(store.saves[0].previous).toEqual(initial);
    expect(store.saves[0].tokenSet).toMatchObject({
      accessToken: "access-1",
      refreshToken: "refresh-1",
      accessTokenExpiresAt: new Date(NOW.getTime() + 7200_000),
    });
  });

  it("single flight: 10 concurrent callers share exactly one refresh", async () => {
    const { manager, refreshToken } = setup({ accessTokenExpiresAt: inMinutes(-1) });
    const tokens = await Promise.all(Array.from({ length: 10 }, () => manager.getAccessToken(SHOP)));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(new Set(tokens)).toEqual(new Set(["access-1"]));
  });

  it("no stored token set -> HyperskuNotConnectedError (a HyperskuReconnectNeededError)", async () => {
    const { manager, store } = setup();
    const error = await manager.getAccessToken("other.myshopify.com").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuNotConnectedError);
    expect(error).toBeInstanceOf(HyperskuReconnectNeededError);
    expect(store.reconnectNeeded).toEqual([]);
  });

  it("an expired refresh token -> reconnect needed without calling HyperSKU", async () => {
    const { manager, store, refreshToken } = setup({ accessTokenExpiresAt: inMinutes(-1) });
    store.sets.get(SHOP)!.refreshTokenExpiresAt = inMinutes(-10);
    await expect(manager.getAccessToken(SHOP)).rejects.toBeInstanceOf(HyperskuReconnectNeededError);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(store.reconnectNeeded).toEqual([{ shop: SHOP, reason: "refresh_token_missing_or_expired" }]);
  });

  it("Unavailable during refresh is rethrown (retry later), not reconnect-needed", async () => {
    const { manager, store } = setup({
      accessTokenExpiresAt: inMinutes(-1),
      refresh: async () => {
        throw new HyperskuUnavailableError("HTTP 503", { operation: "refreshToken", httpStatus: 503 });
      },
    });
    await expect(manager.getAccessToken(SHOP)).rejects.toBeInstanceOf(HyperskuUnavailableError);
    expect(store.reconnectNeeded).toEqual([]);
  });

  it("a failed early refresh still hands out the not yet expired token", async () => {
    const { manager } = setup({
      accessTokenExpiresAt: inMinutes(2),
      refresh: async () => {
        throw new HyperskuUnavailableError("HTTP 503", { operation: "refreshToken" });
      },
    });
    expect(await manager.getAccessToken(SHOP)).toBe("access-0");
  });

  it("a 401 on refresh (wrong secret or refused token: ambiguous) -> reconnect needed, the 401 kept as cause", async () => {
    const { manager, store } = setup({
      accessTokenExpiresAt: inMinutes(-1),
      refresh: async () => {
        throw new HyperskuClientCredentialsRejectedError({ operation: "refreshToken", httpStatus: 401 });
      },
    });
    const error = await manager.getAccessToken(SHOP).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuReconnectNeededError);
    expect((error as Error).cause).toBeInstanceOf(HyperskuClientCredentialsRejectedError);
    expect(store.reconnectNeeded).toEqual([{ shop: SHOP, reason: "refresh_rejected_http_401" }]);
  });
});

describe("withAccessToken", () => {
  it("passes the shop's auth to fn", async () => {
    const { manager } = setup();
    expect(await manager.withAccessToken(SHOP, async (auth) => auth)).toEqual({ accessToken: "access-0", shop: SHOP });
  });

  it("on a token rejection refreshes once and retries once", async () => {
    const { manager, refreshToken } = setup();
    const seen: string[] = [];
    const result = await manager.withAccessToken(SHOP, async (auth: HyperskuAuth) => {
      seen.push(auth.accessToken);
      if (auth.accessToken === "access-0") throw rejected();
      return "done";
    });
    expect(result).toBe("done");
    expect(seen).toEqual(["access-0", "access-1"]);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it("rejected again after the refresh -> markReconnectNeeded and HyperskuReconnectNeededError", async () => {
    const { manager, store, refreshToken } = setup();
    const fn = vi.fn(async () => {
      throw rejected();
    });
    const error = await manager.withAccessToken(SHOP, fn).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuReconnectNeededError);
    expect((error as HyperskuReconnectNeededError).operation).toBe("getCountryCode");
    expect(fn).toHaveBeenCalledTimes(2);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(store.reconnectNeeded).toEqual([{ shop: SHOP, reason: "access_token_rejected_after_refresh" }]);
  });

  it.each([
    ["token rejected", () => rejected("refreshToken")],
    ["rejected with a message", () => new HyperskuRejectedError("refresh token invalid", { operation: "refreshToken" })],
  ])("the refresh itself %s -> reconnect needed", async (_name, makeError) => {
    const { manager, store } = setup({
      refresh: async () => {
        throw makeError();
      },
    });
    const fn = vi.fn(async () => {
      throw rejected();
    });
    await expect(manager.withAccessToken(SHOP, fn)).rejects.toBeInstanceOf(HyperskuReconnectNeededError);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(store.reconnectNeeded).toEqual([{ shop: SHOP, reason: "refresh_token_rejected" }]);
  });

  it("adopts the token set another process stored while our refresh was refused", async () => {
    const { manager, store } = setup({
      refresh: async () => {
        // The other process won the race with the same (single-use) refresh token.
        store.sets.set(SHOP, buildTokenSet({ accessToken: "access-other", refreshToken: "refresh-other" }));
        throw rejected("refreshToken");
      },
    });
    const seen: string[] = [];
    const result = await manager.withAccessToken(SHOP, async (auth) => {
      seen.push(auth.accessToken);
      if (auth.accessToken === "access-0") throw rejected();
      return "ok";
    });
    expect(result).toBe("ok");
    expect(seen).toEqual(["access-0", "access-other"]);
    expect(store.reconnectNeeded).toEqual([]);
  });

  it("uses a token another process already stored instead of refreshing again", async () => {
    const { manager, store, refreshToken } = setup();
    const result = await manager.withAccessToken(SHOP, async (auth) => {
      if (auth.accessToken === "access-0") {
        store.sets.set(SHOP, buildTokenSet({ accessToken: "access-other", refreshToken: "refresh-other" }));
        throw rejected();
      }
      return auth.accessToken;
    });
    expect(result).toBe("access-other");
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it("single flight: 10 concurrent rejected callers cause exactly one refresh", async () => {
    const { manager, refreshToken } = setup();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        manager.withAccessToken(SHOP, async (auth) => {
          if (auth.accessToken === "access-0") throw rejected();
          return auth.accessToken;
        }),
      ),
    );
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(new Set(results)).toEqual(new Set(["access-1"]));
  });

  it("Unavailable during the refresh is rethrown, the shop is not marked", async () => {
    const { manager, store } = setup({
      refresh: async () => {
        throw new HyperskuUnavailableError("no answer in time", { operation: "refreshToken" });
      },
    });
    await expect(
      manager.withAccessToken(SHOP, async () => {
        throw rejected();
      }),
    ).rejects.toBeInstanceOf(HyperskuUnavailableError);
    expect(store.reconnectNeeded).toEqual([]);
  });

  it("other errors from fn pass through without refresh or retry", async () => {
    const { manager, refreshToken } = setup();
    const fn = vi.fn(async () => {
      throw new HyperskuRejectedError("address invalid", { operation: "updateOrderAddress" });
    });
    await expect(manager.withAccessToken(SHOP, fn)).rejects.toBeInstanceOf(HyperskuRejectedError);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(refreshToken).not.toHaveBeenCalled();
  });
});

/**
 * The token manager with the real client over a scripted fetch: what HyperSKU answers decides whether
 * a shop is sent to reconnect (issue 14, item 4). Only proof that the token is bad may do that.
 */
describe("which answers disconnect a shop", () => {
  const OPERATION_PATH = "/api/customer/admin/orders/createOrderFromExternal";

  function connected(answers: { refresh: () => Response; operation: () => Response }, accessTokenExpiresAt = inMinutes(60)) {
    const store = createMemoryTokenStore({
      [SHOP]: buildTokenSet({ accessToken: "access-0", refreshToken: "refresh-0", accessTokenExpiresAt }),
    });
    const { fetch, requests } = createFakeFetch((request) =>
      request.url.endsWith("/refresh_token")
        ? answers.refresh()
        : request.url.endsWith(OPERATION_PATH)
          ? answers.operation()
          : new Response(null, { status: 500 }),
    );
    const client = createHyperskuClient(buildTestConfig(), { fetch, logger: createCaptureLogger() });
    const manager = createHyperskuTokenManager({ client, store, now: () => NOW });
    const create = () => manager.withAccessToken(SHOP, (auth) => client.createOrderFromExternal(auth, buildExternalOrder()));
    const sent = (suffix: string) => requests.filter((request) => request.url.endsWith(suffix)).length;
    return { store, create, sent };
  }
  const tokens = () => jsonResponse(wrapped(buildTokenResponseJson({ accessToken: "access-1" })));
  const htmlNotFound = () => new Response("<html><h1>404 Not Found</h1></html>", { status: 404, headers: { "Content-Type": "text/html" } });

  it("a 403 on a create with HyperSKU's message: that order is refused, no refresh, the shop stays connected", async () => {
    const { store, create, sent } = connected({
      refresh: tokens,
      operation: () => jsonResponse({ status: 403, message: "Store not authorised for this SKU", data: null, rel: false }, { status: 403 }),
    });
    const error = await create().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuRejectedError);
    expect((error as Error).message).toBe("Store not authorised for this SKU");
    expect(sent("/refresh_token")).toBe(0);
    expect(sent(OPERATION_PATH)).toBe(1);
    expect(store.reconnectNeeded).toEqual([]);
  });

  it("a 404 page from the refresh endpoint (wrong path): HyperskuEndpointNotFoundError, the shop stays connected", async () => {
    const { store, create } = connected({
      refresh: htmlNotFound,
      operation: () => jsonResponse({ status: 401, message: "token expired" }, { status: 401 }),
    });
    const error = await create().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HyperskuEndpointNotFoundError);
    expect((error as Error).message).toContain("refreshToken");
    expect(store.reconnectNeeded).toEqual([]);
  });

  it("a 404 page from the refresh endpoint when the token has expired: the same, before any call", async () => {
    const { store, create, sent } = connected({ refresh: htmlNotFound, operation: tokens }, inMinutes(-1));
    expect(await create().catch((caught: unknown) => caught)).toBeInstanceOf(HyperskuEndpointNotFoundError);
    expect(sent(OPERATION_PATH)).toBe(0);
    expect(store.reconnectNeeded).toEqual([]);
  });

  it.each([
    ["HTTP 401", () => jsonResponse({ status: 401, message: "refresh token invalid" }, { status: 401 })],
    ["body 40101", () => jsonResponse(wrapped(null, 40101, "refresh token invalid"))],
    ["body 40301", () => jsonResponse(wrapped(null, 40301, "refresh token revoked"))],
    ["a business refusal", () => jsonResponse(wrapped(null, 40001, "refresh token unknown"))],
    ["a 403 from the refresh endpoint", () => jsonResponse({ status: 403, message: "refresh refused" }, { status: 403 })],
  ])("a refused refresh (%s) after a 401 -> reconnect needed", async (_name, refresh) => {
    const { store, create } = connected({
      refresh,
      operation: () => jsonResponse({ status: 401, message: "token expired" }, { status: 401 }),
    });
    expect(await create().catch((caught: unknown) => caught)).toBeInstanceOf(HyperskuReconnectNeededError);
    expect(store.reconnectNeeded).toHaveLength(1);
  });
});
