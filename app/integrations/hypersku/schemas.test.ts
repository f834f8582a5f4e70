import { describe, expect, it } from "vitest";
import {
  cancelOrderResultSchema,
  countryCodeListSchema,
  externalOrderSchema,
  logisticsItemListSchema,
  logisticsSkuOptionListSchema,
  orderListSchema,
  orderSchema,
  orderStatusListSchema,
  stockOrderInfoListSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updateOrderAddressResultSchema,
} from "./schemas";
import { buildExternalOrder, buildOrderJson, buildTokenResponseJson } from "./testing/factories";

describe("request schemas", () => {
  it("accept a spec-shaped external order (2.4-2.6)", () => {
    const order = buildExternalOrder();
    expect(externalOrderSchema.parse(order)).toEqual(order);
  });

  it("type every field as the spec lists it", () => {
    expect(externalOrderSchema.safeParse({ ...buildExternalOrder(), platform: "1" }).success).toBe(false);
    expect(externalOrderSchema.safeParse({ ...buildExternalOrder(), isPaid: "true" }).success).toBe(false);
    const order = buildExternalOrder();
    expect(externalOrderSchema.safeParse({ ...order, lineItems: [{ ...order.lineItems[0], quantity: "2" }] }).success).toBe(false);
    expect(tokenRequestSchema.safeParse({ clientId: "a", clientSecret: "b" }).success).toBe(false);
  });
});

describe("token response (2.3)", () => {
  it("accepts the spec's fields and keeps unknown ones", () => {
    const parsed = tokenResponseSchema.parse(buildTokenResponseJson({ tokenType: "opaque" }));
    expect(parsed).toMatchObject({ accessToken: "access-token-SENSITIVE-1", expiresIn: 7200, scope: "oms", tokenType: "opaque" });
  });

  it("tolerates missing optional fields but not a missing access token", () => {
    expect(tokenResponseSchema.safeParse({ accessToken: "t" }).success).toBe(true);
    expect(tokenResponseSchema.safeParse({ refreshToken: "r" }).success).toBe(false);
  });

  it("refuses a used field of the wrong type, reading a lifetime sent as a numeric string", () => {
    expect(tokenResponseSchema.safeParse(buildTokenResponseJson({ expiresIn: "soon" })).success).toBe(false);
    expect(tokenResponseSchema.safeParse(buildTokenResponseJson({ refreshToken: 5 })).success).toBe(false);
    expect(tokenResponseSchema.parse(buildTokenResponseJson({ expiresIn: "7200" })).expiresIn).toBe(7200);
  });

  it("tolerates what the app only shows: a numeric userId becomes text, an odd scope becomes null", () => {
    const parsed = tokenResponseSchema.parse(buildTokenResponseJson({ userId: 123456, scope: ["oms"] }));
    expect(parsed).toMatchObject({ userId: "123456", scope: null, accessToken: "access-token-SENSITIVE-1" });
  });
});

describe("order (2.7)", () => {
  it("parses a spec-shaped order with date-times as Dates", () => {
    const order = orderSchema.parse(buildOrderJson());
    expect(order.orderBaseInfo?.createTime).toEqual(new Date("2024-05-01T12:00:05.123Z"));
    expect(order.orderBaseInfo?.payTime).toBeInstanceOf(Date);
    expect(order.orderBaseInfo?.purchaseTime).toBeInstanceOf(Date);
    expect(order.orderBaseInfo?.shelfTime).toBeInstanceOf(Date);
    expect(order.logisticsItems?.[0].shippingItems?.[0].skuId).toBe(301);
    expect(order.orderItemInfos?.[0].unitPrice).toBe(19.99);
    expect(order.orderAddressInfo?.vatNo).toBe("");
  });

  it("accepts offsets and no fraction, and null for events that did not happen yet", () => {
    const json = buildOrderJson();
    const order = orderSchema.parse({
      ...json,
      orderBaseInfo: { ...json.orderBaseInfo, createTime: "2024-05-01T20:00:05+08:00", payTime: null, shelfTime: undefined },
    });
    expect(order.orderBaseInfo?.createTime).toEqual(new Date("2024-05-01T12:00:05Z"));
    expect(order.orderBaseInfo?.payTime).toBeNull();
  });

  it.each([
    ["2026-03-02 14:00:00", new Date("2026-03-02T14:00:00Z")],
    ["2026-03-02T14:00:00", new Date("2026-03-02T14:00:00Z")],
    [1772460000, new Date(1772460000 * 1000)],
    [1772460000123, new Date(1772460000123)],
    ["1772460000", new Date(1772460000 * 1000)],
    ["yesterday", null],
    [true, null],
    [{ seconds: 1 }, null],
    ["2026-13-45 99:00:00", null],
  ])("reads createTime %j as %s, never failing the order (issue 14, item 5)", (createTime, expected) => {
    const json = buildOrderJson();
    const order = orderSchema.parse({ ...json, orderBaseInfo: { ...json.orderBaseInfo, createTime, payTime: createTime } });
    expect(order.orderBaseInfo?.createTime).toEqual(expected);
    expect(order.orderBaseInfo?.payTime).toEqual(expected);
    expect(order.orderBaseInfo?.orderId).toBe(900001);
  });

  it("keeps unknown fields at every level", () => {
    const json = buildOrderJson();
    const order = orderSchema.parse({
      ...json,
      extraTop: 1,
      orderBaseInfo: { ...json.orderBaseInfo, warehouse: "CN-1" },
      logisticsItems: [
        { ...json.logisticsItems[0], carrierCode: "YUN", shippingItems: [{ ...json.logisticsItems[0].shippingItems[0], weight: 3 }] },
      ],
      orderItemInfos: [{ ...json.orderItemInfos[0], sku: "X" }],
      orderAddressInfo: { ...json.orderAddressInfo, email: "x@example.test" },
    });
    expect(order).toMatchObject({
      extraTop: 1,
      orderBaseInfo: { warehouse: "CN-1" },
      logisticsItems: [{ carrierCode: "YUN", shippingItems: [{ weight: 3 }] }],
      orderItemInfos: [{ sku: "X" }],
      orderAddressInfo: { email: "x@example.test" },
    });
  });

  it("tolerates missing parts; refuses wrong types in used fields, coercing unambiguous numbers and ids", () => {
    expect(orderSchema.safeParse({ orderBaseInfo: { orderId: 1 } }).success).toBe(true);
    expect(orderSchema.safeParse({}).success).toBe(true);
    expect(orderSchema.parse({ orderBaseInfo: { orderId: "12", storeOrderId: 5001, status: "4" } }).orderBaseInfo).toMatchObject({
      orderId: 12,
      storeOrderId: "5001",
      status: 4,
    });
    expect(
      orderSchema.parse({ logisticsItems: [{ trackingNumber: 5, shippingItems: [{ num: "2", lineItemId: "7" }] }] }).logisticsItems,
    ).toMatchObject([{ trackingNumber: "5", shippingItems: [{ num: 2, lineItemId: 7 }] }]);
    expect(orderSchema.safeParse({ orderBaseInfo: { orderId: "abc" } }).success).toBe(false);
    expect(orderSchema.safeParse({ orderBaseInfo: { status: { code: 4 } } }).success).toBe(false);
    expect(orderSchema.safeParse({ logisticsItems: [{ trackingNumber: {} }] }).success).toBe(false);
    expect(orderSchema.safeParse({ logisticsItems: [{ shippingItems: [{ num: "two" }] }] }).success).toBe(false);
  });

  it("tolerates anything in what the app only shows: amounts, addresses, item infos", () => {
    const json = buildOrderJson();
    const order = orderSchema.parse({
      ...json,
      orderBaseInfo: { ...json.orderBaseInfo, amount: "45.18", freight: "n/a", isPaid: "true", storeOrderNo: 1001 },
      orderAddressInfo: "Springfield",
      orderItemInfos: [{ ...json.orderItemInfos[0], unitPrice: "19.99", quantity: null, title: { en: "Mug" } }, 42],
    });
    expect(order.orderBaseInfo).toMatchObject({ amount: 45.18, freight: null, isPaid: true, storeOrderNo: "1001" });
    expect(order.orderAddressInfo).toBeNull();
    expect(order.orderItemInfos).toHaveLength(1);
    expect(order.orderItemInfos?.[0]).toMatchObject({ unitPrice: 19.99, quantity: null, title: null });
  });

  it("normalises order lists given as arrays or TableData", () => {
    expect(orderListSchema.parse([buildOrderJson()])).toHaveLength(1);
    expect(orderListSchema.parse({ total: 2, rows: [buildOrderJson(), buildOrderJson({ orderId: 2 })] })).toHaveLength(2);
  });
});

describe("unpublished results (tolerant)", () => {
  it("order status info", () => {
    expect(orderStatusListSchema.parse([{ orderId: 1, status: 4, statusDesc: "Shipping", storeOrderId: "5", more: true }])).toEqual([
      { orderId: 1, status: 4, statusDesc: "Shipping", storeOrderId: "5", more: true },
    ]);
    expect(orderStatusListSchema.parse([{ orderId: 1 }])).toEqual([{ orderId: 1 }]);
  });

  it("logistics info, country codes, logistics sku options, stock info", () => {
    expect(logisticsItemListSchema.parse([buildOrderJson().logisticsItems[0]])[0].trackingNumber).toBe("YT0000000001");
    expect(countryCodeListSchema.parse({ total: 1, rows: [{ countryCode: "US", countryName: "United States", id: 3 }] })).toEqual([
      { countryCode: "US", countryName: "United States", id: 3 },
    ]);
    expect(logisticsSkuOptionListSchema.parse([{ logisticsName: "Yun", freight: 3.5, deliveryDays: "7-12" }])).toHaveLength(1);
    expect(logisticsSkuOptionListSchema.parse([{ deliveryDays: 9 }])).toHaveLength(1);
    expect(stockOrderInfoListSchema.parse({ total: 1, rows: [{ anything: ["goes"] }] })).toEqual([{ anything: ["goes"] }]);
  });

  it("cancel and address results accept an object, true or nothing", () => {
    expect(cancelOrderResultSchema.parse({ orderId: 1, status: 6, statusDesc: "Closed" })).toMatchObject({ status: 6 });
    expect(cancelOrderResultSchema.parse(true)).toEqual({});
    expect(cancelOrderResultSchema.parse(null)).toEqual({});
    expect(updateOrderAddressResultSchema.parse({ address1: "2 Main St", zip: "1" })).toEqual({ address1: "2 Main St", zip: "1" });
    expect(updateOrderAddressResultSchema.parse({ address1: 2, city: ["x"] })).toEqual({ address1: "2", city: null });
  });
});
