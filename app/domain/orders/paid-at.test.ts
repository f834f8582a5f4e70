import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { settlePaidAt } from "./paid-at";

const placed = { createdAt: "2026-07-10T09:00:00.000Z", processedAt: "2026-07-10T09:00:01.000Z" };
const unpaid = buildOrderSnapshot({ ...placed, financialStatus: "pending", paidAt: null, updatedAt: "2026-07-10T09:00:02.000Z" });
const paidLater = buildOrderSnapshot({ ...placed, financialStatus: "paid", paidAt: null, updatedAt: "2026-07-13T16:30:00.000Z" });

describe("settlePaidAt", () => {
  it("counts from the moment Shopify reported the payment when the order was placed unpaid (bank transfer, COD)", () => {
    expect(settlePaidAt(paidLater, () => unpaid).paidAt).toBe("2026-07-13T16:30:00.000Z");
  });

  it("keeps the payment time through later versions (an address edit days after)", () => {
    const settled = settlePaidAt(paidLater, () => unpaid);
    const edited = { ...paidLater, updatedAt: "2026-07-20T08:00:00.000Z" };
    expect(settlePaidAt(edited, () => settled).paidAt).toBe("2026-07-13T16:30:00.000Z");
  });

  it("takes the checkout time for an order first seen paid, and Shopify's own transaction time whenever it has one", () => {
    expect(settlePaidAt(paidLater, () => null).paidAt).toBe(placed.processedAt);
    const withTransaction = { ...paidLater, paidAt: "2026-07-12T10:00:00.000Z" };
    expect(settlePaidAt(withTransaction, () => unpaid).paidAt).toBe("2026-07-12T10:00:00.000Z");
  });

  it("leaves an unpaid order without a payment time", () => {
    expect(settlePaidAt(unpaid, () => null).paidAt).toBeNull();
    expect(settlePaidAt(unpaid, () => paidLater)).toBe(unpaid);
  });
});
