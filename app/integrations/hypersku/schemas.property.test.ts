/**
 * Hostile answers for the HyperSKU edge (fast-check, issue 14 item 5): valid create, token, order,
 * status, logistics, catalogue and shipping-quote answers whose fields the app does not use are replaced by random JSON, removed,
 * or joined by random extra fields. Parsing never fails because of them, and every field the app does
 * use comes out exactly as in the untouched answer. A create answer stays a proven success throughout.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wrapped } from "./testing/fake-fetch";
import { buildOrderJson, buildTokenResponseJson } from "./testing/factories";
import { interpretResponse } from "./response";
import { privateProductPageSchema } from "./catalogue-schemas";
import {
  createdOrderSchema,
  logisticsItemListSchema,
  logisticsSkuOptionListSchema,
  orderListSchema,
  orderStatusListSchema,
  tokenResponseSchema,
} from "./schemas";
import type { z } from "zod";
import type { HyperskuOperation } from "./config";

type Path = (string | number)[];

/** JSON-able junk: what JSON.stringify makes of fc.anything(), so the answer is what a server could send. */
const junk = fc.anything().map((value) => {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as unknown);
});

/** One change to an answer: replace or remove an unused field, or add an unknown field to an object. */
function changes(unused: readonly Path[], objects: readonly Path[]) {
  const replaceOrRemove = fc.record({
    kind: fc.constantFrom("replace" as const, "remove" as const),
    path: fc.constantFrom(...unused),
    value: junk,
  });
  const add = fc.record({
    kind: fc.constant("add" as const),
    path: fc.constantFrom(...objects),
    key: fc.string({ maxLength: 12 }).map((key) => `x_${key}`),
    value: junk,
  });
  return fc.array(fc.oneof(replaceOrRemove, add), { maxLength: 10 });
}

type Change = { kind: "replace" | "remove"; path: Path; value: unknown } | { kind: "add"; path: Path; key: string; value: unknown };

function apply(answer: unknown, list: readonly Change[]): unknown {
  const copy = structuredClone(answer);
  for (const change of list) {
    const target = change.kind === "add" ? change.path : change.path.slice(0, -1);
    let parent = copy as Record<string | number, unknown>;
    for (const key of target) {
      const next = parent?.[key];
      if (next === null || typeof next !== "object") {
        parent = undefined as never;
        break;
      }
      parent = next as Record<string | number, unknown>;
    }
    if (!parent || typeof parent !== "object") continue; // an earlier change replaced the container
    if (change.kind === "add") parent[change.key] = change.value;
    else if (change.kind === "remove") delete parent[change.path[change.path.length - 1]];
    else parent[change.path[change.path.length - 1]] = change.value;
  }
  return copy;
}

/** Parses through the whole edge (envelope, then schema), as the client does. */
function interpret<T>(operation: HyperskuOperation, schema: z.ZodType<T>, data: unknown) {
  return interpretResponse(
    { status: 200, retryAfter: null, text: JSON.stringify(wrapped(data)) },
    { operation, schema, now: new Date("2026-03-02T14:00:00Z") },
  );
}

const sample = buildOrderJson({ orderId: 900001, storeOrderId: "5000001", status: 4 });
const SHOWN_BASE_INFO = [
  "actualAmount",
  "amount",
  "createTime",
  "currencyCode",
  "currencySymbol",
  "freight",
  "goodsAmount",
  "isPaid",
  "logisticsName",
  "payTime",
  "platform",
  "platformDesc",
  "purchaseTime",
  "shelfTime",
  "storeOrderNo",
];
const SHOWN_SHIPPING_ITEM = [
  "imgUrl",
  "skuProductUrl",
  "spuId",
  "status",
  "statusDes",
  "storeProductId",
  "storeSkuId",
  "storeVariantId",
  "title",
  "variantTitle",
];
const ADDRESS_FIELDS = Object.keys(sample.orderAddressInfo);
const ITEM_INFO_FIELDS = Object.keys(sample.orderItemInfos[0]);

/** Parts of an order the app only shows or stores, under `prefix`. */
const shownOrderPaths = (prefix: Path): Path[] => [
  ...SHOWN_BASE_INFO.map((field) => [...prefix, "orderBaseInfo", field]),
  [...prefix, "orderAddressInfo"],
  ...ADDRESS_FIELDS.map((field) => [...prefix, "orderAddressInfo", field]),
  [...prefix, "orderItemInfos"],
  [...prefix, "orderItemInfos", 0],
  ...ITEM_INFO_FIELDS.map((field) => [...prefix, "orderItemInfos", 0, field]),
  ...SHOWN_SHIPPING_ITEM.map((field) => [...prefix, "logisticsItems", 0, "shippingItems", 0, field]),
];
const orderObjectPaths = (prefix: Path): Path[] => [
  prefix,
  [...prefix, "orderBaseInfo"],
  [...prefix, "orderAddressInfo"],
  [...prefix, "orderItemInfos", 0],
  [...prefix, "logisticsItems", 0],
  [...prefix, "logisticsItems", 0, "shippingItems", 0],
];

const usedOfOrder = (order: { orderBaseInfo?: Record<string, unknown> | null; logisticsItems?: unknown[] | null }) => ({
  orderId: order.orderBaseInfo?.orderId,
  storeOrderId: order.orderBaseInfo?.storeOrderId,
  status: order.orderBaseInfo?.status,
  statusDesc: order.orderBaseInfo?.statusDesc,
  logistics: (order.logisticsItems as Record<string, unknown>[] | null | undefined)?.map((parcel) => ({
    orderId: parcel.orderId,
    trackingCompany: parcel.trackingCompany,
    trackingNumber: parcel.trackingNumber,
    trackingUrl: parcel.trackingUrl,
    items: (parcel.shippingItems as Record<string, unknown>[]).map((item) => ({
      storeOrderLineItemId: item.storeOrderLineItemId,
      lineItemId: item.lineItemId,
      skuId: item.skuId,
      num: item.num,
    })),
  })),
});

describe("junk in fields the app does not use never fails an answer", () => {
  it("createOrderFromExternal: still a proven success with the same order id", () => {
    // In a create's answer only the proof (orderBaseInfo.orderId, storeOrderId) is used: everything
    // else, status and parcels included, may be anything.
    const unused: Path[] = [
      ...shownOrderPaths([]),
      ["orderBaseInfo", "status"],
      ["orderBaseInfo", "statusDesc"],
      ["logisticsItems"],
      ["logisticsItems", 0],
      ["logisticsItems", 0, "trackingNumber"],
      ["logisticsItems", 0, "orderId"],
      ["logisticsItems", 0, "shippingItems"],
      ["logisticsItems", 0, "shippingItems", 0, "num"],
    ];
    fc.assert(
      fc.property(changes(unused, orderObjectPaths([])), fc.boolean(), (list, idAsText) => {
        const answer = apply(sample, list) as { orderBaseInfo: Record<string, unknown> };
        if (idAsText) answer.orderBaseInfo.orderId = "900001";
        const result = interpret("createOrderFromExternal", createdOrderSchema("5000001"), answer);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value.orderBaseInfo).toMatchObject({ orderId: 900001, storeOrderId: "5000001" });
      }),
    );
  });

  it("accessToken / refreshToken: same token and lifetimes", () => {
    const token = buildTokenResponseJson();
    fc.assert(
      fc.property(changes([["scope"], ["userId"]], [[]]), (list) => {
        const result = interpret("accessToken", tokenResponseSchema, apply(token, list));
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.value).toMatchObject({
            accessToken: token.accessToken,
            expiresIn: token.expiresIn,
            refreshToken: token.refreshToken,
            refreshTokenExpireIn: token.refreshTokenExpireIn,
          });
        }
      }),
    );
  });

  it("getOrdersByExternalOrderId / listOrderByStoreOrderId: same ids, status and parcels", () => {
    const expected = usedOfOrder(orderListSchema.parse([sample])[0]);
    fc.assert(
      fc.property(changes(shownOrderPaths(["rows", 0]), orderObjectPaths(["rows", 0])), (list) => {
        const result = interpret("listOrderByStoreOrderId", orderListSchema, apply({ total: 1, rows: [sample] }, list));
        expect(result.ok).toBe(true);
        if (result.ok) expect(usedOfOrder(result.value[0])).toEqual(expected);
      }),
    );
  });

  it("getOrdersStatus: same four fields per row", () => {
    const rows = [
      { orderId: 900001, status: 4, statusDesc: "Shipping", storeOrderId: "5000001" },
      { orderId: 900002, status: 8, statusDesc: "Pending Sourcing", storeOrderId: "5000002" },
    ];
    fc.assert(
      fc.property(changes([["total"]], [[], ["rows", 0], ["rows", 1]]), (list) => {
        const result = interpret("getOrdersStatus", orderStatusListSchema, apply({ total: 2, rows }, list));
        expect(result.ok).toBe(true);
        if (result.ok)
          expect(
            result.value.map(({ orderId, status, statusDesc, storeOrderId }) => ({ orderId, status, statusDesc, storeOrderId })),
          ).toEqual(rows);
      }),
    );
  });

  it("internationalLogisticsInfo: same parcels, tracking and items", () => {
    const parcels = sample.logisticsItems;
    const expected = usedOfOrder({ logisticsItems: logisticsItemListSchema.parse(parcels) }).logistics;
    const unused = SHOWN_SHIPPING_ITEM.map((field): Path => [0, "shippingItems", 0, field]);
    fc.assert(
      fc.property(changes(unused, [[0], [0, "shippingItems", 0]]), (list) => {
        const result = interpret("internationalLogisticsInfo", logisticsItemListSchema, apply(parcels, list));
        expect(result.ok).toBe(true);
        if (result.ok) expect(usedOfOrder({ logisticsItems: result.value }).logistics).toEqual(expected);
      }),
    );
  });

  it("getPrivateProduct: same products, SKUs, costs, stock, status and countries", () => {
    const sku = {
      skuId: 301,
      storeVariantId: "43200000000011",
      storeSkuId: "MUG-BLUE-L",
      skuAttributes: [{ attrName: "Colour", attrValue: "Blue" }],
      imgUrl: "https://img.test/301.jpg",
      unitPrice: 3.2,
      currencyCode: "USD",
      stock: 120,
      skuStatus: 1,
      skuStatusDesc: "On Sale",
      weight: 380,
      supportedCountries: [{ countryCode: "CA", countryName: "Canada", regionCodes: ["ON"] }],
    };
    const product = {
      productId: 77,
      storeProductId: "7200000000001",
      title: "Mug",
      imgUrl: "https://img.test/77.jpg",
      productUrl: "https://app.hypersku.test/product/77",
      isPrivate: true,
      updateTime: "2026-01-05T09:00:00Z",
      sourcingStatus: 3,
      sourcingStatusDesc: "Sourced",
      skuInfos: [sku],
    };
    const used = (rows: z.output<typeof privateProductPageSchema>["rows"]) =>
      rows.map((row) => ({
        productId: row.productId,
        storeProductId: row.storeProductId,
        sourcingStatus: row.sourcingStatus,
        sourcingStatusDesc: row.sourcingStatusDesc,
        skus: row.skuInfos?.map((entry) => ({
          skuId: entry.skuId,
          storeVariantId: entry.storeVariantId,
          unitPrice: entry.unitPrice,
          currencyCode: entry.currencyCode,
          stock: entry.stock,
          skuStatus: entry.skuStatus,
          countries: entry.supportedCountries?.map(({ countryCode, regionCodes }) => ({ countryCode, regionCodes })),
        })),
      }));
    const expected = used(privateProductPageSchema.parse({ total: 1, rows: [product] }).rows);
    const unused: Path[] = [
      ...["title", "imgUrl", "productUrl", "isPrivate", "updateTime"].map((field) => ["rows", 0, field]),
      ...["storeSkuId", "skuAttributes", "imgUrl", "skuStatusDesc", "weight"].map((field) => ["rows", 0, "skuInfos", 0, field]),
      ["rows", 0, "skuInfos", 0, "skuAttributes", 0],
      ["rows", 0, "skuInfos", 0, "supportedCountries", 0, "countryName"],
    ];
    const objects: Path[] = [[], ["rows", 0], ["rows", 0, "skuInfos", 0], ["rows", 0, "skuInfos", 0, "supportedCountries", 0]];
    fc.assert(
      fc.property(changes(unused, objects), (list) => {
        const result = interpret("getPrivateProduct", privateProductPageSchema, apply({ total: 1, rows: [product] }, list));
        expect(result.ok).toBe(true);
        if (result.ok) expect(used(result.value.rows)).toEqual(expected);
      }),
    );
  });

  it("getLogisticsSku: same method names and freight", () => {
    const quotes = [
      {
        logisticsName: "YunExpress Standard",
        freight: 21.66,
        currencyCode: "USD",
        deliveryDays: "7-15",
        minDeliveryDays: 7,
        maxDeliveryDays: 15,
      },
      { logisticsName: "4PX Priority", freight: 36.86, currencyCode: "USD", deliveryDays: "5-9", minDeliveryDays: 5, maxDeliveryDays: 9 },
    ];
    const unused = [0, 1].flatMap((index) =>
      ["currencyCode", "deliveryDays", "minDeliveryDays", "maxDeliveryDays"].map((field): Path => [index, field]),
    );
    fc.assert(
      fc.property(changes(unused, [[0], [1]]), (list) => {
        const result = interpret("getLogisticsSku", logisticsSkuOptionListSchema, apply(quotes, list));
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.value.map(({ logisticsName, freight }) => ({ logisticsName, freight }))).toEqual(
            quotes.map(({ logisticsName, freight }) => ({ logisticsName, freight })),
          );
        }
      }),
    );
  });
});
