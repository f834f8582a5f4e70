import type { ParcelItem } from "./parse-parcels";
import { type FulfillmentOrderView, planFulfillment } from "./plan-fulfillment";

const item = (storeOrderLineItemId: string | null, quantity: number, title = `Mug ${storeOrderLineItemId}`): ParcelItem => ({
  storeOrderLineItemId,
  quantity,
  title,
  variantTitle: null,
  imgUrl: null,
  status: 4,
  statusDes: "Shipping",
});

const fo = (id: string, lines: [string, number, number?][], overrides: Partial<FulfillmentOrderView> = {}): FulfillmentOrderView => ({
  id: `gid://shopify/FulfillmentOrder/${id}`,
  status: "OPEN",
  locationId: "gid://shopify/Location/1",
  locationName: "Warehouse",
  holds: [],
  lineItems: lines.map(([lineItemId, remaining, total]) => ({
    id: `gid://shopify/FulfillmentOrderLineItem/${id}-${lineItemId}`,
    lineItemId,
    remainingQuantity: remaining,
    totalQuantity: total ?? remaining,
  })),
  ...overrides,
});

describe("planFulfillment", () => {
  it("fulfills exactly the parcel's units from the open fulfillment order", () => {
    const plan = planFulfillment(
      [item("11", 1)],
      [
        fo("1", [
          ["11", 2],
          ["12", 1],
        ]),
      ],
    );
    expect(plan).toEqual({
      kind: "create",
      lineItemsByFulfillmentOrder: [
        {
          fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1",
          fulfillmentOrderLineItems: [{ id: "gid://shopify/FulfillmentOrderLineItem/1-11", quantity: 1 }],
        },
      ],
    });
  });

  it("takes units from several fulfillment orders of one location", () => {
    const plan = planFulfillment([item("11", 3)], [fo("1", [["11", 1]]), fo("2", [["11", 2]], { status: "IN_PROGRESS" })]);
    expect(plan.kind).toBe("create");
    if (plan.kind === "create")
      expect(plan.lineItemsByFulfillmentOrder.map((g) => g.fulfillmentOrderLineItems[0].quantity)).toEqual([1, 2]);
  });

  it("picks the one location that holds the whole parcel", () => {
    const plan = planFulfillment(
      [item("11", 1), item("12", 1)],
      [
        fo("1", [["11", 1]], { locationId: "L1" }),
        fo(
          "2",
          [
            ["11", 1],
            ["12", 1],
          ],
          { locationId: "L2" },
        ),
      ],
    );
    expect(plan.kind === "create" && plan.lineItemsByFulfillmentOrder.map((g) => g.fulfillmentOrderId)).toEqual([
      "gid://shopify/FulfillmentOrder/2",
    ]);
  });

  it("is a conflict, not a partial fulfillment, when the items are split over locations", () => {
    const plan = planFulfillment(
      [item("11", 1), item("12", 1)],
      [fo("1", [["11", 1]], { locationId: "L1" }), fo("2", [["12", 1]], { locationId: "L2" })],
    );
    expect(plan).toMatchObject({ kind: "conflict", reason: expect.stringMatching(/different locations/) });
  });

  it("does not fight a manual fulfillment: fully or partly fulfilled items are conflicts", () => {
    const closed = planFulfillment([item("11", 2)], [fo("1", [["11", 0, 2]], { status: "CLOSED" })]);
    expect(closed).toMatchObject({ kind: "conflict", reason: expect.stringMatching(/already fulfilled or closed in Shopify/) });
    const partly = planFulfillment([item("11", 2)], [fo("1", [["11", 1, 2]], { status: "IN_PROGRESS" })]);
    expect(partly).toMatchObject({ kind: "conflict", reason: expect.stringMatching(/Only 1 of the 2 units/) });
  });

  it("names the hold and what to do about it", () => {
    const plan = planFulfillment(
      [item("11", 1)],
      [fo("1", [["11", 1]], { status: "ON_HOLD", holds: [{ reason: "HIGH_RISK_OF_FRAUD", reasonNotes: null }] })],
    );
    expect(plan).toMatchObject({ kind: "conflict", reason: expect.stringMatching(/on hold \(high risk of fraud\).*Release the hold/) });
  });

  it("explains items that are on no fulfillment order the app may use, unlinked items and empty parcels", () => {
    expect(planFulfillment([item("99", 1)], [fo("1", [["11", 1]])])).toMatchObject({
      kind: "conflict",
      reason: expect.stringMatching(/not on any fulfillment order/),
    });
    expect(planFulfillment([item(null, 1, "Lamp")], [fo("1", [["11", 1]])])).toMatchObject({
      kind: "conflict",
      reason: expect.stringMatching(/“Lamp”/),
    });
    expect(planFulfillment([], [fo("1", [["11", 1]])])).toMatchObject({
      kind: "conflict",
      reason: expect.stringMatching(/did not list the items/),
    });
  });

  it("knows a scheduled fulfillment order cannot be fulfilled yet", () => {
    expect(planFulfillment([item("11", 1)], [fo("1", [["11", 1]], { status: "SCHEDULED" })])).toMatchObject({
      kind: "conflict",
      reason: expect.stringMatching(/scheduled/),
    });
  });
});
