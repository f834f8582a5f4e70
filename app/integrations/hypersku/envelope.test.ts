import { describe, expect, it } from "vitest";
import { classifyBody, isEnvelope, isFrameworkError } from "./envelope";
import { listOf, normalizeList } from "./schemas";
import { z } from "zod";

describe("isEnvelope", () => {
  it("needs a numeric status and a data or message key", () => {
    expect(isEnvelope({ status: 200, data: null })).toBe(true);
    expect(isEnvelope({ status: 500, message: "boom" })).toBe(true);
    expect(isEnvelope({ status: 4, statusDesc: "Shipping" })).toBe(false);
    expect(isEnvelope({ status: "200", data: 1 })).toBe(false);
    expect(isEnvelope([{ status: 200, data: 1 }])).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

describe("isFrameworkError", () => {
  it("recognises a framework's JSON error page (error + path, no data), even with a message", () => {
    expect(isFrameworkError({ timestamp: "2026-01-01T00:00:00Z", status: 404, error: "Not Found", path: "/api/x" })).toBe(true);
    expect(isFrameworkError({ status: 404, error: "Not Found", message: "No message available", path: "/api/x" })).toBe(true);
    expect(isFrameworkError({ status: 404, message: "order not found", data: null })).toBe(false);
    expect(isFrameworkError("Not Found")).toBe(false);
  });
});

describe("classifyBody", () => {
  it("unwraps data from a status-200 envelope, even with rel:false", () => {
    expect(classifyBody({ status: 200, message: null, data: { a: 1 }, rel: true })).toEqual({
      kind: "success",
      data: { a: 1 },
      wrapped: true,
    });
    expect(classifyBody({ status: 200, data: [1], rel: false })).toMatchObject({ kind: "success", data: [1] });
  });

  it("passes a bare result through", () => {
    expect(classifyBody({ orderBaseInfo: {} })).toEqual({ kind: "success", data: { orderBaseInfo: {} }, wrapped: false });
    expect(classifyBody([1, 2])).toMatchObject({ kind: "success", data: [1, 2] });
    expect(classifyBody(undefined)).toMatchObject({ kind: "success", data: undefined });
  });

  it.each([401, 40101, 40301])("classifies body status %i as token rejected", (status) => {
    expect(classifyBody({ status, message: "token invalid", data: null })).toEqual({
      kind: "token-rejected",
      status,
      message: "token invalid",
    });
  });

  it("classifies body status 403 as a business error with HyperSKU's message, not a token verdict", () => {
    expect(classifyBody({ status: 403, message: "Store not authorised for this SKU", data: null })).toEqual({
      kind: "business-error",
      status: 403,
      message: "Store not authorised for this SKU",
    });
  });

  it("accepts envelope status 201 as success (the spec lists 201 as a success)", () => {
    expect(classifyBody({ status: 201, message: null, data: { a: 1 }, rel: true })).toEqual({
      kind: "success",
      data: { a: 1 },
      wrapped: true,
    });
  });

  it("classifies 60025", () => {
    expect(classifyBody({ status: 60025, message: "code invalid", data: null })).toMatchObject({
      kind: "authorization-code-rejected",
    });
  });

  it("classifies any other status as a business error with its message", () => {
    expect(classifyBody({ status: 40001, message: " address1 is required ", data: null })).toEqual({
      kind: "business-error",
      status: 40001,
      message: "address1 is required",
    });
    expect(classifyBody({ status: 500, message: "" })).toEqual({ kind: "business-error", status: 500, message: null });
  });
});

describe("list normalisation", () => {
  const schema = listOf(z.object({ id: z.number() }));

  it("accepts a bare array, TableData {total, rows} and nothing", () => {
    expect(normalizeList([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(normalizeList({ total: 1, rows: [{ id: 1 }] })).toEqual([{ id: 1 }]);
    expect(schema.parse({ total: 2, rows: [{ id: 1 }, { id: 2 }] })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(schema.parse(null)).toEqual([]);
    expect(schema.parse(undefined)).toEqual([]);
  });

  it("wrapped TableData unwraps to an array", () => {
    const outcome = classifyBody({ status: 200, message: null, data: { total: 1, rows: [{ id: 9 }] }, rel: true });
    expect(outcome.kind).toBe("success");
    if (outcome.kind === "success") expect(schema.parse(outcome.data)).toEqual([{ id: 9 }]);
  });

  it("rejects something that is not a list", () => {
    expect(schema.safeParse({ total: 1 }).success).toBe(false);
  });
});
