import { orderSchema } from "~/integrations/hypersku/schemas";
import {
  getStoredHyperskuStatus,
  isStoredHyperskuOrderBehind,
  serializeStoredHyperskuOrder,
  STORED_RESPONSE_MAX_BYTES,
  STORED_STRING_MAX_LENGTH,
} from "./stored-hypersku-order";

const answer = () => ({
  orderBaseInfo: {
    orderId: 42,
    storeOrderId: "1001",
    status: 8,
    statusDesc: "Pending Sourcing",
    createTime: new Date("2026-07-14T10:00:00Z"),
    internalNotes: "x",
  },
  orderAddressInfo: { city: "Lyon", countryCode: "FR" },
  orderItemInfos: [{ id: 1, title: "Mug", quantity: 2, unitPrice: 4.5, supplierSecret: "y" }],
  logisticsItems: [{ trackingNumber: "T1", shippingItems: [{ storeOrderLineItemId: "11", num: 2 }] }],
  debug: { trace: "z".repeat(10_000) },
});

describe("serializeStoredHyperskuOrder", () => {
  it("keeps what the app shows and drops the rest", () => {
    const stored = JSON.parse(serializeStoredHyperskuOrder(answer())!);
    expect(stored).toEqual({
      orderBaseInfo: {
        orderId: 42,
        storeOrderId: "1001",
        status: 8,
        statusDesc: "Pending Sourcing",
        createTime: "2026-07-14T10:00:00.000Z",
      },
      orderAddressInfo: { city: "Lyon", countryCode: "FR" },
      orderItemInfos: [{ id: 1, title: "Mug", quantity: 2, unitPrice: 4.5 }],
      logisticsItems: [{ trackingNumber: "T1", shippingItems: [{ storeOrderLineItemId: "11", num: 2 }] }],
    });
    expect(orderSchema.safeParse(stored).success).toBe(true); // the order page reads it back
  });

  it("cuts long strings, long lists and the whole to a bounded size", () => {
    const huge = answer();
    huge.orderBaseInfo.statusDesc = "é".repeat(1_000_000);
    huge.orderItemInfos = Array.from({ length: 50_000 }, (_, id) => ({
      id,
      title: "🙂".repeat(5_000),
      quantity: 1,
      unitPrice: 1,
      supplierSecret: "",
    }));
    huge.logisticsItems = Array.from({ length: 5_000 }, () => ({ trackingNumber: "T".repeat(9_000), shippingItems: [] }));
    const text = serializeStoredHyperskuOrder(huge)!;
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(STORED_RESPONSE_MAX_BYTES);
    const stored = JSON.parse(text);
    expect(stored.orderBaseInfo.orderId).toBe(42);
    expect(stored.orderBaseInfo.statusDesc.length).toBeLessThanOrEqual(STORED_STRING_MAX_LENGTH);
  });

  it("never stores nested objects or non-finite numbers where a scalar belongs", () => {
    const odd = { orderBaseInfo: { orderId: Number.NaN, status: { nested: true }, storeOrderId: "1" } };
    expect(JSON.parse(serializeStoredHyperskuOrder(odd)!)).toEqual({ orderBaseInfo: { storeOrderId: "1" } });
    expect(serializeStoredHyperskuOrder("not an order")).toBeNull();
  });
});

describe("isStoredHyperskuOrderBehind", () => {
  const stored = serializeStoredHyperskuOrder(answer());

  it("reads the stored answer's status, and nothing from a copy that does not parse", () => {
    expect(getStoredHyperskuStatus(stored)).toBe(8);
    expect(getStoredHyperskuStatus(null)).toBeNull();
    expect(getStoredHyperskuStatus("{")).toBeNull();
    expect(getStoredHyperskuStatus(JSON.stringify({ orderBaseInfo: { status: "8" } }))).toBeNull();
  });

  it("calls a copy older than the status HyperSKU reports (a cancelled order's Pending Sourcing answer) behind", () => {
    expect(isStoredHyperskuOrderBehind(stored, 6)).toBe(true);
    expect(isStoredHyperskuOrderBehind(stored, 8)).toBe(false);
    expect(isStoredHyperskuOrderBehind(null, 2)).toBe(true);
    // No status reported: nothing to compare with.
    expect(isStoredHyperskuOrderBehind(stored, null)).toBe(false);
  });
});
