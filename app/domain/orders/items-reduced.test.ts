import type { ShopifyLineItemSnapshot } from "~/models/order-snapshot";
import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { describeReducedItems, findReducedItems } from "./items-reduced";

const snapshotWith = (lines: Partial<ShopifyLineItemSnapshot>[], overrides: Parameters<typeof buildOrderSnapshot>[0] = {}) => {
  const base = buildOrderSnapshot(overrides).lineItems[0];
  return { ...buildOrderSnapshot(overrides), lineItems: lines.map((line) => ({ ...base, ...line })) };
};

const sent = (lines: { storeOrderLineItemId: string; title: string; quantity: number }[]) =>
  JSON.stringify({ storeOrderId: "1", lineItems: lines });

describe("findReducedItems", () => {
  const request = sent([
    { storeOrderLineItemId: "11", title: "Mug", quantity: 2 },
    { storeOrderLineItemId: "12", title: "Towel", quantity: 3 },
  ]);
  const full = { quantity: 0, currentQuantity: null, fulfillableQuantity: null, refundedQuantity: 0 };

  it("finds nothing while Shopify still wants every unit HyperSKU has", () => {
    const now = snapshotWith([
      { ...full, id: "11", title: "Mug", quantity: 2 },
      { ...full, id: "12", title: "Towel", quantity: 3 },
    ]);
    expect(findReducedItems(request, now)).toEqual([]);
  });

  it("finds a line refunded in full, a line partly removed by an edit, and a line gone from the order", () => {
    const now = snapshotWith([
      { ...full, id: "11", title: "Mug", quantity: 2, refundedQuantity: 2 },
      { ...full, id: "12", title: "Towel", quantity: 3, currentQuantity: 1 },
    ]);
    expect(findReducedItems(request, now)).toEqual([
      { lineItemId: "11", title: "Mug", sent: 2, now: 0 },
      { lineItemId: "12", title: "Towel", sent: 3, now: 1 },
    ]);
    expect(findReducedItems(request, snapshotWith([{ ...full, id: "12", title: "Towel", quantity: 3 }]))).toEqual([
      { lineItemId: "11", title: "Mug", sent: 2, now: 0 },
    ]);
  });

  it("leaves a cancelled order to the cancellation, and an unreadable or missing request alone", () => {
    const refunded = [{ ...full, id: "11", title: "Mug", quantity: 2, refundedQuantity: 2 }];
    expect(findReducedItems(request, snapshotWith(refunded, { cancelledAt: "2026-11-23T10:00:00.000Z" }))).toEqual([]);
    expect(findReducedItems("not json", snapshotWith(refunded))).toEqual([]);
    expect(findReducedItems(null, snapshotWith(refunded))).toEqual([]);
  });
});

describe("describeReducedItems", () => {
  it("says in plain words what HyperSKU still holds", () => {
    expect(
      describeReducedItems([
        { lineItemId: "11", title: "Mug", sent: 2, now: 0 },
        { lineItemId: "12", title: "Towel", sent: 3, now: 1 },
      ]),
    ).toBe(
      "Refunded or removed in Shopify after the order was sent, but HyperSKU still has: 2 × Mug (none wanted now), 3 × Towel (1 wanted now).",
    );
  });
});
