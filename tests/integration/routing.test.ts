// Through the webhook path against both twins: Shopify's fulfillment orders and the merchant's rules
// decide which lines HyperSKU buys and ships. A line a fulfillment service (a print-on-demand app, a
// 3PL) ships never goes; nor does one at a location HyperSKU does not ship for.
import prisma from "~/models/db/client.server";
import { requireOrderDetail } from "~/domain/admin/order-detail.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import { buildRestLineItem, buildRestOrder, graphqlNodeOf, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { type Twins, withTwins } from "../support/twins";

let twins: Twins;
withTwins((received) => (twins = received));

const SHOP_LOCATION = "gid://shopify/Location/1";
const STUDIO = { id: "gid://shopify/Location/7", name: "Brooklyn studio" };

const creates = () => twins.simulator.control.requests().filter((r) => r.operation === "createOrderFromExternal");
const sentBodies = () => creates().map((request) => request.body as ExternalOrder);
const orderRecord = (payload: JsonObject) =>
  prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });

/** The order as Shopify holds it (so its fulfillment orders exist), then its webhook. */
async function checkout(payload: JsonObject, route?: (lineIds: string[]) => void) {
  const node = graphqlNodeOf(payload) as JsonObject & { id: string; updatedAt: string };
  twins.shopify.putOrder(TEST_SHOP, node);
  route?.((payload.line_items as JsonObject[]).map((line) => String(line.id)));
  const response = await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload }));
  expect(response.status).toBe(200);
  await drainQueue();
}

function mixedCart() {
  return buildRestOrder({
    lineItems: [
      buildRestLineItem({ unitPrice: "24.00", overrides: { title: "Ceramic Mug", quantity: 2 } }),
      buildRestLineItem({ unitPrice: "30.00", overrides: { title: "Art Poster" } }),
      buildRestLineItem({ unitPrice: "18.00", overrides: { title: "Soy Candle", quantity: 3 } }),
    ],
  });
}

describe("only HyperSKU's lines go", () => {
  it("sends a mixed cart's HyperSKU part and shows on the order page which lines stayed and why", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuLocationIds: JSON.stringify([SHOP_LOCATION]) } });
    const payload = mixedCart();
    await checkout(payload, ([, poster, candle]) => {
      twins.shopify.assignToFulfillmentService(TEST_SHOP, `gid://shopify/Order/${payload.id}`, poster);
      twins.shopify.moveToLocation(TEST_SHOP, `gid://shopify/Order/${payload.id}`, candle, STUDIO);
    });

    expect(sentBodies().map((body) => body.lineItems.map((line) => [line.title, line.quantity]))).toEqual([[["Ceramic Mug", 2]]]);
    // HyperSKU hears what the mug cost with its share of the $5.00 shipping and $3.20 tax (48.00 of 132.00
    // in items): 48.00 + 1.82 + 1.16, not the whole order's $140.20 (app/domain/orders/line-shares.ts).
    expect(sentBodies()[0]).toMatchObject({ totalPrice: 50.98, taxAmount: 1.16, totalShippingPrice: 1.82 });
    const order = await orderRecord(payload);
    expect(order.state).toBe("sent");
    const detail = await requireOrderDetail(TEST_SHOP, order.id);
    // The order page still shows the whole Shopify order.
    expect(detail.shopify.total).toBe("$140.20");
    expect(detail.items.leftOut).toEqual([
      {
        key: String((payload.line_items as JsonObject[])[1].id),
        title: "Art Poster",
        reason: "Shopify assigns it to another fulfillment service (such as a print-on-demand app or a 3PL).",
      },
      {
        key: String((payload.line_items as JsonObject[])[2].id),
        title: "Soy Candle",
        reason: "It ships from Brooklyn studio, a location you do not fulfil through HyperSKU.",
      },
    ]);
  });

  it("leaves an order whose lines all ship elsewhere as 'not for HyperSKU', with each line's reason, and sends nothing", async () => {
    const payload = buildRestOrder({ lineItems: [buildRestLineItem({ overrides: { title: "Art Poster" } })] });
    await checkout(payload, ([poster]) => twins.shopify.assignToFulfillmentService(TEST_SHOP, `gid://shopify/Order/${payload.id}`, poster));

    expect(creates()).toEqual([]);
    const order = await orderRecord(payload);
    expect(order).toMatchObject({ state: "skipped", stateCode: "not_for_hypersku" });
    expect(order.stateReason).toBe(
      'Nothing in this order is for HyperSKU to fulfil. "Art Poster": Shopify assigns it to another fulfillment service (such as a print-on-demand app or a 3PL).',
    );
  });

  it("holds an order whose fulfillment is on hold in Shopify, and sends it once the hold is released", async () => {
    const payload = mixedCart();
    const gid = `gid://shopify/Order/${payload.id}`;
    await checkout(payload, () => twins.shopify.holdFulfillmentOrders(TEST_SHOP, gid, "HIGH_RISK_OF_FRAUD"));
    expect(creates()).toEqual([]);
    expect(await orderRecord(payload)).toMatchObject({
      state: "held",
      stateCode: "fulfillment_on_hold",
      stateReason: "Its fulfillment is on hold in Shopify (high risk of fraud). Release the hold in Shopify and the order is sent.",
    });

    twins.shopify.releaseHolds(TEST_SHOP, gid);
    await drainQueue();
    expect((await orderRecord(payload)).state).toBe("sent");
    expect(sentBodies()[0].lineItems).toHaveLength(3);
  });

  it("applies the merchant's product rules on the webhook path (vendor from the order, product by id)", async () => {
    const payload = mixedCart();
    const candle = (payload.line_items as JsonObject[])[2];
    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { productRules: JSON.stringify({ include: [], exclude: [{ field: "product", value: String(candle.product_id) }] }) },
    });
    await checkout(payload);
    expect(sentBodies()[0].lineItems.map((line) => line.title)).toEqual(["Ceramic Mug", "Art Poster"]);
  });

  it("tries again later when Shopify throttles the routing read, without using up an attempt", async () => {
    const payload = mixedCart();
    twins.shopify.putOrder(TEST_SHOP, graphqlNodeOf(payload) as JsonObject & { id: string; updatedAt: string });
    twins.shopify.throttleNext = 1;
    await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload }));
    await drainQueue();
    expect((await orderRecord(payload)).state).toBe("sent");
    const job = await prisma.job.findFirstOrThrow({ where: { type: "forward_order" } });
    expect(job.attempts).toBe(1);
  });
});
