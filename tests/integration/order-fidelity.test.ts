// Order fidelity end to end (decision 0020): realistic Shopify order webhooks through the app to a HyperSKU twin that
// refuses what an agent could not fulfil (agentChecks "enforce": every item identified, linked and
// pictured when Shopify has a picture, prices in the currency's decimals, items within the total).
// Each test reads what HyperSKU received, the way its agent would.
import prisma from "~/models/db/client.server";
import { requireOrderDetail } from "~/domain/admin/order-detail.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as ordersPaid } from "~/routes/webhooks.orders.paid";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import {
  buildRestLineItem,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  graphqlNodeOf,
  JPY_ON_USD_SHOP,
  type JsonObject,
  buildRestAddress,
  restMoneySet,
  restPickupOverrides,
  restRefund,
  type MoneyContext,
} from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { type Twins, withTwins } from "../support/twins";

let twins: Twins;
withTwins((received) => {
  twins = received;
  twins.simulator.control.configure({ agentChecks: "enforce" });
});

// Variants of the Shopify twin's demo catalogue (simulators/shopify/product-catalogue.ts).
const MUG = { product_id: 7_200_000_000_001, variant_id: 43_200_000_000_011, title: "Ceramic Mug", variant_title: "Blue / Large" };
const TOTE = { product_id: 7_200_000_000_002, variant_id: 43_200_000_000_021, title: "Linen Tote Bag", variant_title: "Natural" };
const KEYRING = { product_id: 7_200_000_000_003, variant_id: 43_200_000_000_031, title: "Engraved Keyring", variant_title: "Brass" };
const CDN = "https://cdn.shopify.com/s/files/1/0612/3456/7890/files";

type Topic = "orders/create" | "orders/paid" | "orders/updated";
const ROUTES = { "orders/create": ordersCreate, "orders/paid": ordersPaid, "orders/updated": ordersUpdated };

async function deliver(topic: Topic, payload: JsonObject) {
  if (topic === "orders/create")
    twins.shopify.putOrder(TEST_SHOP, graphqlNodeOf(payload) as JsonObject & { id: string; updatedAt: string });
  const response = await callRoute(ROUTES[topic], createWebhookRequest({ topic, body: payload }));
  expect(response.status).toBe(200);
  await drainQueue();
}

const received = () =>
  twins.simulator.control
    .requests()
    .filter((r) => r.operation === "createOrderFromExternal" && r.status === 200)
    .map((r) => r.body as ExternalOrder);
const orderRecord = (payload: JsonObject) =>
  prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });

const item = (
  variant: JsonObject,
  input: { unitPrice: string; quantity?: number; discounts?: string[]; money?: MoneyContext; extra?: JsonObject },
) =>
  buildRestLineItem({
    money: input.money,
    unitPrice: input.unitPrice,
    discounts: input.discounts,
    overrides: { ...variant, quantity: input.quantity ?? 1, ...input.extra },
  });

/** Σ price × quantity in minor units, as the agent adds up what it buys. */
const goods = (order: ExternalOrder, decimals: number) =>
  order.lineItems.reduce((sum, line) => sum + Math.round(line.price * 10 ** decimals) * line.quantity, 0);

describe("what HyperSKU's agent receives", () => {
  it("a personalised mug: identified, pictured, linked, the engraving with it and the store's hidden property left out", async () => {
    const payload = buildRestOrder({
      lineItems: [
        item(MUG, {
          unitPrice: "24.00",
          quantity: 2,
          extra: {
            properties: [
              { name: "Engraving", value: "Ada & Max" },
              { name: "Gift message", value: "Happy\nbirthday!" },
              { name: "_upload_token", value: "tok_9f2" },
            ],
          },
        }),
        item(KEYRING, { unitPrice: "9.50" }),
      ],
    });
    await deliver("orders/create", payload);

    const [sent] = received();
    expect(sent.lineItems).toEqual([
      expect.objectContaining({
        storeProductId: String(MUG.product_id),
        storeVariantId: String(MUG.variant_id),
        title: "Ceramic Mug",
        variantAttr: "Blue / Large | Engraving: Ada & Max | Gift message: Happy birthday!",
        variantImg: `${CDN}/ceramic-mug-blue.jpg?v=1720000002`,
        productUrl: `https://${TEST_SHOP}/products/ceramic-mug`,
        price: 24,
        quantity: 2,
      }),
      // A product without any media in Shopify: linked, and no invented picture.
      expect.objectContaining({ title: "Engraved Keyring", productUrl: `https://${TEST_SHOP}/products/engraved-keyring`, price: 9.5 }),
    ]);
    expect(sent.lineItems[1]).not.toHaveProperty("variantImg");
    expect(JSON.stringify(sent)).not.toContain("tok_9f2");
  });

  it("a tax-inclusive EUR order with 10% off: prices after the discount in euros, the parts make the total", async () => {
    const money = EUR_ON_USD_SHOP;
    const payload = buildRestOrder({
      money,
      lineItems: [
        item(MUG, { money, unitPrice: "25.00", quantity: 2, discounts: ["5.00"] }),
        item(TOTE, { money, unitPrice: "30.00", discounts: ["3.00"] }),
      ],
      shipping: "4.90",
      tax: "12.28",
      overrides: {
        taxes_included: true,
        total_price_set: restMoneySet("76.90", money),
        current_total_price_set: restMoneySet("76.90", money),
      },
    });
    await deliver("orders/create", payload);

    const [sent] = received();
    expect(sent).toMatchObject({ currency: "EUR", totalPrice: 76.9, taxAmount: 12.28, totalShippingPrice: 4.9 });
    expect(sent.lineItems.map((line) => [line.title, line.price, line.quantity])).toEqual([
      ["Ceramic Mug", 22.5, 2],
      ["Linen Tote Bag", 27, 1],
    ]);
    // Tax is inside the prices: goods + shipping = total, to the cent.
    expect(goods(sent, 2) + 490).toBe(7690);
  });

  it("a JPY order with ¥1000 off over three lines: whole yen, the parts make the total exactly", async () => {
    const money = JPY_ON_USD_SHOP;
    const payload = buildRestOrder({
      money,
      lineItems: [
        item(MUG, { money, unitPrice: "1500", discounts: ["300"] }),
        item(TOTE, { money, unitPrice: "2200", quantity: 2, discounts: ["600"] }),
        item(KEYRING, { money, unitPrice: "980", discounts: ["100"] }),
      ],
      shipping: "800",
      tax: "607",
      overrides: {
        taxes_included: true,
        total_price_set: restMoneySet("6680", money),
        current_total_price_set: restMoneySet("6680", money),
      },
    });
    await deliver("orders/create", payload);

    const [sent] = received();
    expect(sent).toMatchObject({ currency: "JPY", totalPrice: 6680, totalShippingPrice: 800 });
    expect(sent.lineItems.map((line) => line.price)).toEqual([1200, 1900, 880]);
    expect(sent.lineItems.every((line) => Number.isInteger(line.price))).toBe(true);
    expect(goods(sent, 0) + 800).toBe(6680);
  });

  it("a free-shipping code: shipping is 0, not the shipping line's price", async () => {
    const payload = buildRestOrder({ lineItems: [item(TOTE, { unitPrice: "30.00" })], shipping: "0.00", tax: "2.40" });
    payload.total_shipping_price_set = restMoneySet("5.00");
    payload.shipping_lines = [
      {
        id: 4_300_000_000_999,
        title: "Standard",
        price_set: restMoneySet("5.00"),
        discounted_price_set: restMoneySet("0.00"),
        discount_allocations: [{ amount: "5.00", amount_set: restMoneySet("5.00") }],
      },
    ];
    await deliver("orders/create", payload);
    expect(received()[0]).toMatchObject({ totalShippingPrice: 0, totalPrice: 32.4 });
  });

  it("an order paid three days after it was placed: paidAt is the payment, and it is sent only then", async () => {
    const pending = buildRestOrder({
      lineItems: [item(MUG, { unitPrice: "24.00" })],
      overrides: { financial_status: "pending", created_at: "2026-07-14T10:15:30-04:00", processed_at: "2026-07-14T10:15:29-04:00" },
    });
    await deliver("orders/create", pending);
    expect(received()).toEqual([]);
    expect((await orderRecord(pending)).state).toBe("waiting");

    await deliver("orders/paid", { ...pending, financial_status: "paid", updated_at: "2026-07-17T09:00:00-04:00" });
    const [sent] = received();
    expect(sent).toMatchObject({ isPaid: true, paidAt: "2026-07-17T13:00:00.000Z", createdAt: "2026-07-14T14:15:30.000Z" });
  });

  it("the merchant's rules by vendor, type and tag apply to webhook orders, from Shopify's product facts", async () => {
    // The keyring is tagged "personalised" and the tote's type is "Bags" in Shopify (the twin's catalogue).
    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: {
        productRules: JSON.stringify({
          include: [
            { field: "vendor", value: "ada ceramics" },
            { field: "product_type", value: "Bags" },
          ],
          exclude: [{ field: "tag", value: "Personalised" }],
        }),
      },
    });
    const payload = buildRestOrder({
      lineItems: [item(MUG, { unitPrice: "24.00" }), item(TOTE, { unitPrice: "30.00" }), item(KEYRING, { unitPrice: "9.50" })],
    });
    await deliver("orders/create", payload);
    expect(received()[0].lineItems.map((line) => line.title)).toEqual(["Ceramic Mug", "Linen Tote Bag"]);
    const order = await orderRecord(payload);
    expect(JSON.parse(order.leftOutLines!)).toMatchObject([
      { title: "Engraved Keyring", code: "excluded_by_rule", reason: 'Your rules keep tag "Personalised" away from HyperSKU.' },
    ]);
  });

  it("a local pickup is not sent, with the reason", async () => {
    const payload = buildRestOrder({ lineItems: [item(MUG, { unitPrice: "24.00" })], overrides: restPickupOverrides() });
    await deliver("orders/create", payload);
    expect(received()).toEqual([]);
    expect(await orderRecord(payload)).toMatchObject({ state: "skipped", stateCode: "local_pickup" });
  });

  it("no phone anywhere: sent without one, and the order page tells the merchant to add one", async () => {
    const payload = buildRestOrder({
      lineItems: [item(MUG, { unitPrice: "24.00" })],
      overrides: { phone: null, customer: { email: "ada@example.com", phone: null }, shipping_address: buildRestAddress({ phone: null }) },
    });
    await deliver("orders/create", payload);

    const [sent] = received();
    expect(sent.shippingAddress).not.toHaveProperty("phone");
    const order = await orderRecord(payload);
    expect(order.state).toBe("sent");
    const { timeline } = await requireOrderDetail(TEST_SHOP, order.id);
    expect(timeline.filter((entry) => entry.title === "To check at HyperSKU")).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^The order has no phone number .* add one to the order's shipping address in Shopify/),
      }),
    ]);
  });

  it("a product deleted in Shopify since the order: not sent, and the merchant is told it was deleted, not that it is a custom item", async () => {
    // Shopify clears a deleted product's ids on the line; its SKU and variant title stay.
    const gone = item({ ...TOTE, product_id: null, variant_id: null, sku: "TOTE-NATURAL" }, { unitPrice: "30.00" });
    const payload = buildRestOrder({ lineItems: [item(MUG, { unitPrice: "24.00" }), gone] });
    await deliver("orders/create", payload);

    expect(received()).toEqual([]);
    const order = await orderRecord(payload);
    expect(order).toMatchObject({ state: "needs_attention", stateCode: "product_deleted" });
    const { state } = await requireOrderDetail(TEST_SHOP, order.id);
    expect(state.reason).toBe('A product of this order was deleted in Shopify. (item "Linen Tote Bag")');
    expect(state.fix).toMatch(/^Replace the item in the order in Shopify/);
  });

  it("a refund after sending: the merchant is told at once what HyperSKU still holds and how to correct it", async () => {
    const mug = item(MUG, { unitPrice: "24.00", quantity: 2 });
    const payload = buildRestOrder({ lineItems: [mug, item(TOTE, { unitPrice: "30.00" })] });
    await deliver("orders/create", payload);
    expect(received()).toHaveLength(1);

    const refunded = {
      ...payload,
      updated_at: "2026-07-14T12:00:00-04:00",
      financial_status: "partially_refunded",
      refunds: [restRefund([{ lineItem: mug, quantity: 2 }])],
      line_items: (payload.line_items as JsonObject[]).map((line) =>
        line.id === mug.id ? { ...line, current_quantity: 0, fulfillable_quantity: 0 } : line,
      ),
    };
    await deliver("orders/updated", refunded);
    const order = await orderRecord(payload);
    expect(order).toMatchObject({
      flagCode: "items_reduced_after_sending",
      flagReason: "Refunded or removed in Shopify after the order was sent, but HyperSKU still has: 2 × Ceramic Mug (none wanted now).",
    });
    expect(received()).toHaveLength(1); // nothing sent again
  });
});
