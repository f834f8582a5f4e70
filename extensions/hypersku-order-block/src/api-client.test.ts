import { describe, expect, it, vi } from "vitest";
import { createOrderApi, type FetchLike } from "./api-client";
import { buildFailedOrder, buildSentOrder, jsonResponse } from "./testing/orders";

const fetchReturning = (response: Response | Error) =>
  vi.fn<FetchLike>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });

describe("getOrder", () => {
  it("asks the app for the order by its relative URL and reads the answer", async () => {
    const order = buildSentOrder();
    const fetchFn = fetchReturning(jsonResponse({ order }));
    expect(await createOrderApi(fetchFn).getOrder("5600000000001")).toEqual({ kind: "found", order });
    expect(fetchFn).toHaveBeenCalledWith("/api/extension/orders/5600000000001", { headers: { Accept: "application/json" } });
  });

  it.each([
    [jsonResponse({ error: "not_found" }, 404), { kind: "not-found" }],
    [new Response(null, { status: 401 }), { kind: "error", reason: "unauthorized", status: 401 }],
    [jsonResponse({ error: "boom" }, 500), { kind: "error", reason: "http", status: 500 }],
    [new Response("<html>", { status: 200 }), { kind: "error", reason: "format", status: 200 }],
    [jsonResponse({ order: { name: "#1" } }), { kind: "error", reason: "format", status: 200 }],
    [new TypeError("Failed to fetch"), { kind: "error", reason: "network" }],
  ])("turns %s into a value", async (response, expected) => {
    expect(await createOrderApi(fetchReturning(response)).getOrder("1")).toEqual(expected);
  });
});

describe("runAction", () => {
  it("posts the intent as JSON and returns the result with the order as it is now", async () => {
    const order = buildFailedOrder({ state: "scheduled" });
    const fetchFn = fetchReturning(jsonResponse({ result: { ok: true, message: "Retrying." }, order }));
    expect(await createOrderApi(fetchFn).runAction("5600000000001", "retry")).toEqual({
      kind: "done",
      result: { ok: true, message: "Retrying." },
      order,
    });
    expect(fetchFn).toHaveBeenCalledWith("/api/extension/orders/5600000000001", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "retry" }),
    });
  });

  it("reports an order the app does not know as not found", async () => {
    const fetchFn = fetchReturning(jsonResponse({ error: "not_found" }, 404));
    expect(await createOrderApi(fetchFn).runAction("1", "send-now")).toEqual({ kind: "not-found" });
  });
});
