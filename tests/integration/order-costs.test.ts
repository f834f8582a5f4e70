// What HyperSKU charges per order beside what the customer paid (docs/decisions/0027): stored from the
// twin's answers, shown on the order page with the shipping methods HyperSKU offers, totalled on the
// dashboard for the shop's today, 7 and 30 days, and exported as CSV.
import prisma from "~/models/db/client.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { loader as orderLoader } from "~/routes/app.orders.$id/route";
import { loader as shippingLoader } from "~/routes/app.order-shipping.$id";
import { loader as costsCsvLoader } from "~/routes/app.costs[.]csv";
import { loader as dashboardLoader } from "~/routes/app._index/route";
import { action as ordersUpdated } from "~/routes/webhooks.orders.updated";
import { runOrderPageAction } from "~/domain/admin/order-page-actions.server";
import { getCostsSummary } from "~/domain/costs/costs-summary.server";
import { recordCurrentCosts } from "~/domain/costs/record-costs.server";
import { cancelOrderAtHypersku } from "~/domain/orders/cancel-at-hypersku.server";
import {
  buildRestLineItem,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  graphqlNodeOf,
  restMoneySet,
  restRefund,
  type JsonObject,
} from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { type Twins, withTwins } from "../support/twins";

let twins: Twins;
withTwins((received) => (twins = received));

const MUG = { product_id: 7_200_000_000_001, variant_id: 43_200_000_000_011, title: "Ceramic Mug", variant_title: "Blue / Large" };
const EUR = EUR_ON_USD_SHOP;

const orderRecord = (payload: JsonObject) =>
  prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });
const requests = (operation: string) => twins.simulator.control.requests().filter((r) => r.operation === operation);

async function checkout(payload: JsonObject) {
  twins.shopify.putOrder(TEST_SHOP, graphqlNodeOf(payload) as JsonObject & { id: string; updatedAt: string });
  expect((await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload }))).status).toBe(200);
  await drainQueue();
  return orderRecord(payload);
}

const mugOrder = (quantity = 2, money?: typeof EUR) =>
  buildRestOrder({
    money,
    lineItems: [buildRestLineItem({ money, unitPrice: "24.00", overrides: { ...MUG, quantity } })],
    shipping: "5.00",
  });

async function get(fn: Parameters<typeof callRoute>[0], path: string, params: Record<string, string> = {}) {
  return callRoute(fn, await createBearerRequest(path), params);
}

type OrderPage = { shippingAndCost: { costs: Record<string, string | null> | null; shippingMethod: string | null } };

describe("costs per order", () => {
  it("stores HyperSKU's charge (catalogue cost, shipping-table freight) beside what the customer paid, and shows the margin", async () => {
    const order = await checkout(mugOrder());
    // The twin: 2 × $3.20 goods; 380 g to the US by YunExpress Standard: 3.8 × (4.50 + 1.20) = $21.66.
    expect(order).toMatchObject({
      state: "sent",
      hyperskuGoodsMinor: 640,
      hyperskuFreightMinor: 2166,
      hyperskuCostCurrency: "USD",
      // 2 × $24.00 + $5.00 shipping; the tax is not the merchant's to keep.
      customerPaidMinor: 5300,
      customerPaidCurrency: "USD",
    });

    const page = (await (await get(orderLoader, `/app/orders/${order.id}`, { id: order.id })).json()) as OrderPage;
    expect(page.shippingAndCost).toMatchObject({
      shippingMethod: "YunExpress Standard",
      costs: {
        goods: "$6.40",
        freight: "$21.66",
        charge: "$28.06",
        paid: "$53.00",
        margin: "$24.94",
        marginPercent: "47.1",
        marginNote: null,
      },
    });
  });

  it("reads the charge again when the status sync looks the order up", async () => {
    const order = await checkout(mugOrder());
    await prisma.order.update({
      where: { id: order.id },
      data: { hyperskuGoodsMinor: null, hyperskuFreightMinor: null, costsReadAt: null },
    });
    expect(await runOrderPageAction(TEST_SHOP, order.id, "refresh")).toMatchObject({ ok: true });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      hyperskuGoodsMinor: 640,
      hyperskuFreightMinor: 2166,
      costsReadAt: expect.any(Date),
    });
  });

  it("shows both amounts and no margin when HyperSKU charges in another currency than the customer paid in", async () => {
    const order = await checkout(mugOrder(1, EUR));
    expect(order).toMatchObject({ hyperskuCostCurrency: "USD", customerPaidCurrency: "EUR", customerPaidMinor: 2900 });
    const page = (await (await get(orderLoader, `/app/orders/${order.id}`, { id: order.id })).json()) as OrderPage;
    expect(page.shippingAndCost.costs).toMatchObject({ charge: "$20.30", paid: "€29.00", margin: null });
    expect(page.shippingAndCost.costs?.marginNote).toContain("HyperSKU charges in USD and the customer paid in EUR");
  });
});

let minute = 0;
/** The order as Shopify sends it after a change (a refund, a cancellation), with a later updated_at. */
async function changeInShopify(payload: JsonObject, changes: JsonObject) {
  minute += 1;
  const body = { ...payload, updated_at: new Date(Date.parse("2026-07-14T15:00:00Z") + minute * 60_000).toISOString(), ...changes };
  expect((await callRoute(ordersUpdated, createWebhookRequest({ topic: "orders/updated", body }))).status).toBe(200);
  await drainQueue();
}

/** Refunds `quantity` of the order's only line: Shopify's refund record, the line's current quantity and the new total. */
function refundOf(payload: JsonObject, quantity: number, currentTotal: string): JsonObject {
  const [line] = payload.line_items as JsonObject[];
  const left = (line.quantity as number) - quantity;
  return {
    financial_status: left === 0 ? "refunded" : "partially_refunded",
    refunds: [restRefund([{ lineItem: line, quantity }])],
    line_items: [{ ...line, current_quantity: left, fulfillable_quantity: left }],
    current_total_price_set: restMoneySet(currentTotal),
  };
}

const pageOf = async (id: string) => ((await (await get(orderLoader, `/app/orders/${id}`, { id })).json()) as OrderPage).shippingAndCost;

describe("costs after refunds and cancellations", () => {
  it("takes a refund off what the customer paid: part of it from the margin, all of it and there is no margin", async () => {
    const payload = mugOrder();
    const order = await checkout(payload);
    // One of the two mugs refunded: $24.00 + $5.00 shipping left against HyperSKU's $28.06.
    await changeInShopify(payload, refundOf(payload, 1, "30.60"));
    expect((await pageOf(order.id)).costs).toMatchObject({
      charge: "$28.06",
      paid: "$29.00",
      margin: "$0.94",
      changesNote: "Partly refunded in Shopify: the figures are after that.",
    });

    // The whole order refunded while HyperSKU still has it (not cancelled there): its charge stands, the customer paid nothing.
    await changeInShopify(payload, refundOf(payload, 2, "0.00"));
    expect((await pageOf(order.id)).costs).toMatchObject({
      charge: "$28.06",
      paid: "$0.00",
      margin: null,
      marginPercent: null,
      marginNote: "The customer paid nothing for this order after refunds, so there is no margin to show.",
      changesNote: "Refunded in Shopify: the figures are after that.",
    });
  });

  it("charges nothing for an order HyperSKU cancelled before it was paid, on the page and in what is stored", async () => {
    const order = await checkout(mugOrder());
    expect(await cancelOrderAtHypersku(TEST_SHOP, order.id)).toMatchObject({ ok: true });
    // Before HyperSKU's order is read again the status alone tells: Closed, with no payment in its answer.
    expect((await pageOf(order.id)).costs).toMatchObject({ goods: "$0.00", freight: "$0.00", charge: "$0.00", paid: "$53.00" });

    expect(await runOrderPageAction(TEST_SHOP, order.id, "refresh")).toMatchObject({ ok: true });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      hyperskuGoodsMinor: 0,
      hyperskuFreightMinor: 0,
    });
  });

  it("stores the figures as they stand after Shopify changes an order, and the totals leave out what was neither sold nor charged", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: "UTC" } });
    const kept = await checkout(mugOrder());
    const refundedPayload = mugOrder();
    const refunded = await checkout(refundedPayload);
    const cancelledPayload = mugOrder();
    const cancelled = await checkout(cancelledPayload);
    expect(await cancelOrderAtHypersku(TEST_SHOP, cancelled.id)).toMatchObject({ ok: true });
    await changeInShopify(refundedPayload, refundOf(refundedPayload, 2, "0.00"));
    await changeInShopify(cancelledPayload, { ...refundOf(cancelledPayload, 2, "0.00"), cancelled_at: "2026-07-14T16:00:00Z" });
    // What applyOrderSnapshot is to call for an order already sent, with the version it stores.
    for (const { id } of [kept, refunded, cancelled]) {
      await recordCurrentCosts(prisma, await prisma.order.findUniqueOrThrow({ where: { id } }));
    }
    expect(await prisma.order.findUniqueOrThrow({ where: { id: refunded.id } })).toMatchObject({
      hyperskuGoodsMinor: 640,
      customerPaidMinor: 0,
    });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: cancelled.id } })).toMatchObject({
      hyperskuGoodsMinor: 0,
      hyperskuFreightMinor: 0,
      customerPaidMinor: 0,
    });

    const [today] = await getCostsSummary(TEST_SHOP, new Date(Date.now() + 1_000));
    // The kept order ($53.00 paid, $28.06 charged) and the refunded one ($0.00 paid, $28.06 charged): a loss shows.
    expect(today).toMatchObject({
      orders: "2",
      totals: [{ charge: "$56.12", paid: "$53.00", margin: "-$3.12", marginPercent: "-5.9" }],
    });

    const lines = (await (await get(costsCsvLoader, "/app/costs.csv?period=today")).text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4); // no order is dropped from the export
    const lineOf = (order: { name: string }) => lines.find((line) => line.startsWith(`"${order.name}"`))!;
    expect(lineOf(kept)).toMatch(/"USD","53\.00","24\.94","","Yes"$/);
    expect(lineOf(refunded)).toMatch(/"USD","0\.00","","Refunded in Shopify","Yes"$/);
    expect(lineOf(cancelled)).toMatch(
      /"0\.00","0\.00","0\.00","USD","0\.00","","Cancelled in Shopify; Refunded in Shopify; Cancelled at HyperSKU","No: nothing sold, nothing charged"$/,
    );
  });
});

describe("shipping methods on the order page", () => {
  it("lists HyperSKU's methods with cost and delivery time for the order's items and destination, from a cache", async () => {
    await prisma.catalogueSync.create({ data: { shop: TEST_SHOP, lastSucceededAt: new Date() } });
    const order = await checkout(mugOrder());
    const first = await (await get(shippingLoader, `/app/order-shipping/${order.id}`, { id: order.id })).json();
    expect(first).toEqual({
      kind: "options",
      countryCode: "US",
      itemsWithoutSku: [],
      methods: [
        { name: "YunExpress Standard", cost: "$21.66", deliveryDays: "7–15 days" },
        { name: "4PX Priority", cost: "$36.86", deliveryDays: "5–9 days" },
      ],
    });
    await get(shippingLoader, `/app/order-shipping/${order.id}`, { id: order.id });
    expect(requests("getLogisticsSku")).toHaveLength(1);
  });

  it("says it could not read shipping when HyperSKU fails, and never breaks the page", async () => {
    await prisma.catalogueSync.create({ data: { shop: TEST_SHOP, lastSucceededAt: new Date() } });
    const order = await checkout(mugOrder(3));
    twins.simulator.control.setFault("getLogisticsSku", { errorRate: 1 });
    const response = await get(shippingLoader, `/app/order-shipping/${order.id}`, { id: order.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: "error", message: "Could not read shipping from HyperSKU. Try again in a few minutes." });
    expect((await get(orderLoader, `/app/orders/${order.id}`, { id: order.id })).status).toBe(200);
  });

  it("says so when HyperSKU has no SKU for the items yet", async () => {
    const order = await checkout(mugOrder(4));
    expect(await (await get(shippingLoader, `/app/order-shipping/${order.id}`, { id: order.id })).json()).toMatchObject({ kind: "none" });
    expect(requests("getLogisticsSku")).toHaveLength(0);
  });
});

let sequence = 0;
async function sentOrder(
  sentAt: string,
  costs: { goods: number; freight: number; paid: number; currency?: string; paidCurrency?: string; name?: string },
) {
  sequence += 1;
  return prisma.order.create({
    data: {
      shop: TEST_SHOP,
      shopifyOrderId: String(9_000_000 + sequence),
      name: costs.name ?? `#${9000 + sequence}`,
      shopifyCreatedAt: new Date(sentAt),
      snapshot: "{}",
      state: "sent",
      sentAt: new Date(sentAt),
      hyperskuOrderId: String(70_000 + sequence),
      hyperskuStatusDesc: "Pending Payment",
      hyperskuGoodsMinor: costs.goods,
      hyperskuFreightMinor: costs.freight,
      hyperskuCostCurrency: costs.currency ?? "USD",
      customerPaidMinor: costs.paid,
      customerPaidCurrency: costs.paidCurrency ?? "USD",
    },
  });
}

describe("costs and margin on the dashboard", () => {
  it("totals today, the last 7 and 30 days in the shop's time zone, keeping currencies apart", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: "America/New_York" } });
    const now = new Date("2026-11-24T03:30:00Z"); // 22:30 on Nov 23 in New York
    await sentOrder("2026-11-23T06:00:00Z", { goods: 1000, freight: 500, paid: 4000 }); // 01:00 Nov 23 NY: today
    await sentOrder("2026-11-23T04:00:00Z", { goods: 2000, freight: 500, paid: 3000 }); // 23:00 Nov 22 NY: not today
    await sentOrder("2026-11-10T12:00:00Z", { goods: 100, freight: 100, paid: 1000 }); // within 30 days
    await sentOrder("2026-11-12T12:00:00Z", { goods: 300, freight: 200, paid: 900, paidCurrency: "EUR" }); // two currencies
    await sentOrder("2026-10-01T12:00:00Z", { goods: 9999, freight: 9999, paid: 1 }); // older
    await sentOrder("2026-11-24T04:00:00Z", { goods: 9999, freight: 9999, paid: 1 }); // after now

    const [today, week, month] = await getCostsSummary(TEST_SHOP, now);
    expect(today).toMatchObject({
      key: "today",
      orders: "1",
      totals: [
        { currency: "USD", goods: "$10.00", freight: "$5.00", charge: "$15.00", paid: "$40.00", margin: "$25.00", marginPercent: "62.5" },
      ],
      otherCurrencies: [],
    });
    expect(week).toMatchObject({ orders: "2", totals: [{ charge: "$40.00", paid: "$70.00", margin: "$30.00" }] });
    expect(month).toMatchObject({
      orders: "4",
      totals: [{ charge: "$42.00", paid: "$80.00", margin: "$38.00" }],
      otherCurrencies: [{ charge: "$5.00", paid: "€9.00" }],
    });
  });

  it("starts today at the first instant of the shop's day, also on a day whose midnight the clock skips", async () => {
    // Santiago, 2026-09-06: 23:59:59 (UTC-4) is followed by 01:00 (UTC-3), at 04:00Z.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: "America/Santiago" } });
    const now = new Date("2026-09-06T18:00:00Z"); // 15:00 in Santiago
    await sentOrder("2026-09-06T04:30:00Z", { goods: 1000, freight: 500, paid: 4000 }); // 01:30 on the 6th: today
    await sentOrder("2026-09-06T03:30:00Z", { goods: 2000, freight: 500, paid: 3000 }); // 23:30 on the 5th: yesterday
    const [today, week] = await getCostsSummary(TEST_SHOP, now);
    expect(today).toMatchObject({ orders: "1", totals: [{ charge: "$15.00", paid: "$40.00" }] });
    expect(week.orders).toBe("2");
  });

  it("answers at once for a shop with 100,000 sent orders (one index-only query per period)", { timeout: 120_000 }, async () => {
    const now = new Date();
    // 40 orders, one a day over the last 40 days, each copied 2,499 times in one statement.
    await prisma.order.createMany({
      data: Array.from({ length: 40 }, (_, day) => ({
        shop: TEST_SHOP,
        shopifyOrderId: String(20_000_000 + day),
        name: `#${20_000 + day}`,
        shopifyCreatedAt: now,
        snapshot: "{}",
        state: "sent",
        sentAt: new Date(now.getTime() - day * 86_400_000 - 60_000),
        hyperskuGoodsMinor: 1000,
        hyperskuFreightMinor: 500,
        hyperskuCostCurrency: "USD",
        customerPaidMinor: 4000,
        customerPaidCurrency: "USD",
      })),
    });
    await prisma.$executeRaw`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2499)
      INSERT INTO "Order" ("id", "shop", "shopifyOrderId", "name", "shopifyCreatedAt", "snapshot", "state", "sentAt",
        "hyperskuGoodsMinor", "hyperskuFreightMinor", "hyperskuCostCurrency", "customerPaidMinor", "customerPaidCurrency", "createdAt", "updatedAt")
      SELECT t."id" || '-' || n.i, t."shop", t."shopifyOrderId" || '-' || n.i, t."name", t."shopifyCreatedAt", t."snapshot", t."state", t."sentAt",
        t."hyperskuGoodsMinor", t."hyperskuFreightMinor", t."hyperskuCostCurrency", t."customerPaidMinor", t."customerPaidCurrency", t."createdAt", t."updatedAt"
      FROM "Order" t CROSS JOIN n WHERE t."shop" = ${TEST_SHOP}`;
    expect(await prisma.order.count({ where: { shop: TEST_SHOP } })).toBe(100_000);

    const started = performance.now();
    const [today, , month] = await getCostsSummary(TEST_SHOP, now);
    const elapsed = performance.now() - started;
    expect(today.orders).toBe("2,500");
    expect(month.orders).toBe("75,000");
    expect(month.totals[0]).toMatchObject({ charge: "$1,125,000.00", paid: "$3,000,000.00", margin: "$1,875,000.00" });
    expect(elapsed).toBeLessThan(1_500);
  });

  it("is on the dashboard", async () => {
    await sentOrder(new Date(Date.now() - 60_000).toISOString(), { goods: 1000, freight: 500, paid: 4000 });
    const view = (await (await get(dashboardLoader, "/app")).json()) as { costs: { key: string; orders: string }[] };
    expect(view.costs.map((period) => [period.key, period.orders])).toEqual([
      ["today", "1"],
      ["7d", "1"],
      ["30d", "1"],
    ]);
  });
});

describe("the costs export", () => {
  it("exports the period's orders with their figures as CSV, defusing formulas and keeping negative margins numbers", async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await sentOrder(hourAgo, { goods: 1000, freight: 500, paid: 4000, name: "#1001" });
    await sentOrder(hourAgo, { goods: 2000, freight: 500, paid: 2000, name: '=HYPERLINK("http://evil.test","x")' });
    await sentOrder(hourAgo, { goods: 300, freight: 200, paid: 900, paidCurrency: "EUR", name: "@SUM(1)" });
    await sentOrder(new Date(Date.now() - 40 * 86_400_000).toISOString(), { goods: 1, freight: 1, paid: 1, name: "#old" });

    const response = await get(costsCsvLoader, "/app/costs.csv?period=30d");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="hypersku-costs-30d.csv"');
    const lines = (await response.text())
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"Order","Shopify order ID","Sent at (UTC)","HyperSKU order","HyperSKU status","HyperSKU currency","Goods","Freight","HyperSKU total","Customer currency","Customer paid","Margin","Refunds and cancellations","In totals"',
    );
    expect(lines).toHaveLength(4);
    const byName = (name: string) => lines.find((line) => line.startsWith(`"${name}`))!;
    expect(byName("#1001")).toMatch(/"USD","10\.00","5\.00","15\.00","USD","40\.00","25\.00","","Yes"$/);
    expect(byName("'=HYPERLINK")).toContain('"\'=HYPERLINK(""http://evil.test"",""x"")"');
    expect(byName("'=HYPERLINK")).toMatch(/"-5\.00","","Yes"$/);
    expect(byName("'@SUM(1)")).toMatch(/"USD","3\.00","2\.00","5\.00","EUR","9\.00","","","Yes"$/);
    expect(lines.some((line) => line.includes("#old"))).toBe(false);

    expect((await get(costsCsvLoader, "/app/costs.csv?period=year")).status).toBe(400);
  });
});
