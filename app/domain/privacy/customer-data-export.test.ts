import { mapOrderToExternalOrder } from "~/domain/orders/map-order";
import type { CustomerDataRequest } from "~/models/customer-data-request.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { buildOrderSnapshot } from "../../../tests/support/order-factories";
import { buildOrderRow } from "../../../tests/support/order-rows";
import { buildCustomerDataExport, renderCustomerDataText, type StoredOrder } from "./customer-data-export";

const SHOP = "bobs-shop.myshopify.com";
const at = new Date("2026-07-14T10:00:00.000Z");
let sequence = 0;

function dataRequest(overrides: Partial<CustomerDataRequest> = {}): CustomerDataRequest {
  return {
    id: "dr1",
    shop: SHOP,
    shopifyRequestId: "9999",
    shopifyCustomerId: "191167",
    email: "bob@example.com",
    phone: null,
    shopifyOrderIds: "[]",
    receivedAt: at,
    downloadedAt: null,
    redactedAt: null,
    ...overrides,
  };
}

/** A stored order of the snapshot; `sent` adds the request as the app's mapper makes it and HyperSKU's answer. */
function storedOrder(snapshot: ShopifyOrderSnapshot, options: { shop?: string; sent?: boolean } = {}): StoredOrder {
  sequence += 1;
  const id = `o${sequence}`;
  const mapped = mapOrderToExternalOrder(snapshot, { domain: SHOP, name: "Bob's", platformCode: 1 });
  if (options.sent && !mapped.ok) throw new Error("factory order did not map");
  const request = options.sent && mapped.ok ? mapped.request : null;
  return {
    ...buildOrderRow({
      id,
      shop: options.shop ?? SHOP,
      shopifyOrderId: snapshot.shopifyOrderId,
      name: snapshot.name ?? `#${sequence}`,
      shopifyCreatedAt: new Date(at.getTime() + sequence * 60_000),
      snapshot: JSON.stringify(snapshot),
      customerEmail: snapshot.email?.toLowerCase() ?? null,
      state: request ? "sent" : "waiting",
      attemptCount: request ? 1 : 0,
      hyperskuOrderId: request ? "880001" : null,
      hyperskuStatus: request ? 4 : null,
      hyperskuStatusDesc: request ? "Shipping" : null,
      sentRequest: request && JSON.stringify(request),
      hyperskuResponse: request && JSON.stringify({ orderBaseInfo: { orderId: 880001 }, orderAddressInfo: request.shippingAddress }),
      sentAt: request ? at : null,
      createdAt: at,
      updatedAt: at,
    }),
    events: [
      { id: `e${sequence}`, orderId: id, at, kind: "received", outcome: null, message: "Received from Shopify (webhook).", data: null },
    ],
    parcels: request
      ? [
          {
            id: `p${sequence}`,
            orderId: id,
            shop: SHOP,
            parcelKey: "YT2400000001",
            trackingCompany: "YunExpress",
            trackingNumber: "YT2400000001",
            trackingUrl: "https://www.yuntrack.com/parcelTracking?id=YT2400000001",
            items: JSON.stringify([{ title: "Ceramic Mug", variantTitle: "Blue", quantity: 2 }]),
            status: "In transit",
            fulfillmentState: "created",
            shopifyFulfillmentId: null,
            fulfillmentError: null,
            syncedTracking: null,
            createdAt: at,
            updatedAt: at,
          },
        ]
      : [],
  };
}

const bobs = (overrides: Partial<ShopifyOrderSnapshot> = {}) =>
  buildOrderSnapshot({ email: "bob@example.com", phone: "+44 7700 900123", note: "Leave it with the neighbour", ...overrides });

describe("the customer data export", () => {
  it("holds everything stored about the customer's orders: contact, address, note, items, what HyperSKU got and tracking", () => {
    const sent = storedOrder(bobs({ noteAttributes: [{ name: "tax_id", value: "GB123456789" }] }), { sent: true });
    const data = buildCustomerDataExport({ shop: SHOP, request: dataRequest(), orders: [sent], generatedAt: at });

    expect(data.request).toEqual({
      shopifyRequestId: "9999",
      receivedAt: at.toISOString(),
      customer: { shopifyCustomerId: "191167", email: "bob@example.com", phone: null },
      ordersRequested: [],
    });
    expect(data.orders).toHaveLength(1);
    const [order] = data.orders;
    expect(order).toMatchObject({
      shopifyOrderId: sent.shopifyOrderId,
      contact: { email: "bob@example.com", phone: "+44 7700 900123" },
      shippingAddress: { firstName: "Ada", address1: "1600 Amphitheatre Pkwy", city: "Mountain View" },
      note: "Leave it with the neighbour",
      orderAttributes: [{ name: "tax_id", value: "GB123456789" }],
      sentToHypersku: {
        hyperskuOrderId: "880001",
        hyperskuStatus: "Shipping",
        request: { storeOrderId: sent.shopifyOrderId, shippingAddress: { address1: "1600 Amphitheatre Pkwy" } },
        addressAtHypersku: { address1: "1600 Amphitheatre Pkwy" },
      },
      parcels: [{ trackingNumber: "YT2400000001", items: [{ title: "Ceramic Mug", variantTitle: "Blue", quantity: 2 }] }],
      timeline: [{ kind: "received", message: "Received from Shopify (webhook)." }],
    });
    expect(order.items.map((item) => item.quantity)).toEqual([2, 1]);

    const text = renderCustomerDataText(data);
    for (const expected of [
      "E-mail: bob@example.com",
      "Phone: +44 7700 900123",
      "1600 Amphitheatre Pkwy",
      "Order note: Leave it with the neighbour",
      "tax_id: GB123456789",
      "HyperSKU order 880001",
      "Address sent to HyperSKU:",
      "YunExpress YT2400000001",
    ])
      expect(text).toContain(expected);
  });

  it("leaves out every order that is not the customer's exactly: jimbob@example.com is not bob@example.com, another shop's is not", () => {
    const byEmail = storedOrder(bobs());
    const byId = storedOrder(buildOrderSnapshot({ email: "gift-giver@example.org" }));
    const jimbobs = storedOrder(buildOrderSnapshot({ email: "jimbob@example.com", phone: "+44 7700 9001234" }));
    const elsewhere = storedOrder(bobs(), { shop: "other-shop.myshopify.com" });
    const request = dataRequest({ phone: "+44 7700 900123", shopifyOrderIds: JSON.stringify([byId.shopifyOrderId]) });

    const data = buildCustomerDataExport({ shop: SHOP, request, orders: [jimbobs, elsewhere, byId, byEmail], generatedAt: at });

    expect(data.orders.map((order) => order.shopifyOrderId)).toEqual([byEmail.shopifyOrderId, byId.shopifyOrderId]);
    expect(JSON.stringify(data)).not.toContain("jimbob");
    expect(renderCustomerDataText(data)).not.toContain("jimbob");
  });

  it("says plainly when the app holds no order of the customer", () => {
    const data = buildCustomerDataExport({ shop: SHOP, request: dataRequest(), orders: [], generatedAt: at });
    expect(data.orders).toEqual([]);
    expect(renderCustomerDataText(data)).toContain("The app stores no orders of this customer, so it holds no personal data about them.");
  });
});
