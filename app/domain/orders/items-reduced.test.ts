import type { ShopifyLineItemSnapshot } from "~/models/order-snapshot";
import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import {
  describeAddedItems,
  describeFulfilledOutsideApp,
  describeReducedItems,
  findAddedItems,
  findFulfilledOutsideApp,
  findItemChanges,
  findReducedItems,
  hasUnitsDone,
} from "./items-reduced";

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

  it("does not count fulfilled units as reduced: Shopify's orders/updated after a fulfillment lowers fulfillable_quantity only", () => {
    const shipped = snapshotWith([
      { ...full, id: "11", title: "Mug", quantity: 2, currentQuantity: 2, fulfillableQuantity: 0 },
      { ...full, id: "12", title: "Towel", quantity: 3, currentQuantity: 3, fulfillableQuantity: 1 },
    ]);
    expect(findReducedItems(request, shipped)).toEqual([]);
    // A refund of a unit that was already shipped (a return) still reduces what the customer wants.
    const returned = snapshotWith([
      { ...full, id: "11", title: "Mug", quantity: 2, currentQuantity: 1, refundedQuantity: 1, fulfillableQuantity: 0 },
      { ...full, id: "12", title: "Towel", quantity: 3, currentQuantity: 3, fulfillableQuantity: 0 },
    ]);
    expect(findReducedItems(request, returned)).toEqual([{ lineItemId: "11", title: "Mug", sent: 2, now: 1 }]);
  });

  it("leaves a cancelled order to the cancellation, and an unreadable or missing request alone", () => {
    const refunded = [{ ...full, id: "11", title: "Mug", quantity: 2, refundedQuantity: 2 }];
    expect(findReducedItems(request, snapshotWith(refunded, { cancelledAt: "2026-11-23T10:00:00.000Z" }))).toEqual([]);
    expect(findReducedItems("not json", snapshotWith(refunded))).toEqual([]);
    expect(findReducedItems(null, snapshotWith(refunded))).toEqual([]);
  });
});

describe("findFulfilledOutsideApp", () => {
  const request = sent([
    { storeOrderLineItemId: "11", title: "Mug", quantity: 2 },
    { storeOrderLineItemId: "12", title: "Towel", quantity: 3 },
  ]);
  const line = { currentQuantity: null, refundedQuantity: 0 };
  const shopify = (mug: number, towel: number) =>
    snapshotWith([
      { ...line, id: "11", title: "Mug", quantity: 2, fulfillableQuantity: mug },
      { ...line, id: "12", title: "Towel", quantity: 3, fulfillableQuantity: towel },
    ]);

  it("finds nothing when the app's own parcels cover every fulfilled unit", () => {
    expect(
      findFulfilledOutsideApp(
        request,
        shopify(0, 2),
        new Map([
          ["11", 2],
          ["12", 1],
        ]),
      ),
    ).toEqual([]);
    expect(findFulfilledOutsideApp(request, shopify(2, 3), new Map())).toEqual([]);
  });

  it("finds the units fulfilled by someone else, line by line", () => {
    expect(findFulfilledOutsideApp(request, shopify(0, 0), new Map([["11", 2]]))).toEqual([
      { lineItemId: "12", title: "Towel", sent: 3, fulfilledOutside: 3 },
    ]);
    expect(findFulfilledOutsideApp(request, shopify(0, 2), new Map([["11", 1]]))).toEqual([
      { lineItemId: "11", title: "Mug", sent: 2, fulfilledOutside: 1 },
      { lineItemId: "12", title: "Towel", sent: 3, fulfilledOutside: 1 },
    ]);
  });

  it("does not read refunded units or a cancelled order as fulfilled", () => {
    const refunded = snapshotWith([
      { ...line, id: "11", title: "Mug", quantity: 2, refundedQuantity: 2, fulfillableQuantity: 0 },
      { ...line, id: "12", title: "Towel", quantity: 3, fulfillableQuantity: 3 },
    ]);
    expect(findFulfilledOutsideApp(request, refunded, new Map())).toEqual([]);
    const cancelled = { ...shopify(0, 0), cancelledAt: "2026-11-23T10:00:00.000Z" };
    expect(findFulfilledOutsideApp(request, cancelled, new Map())).toEqual([]);
  });

  it("says what HyperSKU will still ship", () => {
    expect(
      describeFulfilledOutsideApp([
        { lineItemId: "11", title: "Mug", sent: 2, fulfilledOutside: 2 },
        { lineItemId: "12", title: "Towel", sent: 3, fulfilledOutside: 1 },
      ]),
    ).toBe(
      "Marked as fulfilled in Shopify outside the app after the order was sent: 2 × Mug, 1 of 3 × Towel. HyperSKU still buys and ships these items.",
    );
  });
});

describe("findAddedItems", () => {
  const request = sent([{ storeOrderLineItemId: "11", title: "Mug", quantity: 2 }]);
  const line = { currentQuantity: null, refundedQuantity: 0, fulfillableQuantity: null, requiresShipping: true, isGiftCard: false };

  it("finds a line added by an edit and more units of a sent line, never a line left out for another fulfiller", () => {
    const now = snapshotWith([
      { ...line, id: "11", title: "Mug", quantity: 3 },
      { ...line, id: "12", title: "Beanie", quantity: 2 },
      { ...line, id: "13", title: "Printful Tee", quantity: 1 },
      { ...line, id: "14", title: "Gift card", quantity: 1, isGiftCard: true },
    ]);
    const leftOut = JSON.stringify([{ lineItemId: "13", title: "Printful Tee", code: "other_fulfiller", reason: "" }]);
    const added = findAddedItems(request, leftOut, now);
    expect(added).toEqual([
      { lineItemId: "11", title: "Mug", added: 1, sent: 2 },
      { lineItemId: "12", title: "Beanie", added: 2, sent: 0 },
    ]);
    expect(describeAddedItems(added)).toBe("Added in Shopify after the order was sent, and not at HyperSKU: 1 more × Mug, 2 × Beanie.");
  });

  it("finds nothing when the order is as sent, was never sent, or is cancelled", () => {
    const same = snapshotWith([{ ...line, id: "11", title: "Mug", quantity: 2 }]);
    expect(findAddedItems(request, null, same)).toEqual([]);
    const grown = snapshotWith([{ ...line, id: "11", title: "Mug", quantity: 5 }]);
    expect(findAddedItems(null, null, grown)).toEqual([]);
    expect(findAddedItems(request, null, { ...grown, cancelledAt: "2026-11-23T10:00:00.000Z" })).toEqual([]);
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

describe("findItemChanges", () => {
  const request = sent([
    { storeOrderLineItemId: "11", title: "Mug", quantity: 2 },
    { storeOrderLineItemId: "12", title: "Towel", quantity: 1 },
  ]);
  const line = { currentQuantity: null, refundedQuantity: 0, fulfillableQuantity: null, requiresShipping: true, isGiftCard: false };

  it("reports units taken off, then units added, then units fulfilled by someone else, each with its flag", () => {
    const now = snapshotWith([
      { ...line, id: "11", title: "Mug", quantity: 2, refundedQuantity: 1, fulfillableQuantity: 0 },
      { ...line, id: "12", title: "Towel", quantity: 1, fulfillableQuantity: 0 },
      { ...line, id: "13", title: "Beanie", quantity: 1, fulfillableQuantity: 1 },
    ]);
    expect(hasUnitsDone(now)).toBe(true);
    const changes = findItemChanges({ sentRequest: request, leftOutLines: null }, now, new Map());
    expect(changes.map((change) => [change.flag, change.kind, change.lineItemIds])).toEqual([
      ["items_reduced_after_sending", "items_reduced", ["11"]],
      ["items_added_after_sending", "items_added", ["13"]],
      ["fulfilled_outside_app", "fulfilled_outside_app", ["11", "12"]],
    ]);
  });

  it("reports nothing for the app's own fulfillment of every unit, and reads no parcels while nothing is done", () => {
    const shipped = snapshotWith([
      { ...line, id: "11", title: "Mug", quantity: 2, fulfillableQuantity: 0 },
      { ...line, id: "12", title: "Towel", quantity: 1, fulfillableQuantity: 0 },
    ]);
    expect(
      findItemChanges(
        { sentRequest: request, leftOutLines: null },
        shipped,
        new Map([
          ["11", 2],
          ["12", 1],
        ]),
      ),
    ).toEqual([]);
    const open = snapshotWith([
      { ...line, id: "11", title: "Mug", quantity: 2, fulfillableQuantity: 2 },
      { ...line, id: "12", title: "Towel", quantity: 1, fulfillableQuantity: 1 },
    ]);
    expect(hasUnitsDone(open)).toBe(false);
  });
});
