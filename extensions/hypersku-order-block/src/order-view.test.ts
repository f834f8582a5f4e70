import { describe, expect, it } from "vitest";
import { OrderViewFormatError, parseActionResponse, parseOrderResponse } from "./order-view";
import { buildFailedOrder, buildSentOrder } from "./testing/orders";

describe("parseOrderResponse", () => {
  it("reads the app's answer for a sent order", () => {
    const order = buildSentOrder();
    expect(parseOrderResponse(JSON.parse(JSON.stringify({ order })))).toEqual(order);
  });

  it("reads an unsent order with no HyperSKU data", () => {
    const order = buildFailedOrder();
    expect(parseOrderResponse({ order })).toEqual(order);
  });

  it("falls back on tones it does not know instead of failing", () => {
    const order = buildSentOrder();
    const body = {
      order: { ...order, hypersku: { orderId: "HS1", status: { code: 99, name: "Galactic", meaning: "?", tone: "purple" } } },
    };
    expect(parseOrderResponse(body).hypersku?.status?.tone).toBe("info");
  });

  it.each([
    ["no order", {}],
    ["a missing state", { order: { ...buildSentOrder(), state: undefined } }],
    ["parcels that are not a list", { order: { ...buildSentOrder(), parcels: "none" } }],
    ["a parcel without its key", { order: { ...buildSentOrder(), parcels: [{ carrier: "USPS" }] } }],
    ["actions missing", { order: { ...buildSentOrder(), actions: null } }],
  ])("rejects %s", (_name, body) => {
    expect(() => parseOrderResponse(body)).toThrow(OrderViewFormatError);
  });
});

describe("parseActionResponse", () => {
  it("reads the result and the order as it is now", () => {
    const order = buildFailedOrder();
    expect(parseActionResponse({ result: { ok: false, message: "Connect HyperSKU first." }, order })).toEqual({
      result: { ok: false, message: "Connect HyperSKU first." },
      order,
    });
  });

  it("rejects an answer without a result", () => {
    expect(() => parseActionResponse({ order: buildFailedOrder() })).toThrow(OrderViewFormatError);
  });
});
