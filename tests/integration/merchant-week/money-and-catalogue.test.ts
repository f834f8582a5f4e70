/**
 * A merchant's week, part 3: the money HyperSKU is told (orders in yen, tax-inclusive euros, a
 * free-shipping code, a cart HyperSKU ships only part of), what a refunded or cancelled order costs,
 * and the catalogue changing under the orders (a SKU changed after sourcing, a product deleted and
 * created again with new ids), all through the production server with both twins.
 */
import { startCatalogueSync } from "~/domain/catalogue/sync.server";
import { getCostsSummary } from "~/domain/costs/costs-summary.server";
import prisma from "~/models/db/client.server";
import {
  buildRestLineItem,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  JPY_ON_USD_SHOP,
  restMoneySet,
  type JsonObject,
} from "../../../simulators/harness/order-payloads";
import { withMerchantWeek, type Week } from "../../support/merchant-week";

let week: Week;
withMerchantWeek((played) => (week = played));

type SentLine = { storeOrderLineItemId: string; storeVariantId?: string; price: number; quantity: number };
type SentOrder = { currency: string; totalPrice?: number; totalShippingPrice?: number; taxAmount?: number; lineItems: SentLine[] };

/** The createOrderFromExternal body HyperSKU received for this Shopify order. */
function sentRequest(shopifyOrderId: unknown): SentOrder {
  const bodies = week.simulator.control
    .requests()
    .filter((request) => request.operation === "createOrderFromExternal")
    .map((request) => request.body as SentOrder & { storeOrderId: string })
    .filter((body) => body.storeOrderId === String(shopifyOrderId));
  expect(bodies).toHaveLength(1);
  return bodies[0];
}

const minor = (amount: number, decimals: number) => Math.round(amount * 10 ** decimals);

async function moneyWarnings(shop: string, shopifyOrderId: unknown) {
  const record = await week.record(shop, String(shopifyOrderId));
  const events = await prisma.orderEvent.findMany({ where: { orderId: record.id, kind: "money_warning" } });
  return events.map((event) => event.message);
}

async function placeAndSend(shop: string, payload: JsonObject) {
  week.place(shop, payload);
  await week.settle();
  expect((await week.record(shop, String(payload.id))).state).toBe("sent");
  return sentRequest(payload.id);
}

describe("the money HyperSKU is told", () => {
  it("yen, tax included: whole yen, and the parts add up to what the customer paid", async () => {
    const shop = await week.openShop();
    const money = JPY_ON_USD_SHOP;
    const payload = buildRestOrder({
      money,
      lineItems: [
        buildRestLineItem({ money, unitPrice: "3600", overrides: { quantity: 2 } }),
        buildRestLineItem({ money, unitPrice: "1900" }),
      ],
      shipping: "800",
      tax: "0",
      overrides: { taxes_included: true, total_tax_set: restMoneySet("900", money) },
    });
    const sent = await placeAndSend(shop, payload);
    expect(sent.currency).toBe("JPY");
    expect(sent.totalPrice).toBe(9900);
    for (const line of sent.lineItems) expect(Number.isInteger(line.price)).toBe(true);
    const lines = sent.lineItems.reduce((sum, line) => sum + line.price * line.quantity, 0);
    expect(lines + (sent.totalShippingPrice ?? 0)).toBe(9900);
    expect(await moneyWarnings(shop, payload.id)).toEqual([]);
  });

  it("euros with VAT included: the total is what the customer paid, the VAT not added again", async () => {
    const shop = await week.openShop();
    const money = EUR_ON_USD_SHOP;
    const payload = buildRestOrder({
      money,
      lineItems: [
        buildRestLineItem({ money, unitPrice: "24.00", overrides: { quantity: 2 } }),
        buildRestLineItem({ money, unitPrice: "12.50" }),
      ],
      shipping: "5.00",
      tax: "0.00",
      overrides: { taxes_included: true, total_tax_set: restMoneySet("10.46", money) },
    });
    const sent = await placeAndSend(shop, payload);
    expect(sent).toMatchObject({ currency: "EUR", totalPrice: 65.5, totalShippingPrice: 5 });
    const lines = sent.lineItems.reduce((sum, line) => sum + minor(line.price, 2) * line.quantity, 0);
    expect(lines + minor(sent.totalShippingPrice!, 2)).toBe(6550);
    expect(await moneyWarnings(shop, payload.id)).toEqual([]);
  });

  it("a free-shipping code: shipping 0, and nothing the agent would read as a mistake", async () => {
    const shop = await week.openShop();
    const payload = buildRestOrder({ shipping: "0.00" });
    const shippingLine = (payload.shipping_lines as JsonObject[])[0];
    Object.assign(shippingLine, {
      price_set: restMoneySet("5.00"),
      discounted_price_set: restMoneySet("0.00"),
      discount_allocations: [{ amount: "5.00", amount_set: restMoneySet("5.00"), discount_application_index: 0 }],
    });
    Object.assign(payload, {
      discount_codes: [{ code: "FREESHIP", amount: "5.00", type: "shipping" }],
      discount_applications: [
        {
          type: "discount_code",
          code: "FREESHIP",
          value: "100.0",
          value_type: "percentage",
          target_type: "shipping_line",
          allocation_method: "each",
        },
      ],
    });
    const sent = await placeAndSend(shop, payload);
    expect(sent.totalShippingPrice).toBe(0);
    expect(sent.totalPrice).toBe(Number(((payload.total_price_set as JsonObject).presentment_money as JsonObject).amount));
    expect(await moneyWarnings(shop, payload.id)).toEqual([]);
  });

  it("a mixed cart: HyperSKU is told the total of the lines it ships, the order page keeps the whole order", async () => {
    const shop = await week.openShop();
    const ours = buildRestLineItem({ unitPrice: "30.00" });
    const printful = buildRestLineItem({ unitPrice: "70.00", overrides: { fulfillment_service: "printful" } });
    const payload = buildRestOrder({ lineItems: [ours, printful], shipping: "10.00", tax: "8.00" });
    week.place(shop, payload);
    week.shopify.assignToFulfillmentService(shop, String(payload.id), String(printful.id));
    await week.settle();
    const sent = sentRequest(payload.id);
    // 30% of the goods: 30.00, plus 30% of shipping (3.00) and of tax (2.40).
    expect(sent).toMatchObject({ totalPrice: 35.4, totalShippingPrice: 3, taxAmount: 2.4 });
    const record = await week.record(shop, String(payload.id));
    expect(await week.pageText(shop, `/app/orders/${record.id}`)).toContain("$118.00");
  });
});

/** RFC 4180 as the export writes it: quoted fields (commas and doubled quotes inside), CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let field = "";
  let quoted = false;
  const endField = () => {
    rows.at(-1)!.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += char;
    } else if (char === ",") {
      endField();
    } else if (char === "\n") {
      endField();
      rows.push([]);
    } else if (char !== "\r") {
      field += char;
    }
  }
  endField();
  return rows.filter((row) => row.some((cell) => cell !== ""));
}

describe("what an order costs the merchant", () => {
  /** The costs CSV for today, as the merchant downloads it: one record per order name. */
  async function costsCsv(shop: string) {
    const response = await week.fetchAs(shop, "/app/costs.csv?period=today");
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await response.text());
    return new Map(rows.map((row) => [row[0], Object.fromEntries(header.map((name, index) => [name, row[index]]))]));
  }

  it("a refunded order and one cancelled before HyperSKU charged it: no revenue, no margin, and the cancelled one out of the totals", async () => {
    const [shop, control] = [await week.openShop(), await week.openShop()];
    const [kept, refunded, cancelled, keptElsewhere] = [buildRestOrder(), buildRestOrder(), buildRestOrder(), buildRestOrder()];
    for (const payload of [kept, refunded, cancelled]) week.place(shop, payload);
    week.place(control, keptElsewhere);
    await week.settle();
    week.shopify.refund(
      shop,
      String(refunded.id),
      (refunded.line_items as JsonObject[]).map((line) => ({ lineItemId: line.id as number, quantity: line.quantity as number })),
    );
    week.shopify.cancelOrder(shop, String(cancelled.id), { refund: true });
    await week.settle();

    // What the customers paid today is the kept order's alone, as in a shop that had only that order.
    const [today] = await getCostsSummary(shop);
    const [controlToday] = await getCostsSummary(control);
    expect(today.totals.map((total) => total.paid)).toEqual(controlToday.totals.map((total) => total.paid));
    // HyperSKU still has the refunded order (a refund does not cancel it there): its cost counts; the cancelled one's does not.
    expect(today.orders).toBe("2");

    const csv = await costsCsv(shop);
    expect(csv.get(String(refunded.name))).toMatchObject({ "Customer paid": "0.00", Margin: "" });
    expect(csv.get(String(refunded.name))!["Refunds and cancellations"]).not.toBe("");
    expect(csv.get(String(cancelled.name))!["In totals"]).toMatch(/^No/);
    expect(csv.get(String(kept.name))!["In totals"]).toBe("Yes");
    // The order pages say why their figures changed.
    const refundedPage = await week.pageText(shop, `/app/orders/${(await week.record(shop, String(refunded.id))).id}`);
    expect(refundedPage).toMatch(/Refunded in Shopify[^.]*: the figures are after that\./);
    expect(refundedPage).not.toMatch(/Margin \$/);
    const cancelledPage = await week.pageText(shop, `/app/orders/${(await week.record(shop, String(cancelled.id))).id}`);
    expect(cancelledPage).toContain("the dashboard's totals leave this order out");
  });
});

describe("the catalogue changing under the orders", () => {
  async function syncCatalogue(shop: string) {
    const started = await startCatalogueSync(shop);
    expect(started.started).toBe(true);
    await week.settle();
  }

  it("a product deleted and created again with new ids: its new orders are not sent with ids HyperSKU does not know", async () => {
    const shop = await week.openShop();
    await syncCatalogue(shop);
    const [mug] = week.shopify.products(shop);
    const recreated = week.shopify.recreateProduct(shop, mug.id);
    await week.settle();
    const oldRows = await prisma.catalogueVariant.findMany({ where: { shop, productId: String(mug.id) } });
    expect(oldRows.length).toBeGreaterThan(0);
    expect(oldRows.map((row) => row.productStatus)).toEqual(oldRows.map(() => "DELETED"));

    const variant = recreated.variants[0];
    const payload = buildRestOrder({
      lineItems: [
        buildRestLineItem({
          overrides: { product_id: recreated.id, variant_id: variant.id, sku: variant.sku ?? null, title: recreated.title },
        }),
      ],
    });
    week.place(shop, payload);
    await week.settle();
    expect(week.hyperskuOrders(String(payload.id))).toEqual([]);
    const record = await week.record(shop, String(payload.id));
    expect(record.stateReason).toContain(recreated.title);
  });

  it("a SKU changed after sourcing: the catalogue follows products/update, and the next order still goes out identified by its variant", async () => {
    const shop = await week.openShop();
    await syncCatalogue(shop);
    const [mug] = week.shopify.products(shop);
    const variant = mug.variants[0];
    week.shopify.changeVariantSku(shop, variant.id, "MUG-BLUE-2");
    await week.settle();
    const row = await prisma.catalogueVariant.findFirstOrThrow({ where: { shop, variantId: String(variant.id) } });
    expect(row.sku).toBe("MUG-BLUE-2");

    const payload = buildRestOrder({
      lineItems: [buildRestLineItem({ overrides: { product_id: mug.id, variant_id: variant.id, sku: "MUG-BLUE-2", title: mug.title } })],
    });
    week.place(shop, payload);
    await week.settle();
    const sent = sentRequest(payload.id);
    expect(sent.lineItems.map((line) => line.storeVariantId)).toEqual([String(variant.id)]);
  });
});
