/**
 * The Shopify twin follows up the app's calls and the merchant's and other actors' actions as Shopify
 * does: the REST order its webhooks carry, the fulfillment orders, the GraphQL view and the webhooks
 * raised (only the subscribed ones queued). Each behaviour named in admin-graphql-fake.ts's header.
 */
import { parseGraphqlOrder } from "~/domain/orders/parse-graphql-order";
import { parseRestOrderWebhook } from "~/domain/orders/parse-rest-order";
import { mapRestProduct } from "~/domain/catalogue/rest-product";
import {
  FULFILLMENT_CREATE_MUTATION,
  FULFILLMENT_TRACKING_UPDATE_MUTATION,
  ORDER_FULFILLMENT_ORDERS_QUERY,
} from "~/integrations/shopify/fulfillments.server";
import { buildRestLineItem, buildRestOrder, type JsonObject } from "../harness/order-payloads";
import { parse, validate } from "graphql";
import { loadAdminSchema } from "../../scripts/shopify/admin-schema";
import { ShopifyAdminFake } from "./admin-graphql-fake";
import { subscribedTopics, WebhookOutbox } from "./webhook-outbox";

const SHOP = "twin-shop.myshopify.com";

type FoNode = { id: string; status: string; lineItems: { nodes: { id: string; remainingQuantity: number; lineItem: { id: string } }[] } };

function setup(lines = [2, 1]) {
  const twin = new ShopifyAdminFake();
  const payload = buildRestOrder({ lineItems: lines.map((quantity) => buildRestLineItem({ overrides: { quantity } })) });
  twin.placeOrder(SHOP, payload);
  const orderGid = String(payload.admin_graphql_api_id);
  const lineIds = (payload.line_items as JsonObject[]).map((line) => Number(line.id));
  const client = twin.clientFor(SHOP);
  const fulfillmentOrders = async () => {
    const answer = await client<{ order: { fulfillmentOrders: { nodes: FoNode[] } } }>(ORDER_FULFILLMENT_ORDERS_QUERY, { id: orderGid });
    return answer.data!.order.fulfillmentOrders.nodes;
  };
  const fulfil = async (
    picks: [lineIndex: number, quantity: number][],
    tracking = { company: "YunExpress", number: "YT1", url: "https://t.17track.net/en#nums=YT1" },
  ) => {
    const [fo] = (await fulfillmentOrders()).filter((node) => node.status === "OPEN" || node.status === "IN_PROGRESS");
    const items = picks.map(([index, quantity]) => ({
      id: fo.lineItems.nodes.find((line) => line.lineItem.id === `gid://shopify/LineItem/${lineIds[index]}`)!.id,
      quantity,
    }));
    return client<{ fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: { message: string }[] } }>(
      FULFILLMENT_CREATE_MUTATION,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: items }],
          trackingInfo: tracking,
          notifyCustomer: true,
        },
      },
    );
  };
  const rest = () => twin.restOrder(SHOP, orderGid);
  const line = (index: number) => (rest().line_items as JsonObject[])[index];
  twin.webhooks.take();
  twin.webhooks.raised.length = 0;
  return { twin, payload, orderGid, lineIds, fulfil, fulfillmentOrders, rest, line, client };
}

describe("the webhook outbox", () => {
  it("reads the subscriptions from shopify.app.toml", () => {
    const topics = subscribedTopics();
    expect([...topics]).toEqual(
      expect.arrayContaining(["orders/create", "orders/updated", "orders/paid", "orders/cancelled", "products/update", "customers/redact"]),
    );
    expect(topics.has("orders/fulfilled")).toBe(false);
  });

  it("queues only subscribed topics, hands them out to reorder, and fails on a refusal", async () => {
    const outbox = new WebhookOutbox(new Set(["orders/updated"]));
    outbox.raise(SHOP, "orders/updated", { id: 1 });
    outbox.raise(SHOP, "orders/fulfilled", { id: 1 });
    outbox.raise(SHOP, "orders/updated", { id: 2 });
    expect(outbox.raised.map((r) => [r.topic, r.subscribed])).toEqual([
      ["orders/updated", true],
      ["orders/fulfilled", false],
      ["orders/updated", true],
    ]);
    const [first, second] = outbox.take();
    expect(first.webhookId).not.toBe(second.webhookId);
    const seen: unknown[] = [];
    await outbox.deliver(async (delivery) => (seen.push(delivery.body), { status: 200 }), [second, first, first]);
    expect(seen).toEqual([{ id: 2 }, { id: 1 }, { id: 1 }]);
    outbox.raise(SHOP, "orders/updated", { id: 3 });
    await expect(outbox.deliver(async () => ({ status: 500 }))).rejects.toThrow(/answered 500 to orders\/updated/);
  });
});

describe("placing an order", () => {
  it("raises orders/create, orders/updated and orders/paid, and answers reads with the same order", async () => {
    const twin = new ShopifyAdminFake();
    const payload = buildRestOrder();
    twin.placeOrder(SHOP, payload);
    expect(twin.webhooks.waiting()).toEqual(["orders/create", "orders/updated", "orders/paid"]);
    const node = twin.restOrder(SHOP, String(payload.id));
    const fromRest = parseRestOrderWebhook(node);
    const { data } = await twin.clientFor(SHOP)<{ orders: { nodes: JsonObject[] } }>("query RecentOrders { orders { nodes { id } } }", {
      query: "updated_at:>='2000-01-01T00:00:00Z'",
    });
    const fromGraphql = parseGraphqlOrder(data!.orders.nodes[0]);
    expect(fromRest.ok && fromGraphql.ok).toBe(true);
    if (!fromRest.ok || !fromGraphql.ok) return;
    const key = (snapshot: typeof fromRest.value) =>
      snapshot.lineItems.map((l) => [l.id, l.variantId, l.sku, l.quantity, l.currentQuantity, l.fulfillableQuantity, l.unitPrice]);
    expect(key(fromGraphql.value)).toEqual(key(fromRest.value));
    expect(fromGraphql.value.totalPrice).toBe(fromRest.value.totalPrice);
  });

  it("raises no orders/paid for an unpaid order until it is paid", () => {
    const twin = new ShopifyAdminFake();
    const payload = buildRestOrder({ overrides: { financial_status: "pending" } });
    twin.placeOrder(SHOP, payload);
    expect(twin.webhooks.take().map((d) => d.topic)).toEqual(["orders/create", "orders/updated"]);
    twin.markPaid(SHOP, String(payload.id));
    expect(twin.webhooks.take().map((d) => [d.topic, (d.body as JsonObject).financial_status])).toEqual([
      ["orders/paid", "paid"],
      ["orders/updated", "paid"],
    ]);
  });
});

describe("after the app's fulfillmentCreate", () => {
  it("lowers fulfillable_quantity, sets fulfillment_status and lists the fulfillment; orders/updated follows", async () => {
    const { twin, fulfil, line, rest, fulfillmentOrders } = setup([2, 1]);
    const answer = await fulfil([[0, 2]]);
    expect(answer.data!.fulfillmentCreate.userErrors).toEqual([]);
    expect(line(0)).toMatchObject({ quantity: 2, current_quantity: 2, fulfillable_quantity: 0, fulfillment_status: "fulfilled" });
    expect(line(1)).toMatchObject({ fulfillable_quantity: 1, fulfillment_status: null });
    expect(rest()).toMatchObject({ fulfillment_status: "partial", refunds: [] });
    expect(rest().fulfillments).toEqual([
      expect.objectContaining({
        status: "success",
        tracking_company: "YunExpress",
        tracking_number: "YT1",
        tracking_urls: ["https://t.17track.net/en#nums=YT1"],
      }),
    ]);
    expect(twin.webhooks.raised.map((r) => r.topic)).toEqual(["fulfillments/create", "orders/updated", "orders/partially_fulfilled"]);
    const [update] = twin.webhooks.take();
    expect(update.topic).toBe("orders/updated");
    expect(((update.body as JsonObject).line_items as JsonObject[])[0].fulfillable_quantity).toBe(0);
    expect((await fulfillmentOrders())[0]).toMatchObject({ status: "IN_PROGRESS" });

    await fulfil([[1, 1]]);
    expect(rest().fulfillment_status).toBe("fulfilled");
    expect(twin.webhooks.raised.at(-1)!.topic).toBe("orders/fulfilled");
    expect((await fulfillmentOrders())[0]).toMatchObject({ status: "CLOSED" });
    expect(Date.parse(String(rest().updated_at))).toBeGreaterThan(
      Date.parse(String(update.body && (update.body as JsonObject).updated_at)),
    );
  });

  it("updates the tracking on the order's fulfillment after fulfillmentTrackingInfoUpdate", async () => {
    const { twin, fulfil, rest, client } = setup([1]);
    const created = await fulfil([[0, 1]]);
    twin.webhooks.take();
    await client(FULFILLMENT_TRACKING_UPDATE_MUTATION, {
      fulfillmentId: created.data!.fulfillmentCreate.fulfillment!.id,
      trackingInfoInput: { company: "USPS", number: "9400", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400" },
      notifyCustomer: true,
    });
    expect(rest().fulfillments).toEqual([expect.objectContaining({ tracking_company: "USPS", tracking_number: "9400" })]);
    expect(twin.webhooks.waiting()).toEqual(["orders/updated"]);
    expect(twin.webhooks.raised.at(-2)!.topic).toBe("fulfillments/update");
  });

  it("refuses what Shopify refuses, with its user errors, and changes nothing", async () => {
    const { twin, fulfil, rest, orderGid } = setup([1]);
    const tooMany = await fulfil([[0, 2]]);
    expect(tooMany.data!.fulfillmentCreate.userErrors[0].message).toBe("Invalid fulfillment order line item quantity requested.");
    twin.holdFulfillmentOrders(SHOP, orderGid, "OTHER", "Waiting for stock", { heldByApp: "Other App", handle: "other" });
    twin.webhooks.take();
    const held = await fulfil([[0, 1]]).catch(() => null);
    // The held fulfillment order is not OPEN: the helper finds none to fulfil.
    expect(held).toBeNull();
    expect(rest().fulfillments).toEqual([]);
    expect(twin.webhooks.waiting()).toEqual([]);
  });
});

describe("the merchant's own actions", () => {
  it("Mark as fulfilled outside the app is a fulfillment like any other", () => {
    const { twin, orderGid, rest } = setup([2]);
    twin.fulfillByHand(SHOP, orderGid);
    expect(rest()).toMatchObject({ fulfillment_status: "fulfilled" });
    expect((rest().line_items as JsonObject[])[0]).toMatchObject({ fulfillable_quantity: 0, current_quantity: 2 });
    expect(twin.webhooks.waiting()).toEqual(["orders/updated"]);
  });

  it("a refund of one line lists it in refunds[], lowers current and fulfillable quantities and the paid total", () => {
    const { twin, orderGid, rest, line, lineIds } = setup([2, 1]);
    const before = Number(((rest().current_total_price_set as JsonObject).presentment_money as JsonObject).amount);
    twin.refund(SHOP, orderGid, [{ lineItemId: lineIds[1], quantity: 1 }]);
    expect(line(1)).toMatchObject({ quantity: 1, current_quantity: 0, fulfillable_quantity: 0 });
    expect(rest()).toMatchObject({ financial_status: "partially_refunded" });
    expect((rest().refunds as JsonObject[])[0].refund_line_items).toEqual([
      expect.objectContaining({ line_item_id: lineIds[1], quantity: 1, restock_type: "cancel" }),
    ]);
    expect(Number(((rest().current_total_price_set as JsonObject).presentment_money as JsonObject).amount)).toBeCloseTo(before - 24, 2);
    expect(twin.webhooks.raised.slice(-2).map((r) => r.topic)).toEqual(["refunds/create", "orders/updated"]);
    expect(twin.fulfillmentOrders(SHOP, orderGid)[0].lineItems.map((l) => l.remainingQuantity)).toEqual([2]);
    const parsed = parseRestOrderWebhook(rest());
    expect(parsed.ok && parsed.value.lineItems[1]).toMatchObject({ refundedQuantity: 1, currentQuantity: 0 });
  });

  it("an edit removes a line, lowers or raises a quantity and adds a line", () => {
    const { twin, orderGid, line, rest, lineIds } = setup([2, 1]);
    const added = buildRestLineItem({ overrides: { quantity: 3 } });
    twin.editOrder(SHOP, orderGid, {
      setQuantity: [
        { lineItemId: lineIds[0], quantity: 1 },
        { lineItemId: lineIds[1], quantity: 0 },
      ],
      addLines: [added],
    });
    expect(line(0)).toMatchObject({ quantity: 2, current_quantity: 1, fulfillable_quantity: 1 });
    expect(line(1)).toMatchObject({ current_quantity: 0, fulfillable_quantity: 0 });
    expect(line(2)).toMatchObject({ id: added.id, quantity: 3, fulfillable_quantity: 3 });
    expect(rest().financial_status).toBe("paid"); // a removal by edit refunds nothing by itself
    twin.editOrder(SHOP, orderGid, { setQuantity: [{ lineItemId: lineIds[0], quantity: 4 }] });
    expect(line(0)).toMatchObject({ quantity: 5, current_quantity: 4, fulfillable_quantity: 4 });
    expect(twin.webhooks.waiting()).toEqual(["orders/updated", "orders/updated"]);
    expect(twin.fulfillmentOrders(SHOP, orderGid)[0].lineItems.map((l) => [l.lineItemId, l.remainingQuantity])).toEqual([
      [String(lineIds[0]), 4],
      [String(added.id), 3],
    ]);
  });

  it("cancels with or without a refund; the fulfillment orders close and fulfilling is refused", async () => {
    const refunded = setup([1]);
    refunded.twin.cancelOrder(SHOP, refunded.orderGid, { refund: true });
    expect(refunded.rest()).toMatchObject({ financial_status: "refunded", cancel_reason: "customer" });
    expect(refunded.rest().cancelled_at).not.toBeNull();
    expect(refunded.twin.webhooks.waiting()).toEqual(["orders/cancelled", "orders/updated"]);
    expect((await refunded.fulfillmentOrders()).map((fo) => fo.status)).toEqual(["CLOSED"]);

    const kept = setup([1]);
    kept.twin.cancelOrder(SHOP, kept.orderGid, { refund: false, reason: "fraud" });
    expect(kept.rest()).toMatchObject({ financial_status: "paid", cancel_reason: "fraud" });
    expect((kept.line(0) as JsonObject).fulfillable_quantity).toBe(0);
  });

  it("an address change is an orders/updated with the new address", () => {
    const { twin, orderGid, rest } = setup([1]);
    twin.changeShippingAddress(SHOP, orderGid, { city: "Seattle", province_code: "WA", zip: "98101" });
    expect(rest().shipping_address).toMatchObject({ city: "Seattle", province_code: "WA", first_name: "Ada" });
    expect(twin.webhooks.waiting()).toEqual(["orders/updated"]);
  });
});

describe("privacy requests", () => {
  it("a customer's data request and redaction carry the customer and the orders named", () => {
    const twin = new ShopifyAdminFake();
    const customer = { id: 42, email: "bob@example.com", phone: "+15555550100" };
    twin.requestCustomerData(SHOP, customer, [1001]);
    twin.redactCustomer(SHOP, customer, [1001]);
    const [request, redact] = twin.webhooks.take();
    expect(request).toMatchObject({ topic: "customers/data_request", body: { shop_domain: SHOP, orders_requested: [1001], customer } });
    expect((request.body as JsonObject).data_request).toEqual({ id: expect.any(Number) });
    expect(redact).toMatchObject({ topic: "customers/redact", body: { shop_domain: SHOP, orders_to_redact: [1001], customer } });
    expect((redact.body as JsonObject).shop_id).toBe((request.body as JsonObject).shop_id);
  });
});

describe("other actors", () => {
  it("another app's hold shows whose it is, and only its release opens the order again", async () => {
    const { twin, orderGid, client } = setup([1]);
    twin.holdFulfillmentOrders(SHOP, orderGid, "OTHER", "Fraud review", { heldByApp: "Fraud Guard", handle: "fraud-guard" });
    const query = `query OrderFulfillmentOrders($id: ID!) { order(id: $id) { fulfillmentOrders(first: 5) { nodes { id status fulfillmentHolds { reason reasonNotes heldByApp { title } handle } } } } }`;
    const held = await client<{ order: { fulfillmentOrders: { nodes: JsonObject[] } } }>(query, { id: orderGid });
    expect(held.data!.order.fulfillmentOrders.nodes[0]).toMatchObject({
      status: "ON_HOLD",
      fulfillmentHolds: [{ reason: "OTHER", reasonNotes: "Fraud review", heldByApp: { title: "Fraud Guard" }, handle: "fraud-guard" }],
    });
    twin.releaseHolds(SHOP, orderGid, "Someone Else");
    expect(twin.fulfillmentOrders(SHOP, orderGid)[0].status).toBe("ON_HOLD");
    twin.releaseHolds(SHOP, orderGid, "Fraud Guard");
    expect(twin.fulfillmentOrders(SHOP, orderGid)[0].status).toBe("OPEN");
    expect(twin.webhooks.raised.map((r) => [r.topic, r.subscribed])).toEqual([
      ["fulfillment_orders/placed_on_hold", false],
      ["fulfillment_orders/hold_released", false],
    ]);
  });

  it("a line moved to a fulfillment service leaves the app's view and names the service on the order", async () => {
    const { twin, orderGid, lineIds, fulfillmentOrders, line } = setup([1, 1]);
    twin.assignToFulfillmentService(SHOP, orderGid, String(lineIds[1]));
    const visible = await fulfillmentOrders();
    expect(visible.flatMap((fo) => fo.lineItems.nodes.map((l) => l.lineItem.id))).toEqual([`gid://shopify/LineItem/${lineIds[0]}`]);
    expect(line(1).fulfillment_service).not.toBe("manual");
  });

  it("a deleted product leaves its orders' lines without product or variant from then on", () => {
    const twin = new ShopifyAdminFake();
    const [product] = twin.products(SHOP);
    const line = buildRestLineItem({ overrides: { product_id: product.id, variant_id: product.variants[0].id } });
    const payload = buildRestOrder({ lineItems: [line, buildRestLineItem()] });
    twin.placeOrder(SHOP, payload);
    twin.deleteProduct(SHOP, product.id);
    const [first, second] = twin.restOrder(SHOP, String(payload.id)).line_items as JsonObject[];
    expect(first).toMatchObject({ product_id: null, variant_id: null, product_exists: false, sku: line.sku, title: line.title });
    expect(second.product_exists).toBe(true);
  });

  it("a product deleted, re-created with new ids, and a SKU changed send the product webhooks", () => {
    const twin = new ShopifyAdminFake();
    const [product] = twin.products(SHOP);
    const recreated = twin.recreateProduct(SHOP, product.id);
    expect(recreated.id).not.toBe(product.id);
    expect(recreated.variants.map((v) => v.sku)).toEqual(product.variants.map((v) => v.sku));
    twin.changeVariantSku(SHOP, recreated.variants[0].id, "NEW-SKU");
    const sent = twin.webhooks.take();
    expect(sent.map((d) => d.topic)).toEqual(["products/delete", "products/update"]);
    expect(sent[0].body).toEqual({ id: product.id });
    expect(mapRestProduct(sent[1].body)!.variants[0]).toMatchObject({ variantId: String(recreated.variants[0].id), sku: "NEW-SKU" });
    expect(twin.webhooks.raised.map((r) => r.topic)).toEqual(["products/delete", "products/create", "products/update"]);
  });
});

describe("the app's own holds and progress reports", () => {
  const HOLD = `mutation FulfillmentOrderHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) { fulfillmentHold { id handle } fulfillmentOrder { id status } userErrors { field code message } }
  }`;
  const RELEASE = `mutation FulfillmentOrderReleaseHold($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) { fulfillmentOrder { id status } userErrors { field code message } }
  }`;
  const PROGRESS = `mutation FulfillmentOrderReportProgress($id: ID!, $progressReport: FulfillmentOrderReportProgressInput) {
    fulfillmentOrderReportProgress(id: $id, progressReport: $progressReport) { fulfillmentOrder { id status } userErrors { field message } }
  }`;
  type Errors = { userErrors: { code?: string; message: string }[] };

  it("are written as Shopify's 2026-10 schema has them", () => {
    const schema = loadAdminSchema();
    for (const document of [HOLD, RELEASE, PROGRESS]) expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
  });

  it("hold with a handle, refuse a second hold of the same handle, and release only the app's own", async () => {
    const { twin, orderGid, client, fulfillmentOrders } = setup([1]);
    const [fo] = await fulfillmentOrders();
    const hold = (handle: string) =>
      client<{ fulfillmentOrderHold: Errors & { fulfillmentHold: { id: string } | null } }>(HOLD, {
        id: fo.id,
        fulfillmentHold: { reason: "INVENTORY_OUT_OF_STOCK", reasonNotes: "Waiting for HyperSKU to source it", handle },
      });
    const ours = (await hold("needs-sourcing")).data!.fulfillmentOrderHold;
    expect(ours.userErrors).toEqual([]);
    expect((await hold("needs-sourcing")).data!.fulfillmentOrderHold.userErrors[0].code).toBe("DUPLICATE_FULFILLMENT_HOLD_HANDLE");
    twin.holdFulfillmentOrders(SHOP, orderGid, "HIGH_RISK_OF_FRAUD", null, { heldByApp: "Fraud Guard" });
    const theirs = twin.fulfillmentOrders(SHOP, orderGid)[0].holds.find((h) => h.heldByApp === "Fraud Guard")!;

    const release = (holdIds?: string[]) =>
      client<{ fulfillmentOrderReleaseHold: Errors & { fulfillmentOrder: { status: string } | null } }>(RELEASE, { id: fo.id, holdIds });
    expect((await release([theirs.id!])).data!.fulfillmentOrderReleaseHold.userErrors[0].code).toBe("INVALID_ACCESS");
    expect((await release()).data!.fulfillmentOrderReleaseHold.userErrors[0].code).toBe("INVALID_ACCESS");
    const released = (await release([ours.fulfillmentHold!.id])).data!.fulfillmentOrderReleaseHold;
    expect(released).toMatchObject({ userErrors: [], fulfillmentOrder: { status: "ON_HOLD" } }); // Fraud Guard's hold remains
    twin.releaseHolds(SHOP, orderGid, "Fraud Guard");
    expect(twin.fulfillmentOrders(SHOP, orderGid)[0].status).toBe("OPEN");
  });

  it("report progress on an open fulfillment order, and refuse it on a closed one", async () => {
    const { twin, orderGid, client, fulfillmentOrders, fulfil } = setup([1]);
    const [fo] = await fulfillmentOrders();
    const report = (reasonNotes: string) =>
      client<{ fulfillmentOrderReportProgress: Errors & { fulfillmentOrder: { status: string } | null } }>(PROGRESS, {
        id: fo.id,
        progressReport: { reasonNotes },
      });
    expect((await report("HyperSKU: paid, being purchased")).data!.fulfillmentOrderReportProgress).toMatchObject({
      userErrors: [],
      fulfillmentOrder: { status: "IN_PROGRESS" },
    });
    expect(twin.fulfillmentOrders(SHOP, orderGid)[0].progressReports).toEqual(["HyperSKU: paid, being purchased"]);
    await fulfil([[0, 1]]);
    expect((await report("too late")).data!.fulfillmentOrderReportProgress.userErrors[0].message).toMatch(/unreportable status= closed/);
  });
});

describe("what Shopify refuses of an inventory push", () => {
  it("a quantity beyond GraphQL's 32-bit Int", async () => {
    const twin = new ShopifyAdminFake();
    const setQuantities = (quantity: number) =>
      twin.clientFor(SHOP)(
        "mutation InventorySetQuantities($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { message } } }",
        {
          input: {
            name: "available",
            reason: "correction",
            quantities: [
              {
                inventoryItemId: "gid://shopify/InventoryItem/1",
                locationId: "gid://shopify/Location/1",
                quantity,
                changeFromQuantity: null,
              },
            ],
          },
        },
      );
    expect((await setQuantities(2 ** 31)).errors?.[0].message).toMatch(/must be an Int \(32-bit\), got 2147483648/);
    expect((await setQuantities(2 ** 31 - 1)).errors).toBeUndefined();
  });
});
