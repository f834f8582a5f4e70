import { buildRestLineItem, buildRestOrder, type JsonObject, restRefund, snapshotOfRest } from "../../tests/support/order-factories";
import { foreignLineIds, fulfillmentOrdersOfNode, parseFulfillmentOrdersFile, routeByFulfillmentService } from "./fulfillment-orders";

const GRAPHQL_CONNECTION = {
  nodes: [
    {
      id: "gid://shopify/FulfillmentOrder/8800000001",
      status: "ON_HOLD",
      assignedLocation: { name: "Shop location", location: { id: "gid://shopify/Location/1" } },
      fulfillmentHolds: [{ reason: "HIGH_RISK_OF_FRAUD", reasonNotes: "Checking the card" }],
      lineItems: {
        nodes: [
          {
            id: "gid://shopify/FulfillmentOrderLineItem/99000010",
            totalQuantity: 2,
            remainingQuantity: 2,
            lineItem: { id: "gid://shopify/LineItem/15010000000001" },
          },
        ],
        pageInfo: { hasNextPage: false },
      },
    },
  ],
  pageInfo: { hasNextPage: false },
};

// The same fulfillment order as the REST Admin API answers GET /orders/{id}/fulfillment_orders.json.
const REST_ANSWER = {
  fulfillment_orders: [
    {
      id: 8800000001,
      order_id: 5612345678901,
      status: "on_hold",
      assigned_location_id: 1,
      assigned_location: { name: "Shop location", location_id: 1, country_code: "US" },
      fulfillment_holds: [{ reason: "high_risk_of_fraud", reason_notes: "Checking the card" }],
      line_items: [{ id: 99000010, line_item_id: 15010000000001, quantity: 2, fulfillable_quantity: 2, variant_id: 1 }],
    },
  ],
};

const VIEW = {
  id: "gid://shopify/FulfillmentOrder/8800000001",
  status: "ON_HOLD",
  locationId: "gid://shopify/Location/1",
  locationName: "Shop location",
  holds: [{ reason: "HIGH_RISK_OF_FRAUD", reasonNotes: "Checking the card" }],
  lineItems: [
    { id: "gid://shopify/FulfillmentOrderLineItem/99000010", lineItemId: "15010000000001", totalQuantity: 2, remainingQuantity: 2 },
  ],
};

describe("parseFulfillmentOrdersFile", () => {
  it.each([
    ["a GraphQL connection", GRAPHQL_CONNECTION],
    ["an order node", { id: "gid://shopify/Order/1", fulfillmentOrders: GRAPHQL_CONNECTION }],
    ["a whole GraphQL response", { data: { order: { fulfillmentOrders: GRAPHQL_CONNECTION } } }],
    ["the REST answer", REST_ANSWER],
  ])("reads %s into the view the app routes with", (_, json) => {
    expect(parseFulfillmentOrdersFile(json)).toEqual({ fulfillmentOrders: [VIEW], truncated: false });
  });

  it("says when Shopify had more than the file holds", () => {
    const more = { ...GRAPHQL_CONNECTION, pageInfo: { hasNextPage: true } };
    expect(parseFulfillmentOrdersFile(more)).toMatchObject({ truncated: true });
    expect(fulfillmentOrdersOfNode({ fulfillmentOrders: more })).toMatchObject({ truncated: true });
  });

  it("says what is wrong with a file that holds no fulfillment orders", () => {
    expect(parseFulfillmentOrdersFile([])).toEqual({ problem: "it must be a JSON object holding fulfillment orders" });
    expect(parseFulfillmentOrdersFile({ orders: [] })).toEqual({
      problem: 'it holds neither "fulfillment_orders" (REST) nor a "fulfillmentOrders" connection (Admin GraphQL)',
    });
    expect(parseFulfillmentOrdersFile({ fulfillment_orders: [{ id: 1 }] })).toEqual({
      problem: expect.stringMatching(/^it is not a REST fulfillment orders answer \(fulfillment_orders\.0\.status: /),
    });
  });

  it("finds line items the order does not have", () => {
    const order = snapshotOfRest(buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { id: 15010000000001 } })] }));
    const read = { fulfillmentOrders: [VIEW, { ...VIEW, lineItems: [{ ...VIEW.lineItems[0], lineItemId: "42" }] }], truncated: false };
    expect(foreignLineIds(read, order)).toEqual(["42"]);
  });
});

describe("routeByFulfillmentService", () => {
  it("puts the merchant's own lines, with the units still to ship, in one open fulfillment order", () => {
    const mug = buildRestLineItem({ overrides: { quantity: 3, title: "Ceramic Mug" } });
    const poster = buildRestLineItem({ overrides: { title: "Art Poster", fulfillment_service: "printful" } });
    const payload = { ...buildRestOrder({ lineItems: [mug, poster] }), refunds: [restRefund([{ lineItem: mug, quantity: 1 }])] };
    const routed = routeByFulfillmentService(payload, snapshotOfRest(payload));
    expect(routed?.services).toEqual(
      new Map([
        [String(mug.id), "manual"],
        [String(poster.id), "printful"],
      ]),
    );
    expect(routed?.fulfillmentOrders).toEqual([
      expect.objectContaining({
        status: "OPEN",
        locationId: null,
        holds: [],
        lineItems: [expect.objectContaining({ lineItemId: String(mug.id), totalQuantity: 3, remainingQuantity: 2 })],
      }),
    ]);
  });

  it("routes nothing when no line names its service", () => {
    const payload = buildRestOrder();
    const bare = { ...payload, line_items: (payload.line_items as JsonObject[]).map(({ fulfillment_service: _, ...line }) => line) };
    expect(routeByFulfillmentService(bare, snapshotOfRest(bare))).toBeNull();
  });
});
