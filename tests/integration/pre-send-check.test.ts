// Through the webhook path against both twins: before an order is sent, HyperSKU's lines are checked
// against the catalogue (docs/decisions/0027). A line HyperSKU has not sourced holds the order with the
// product named, until the catalogue shows it sourced or the merchant sends it anyway; a destination
// HyperSKU does not ship to, a SKU it no longer offers and a deleted product need the merchant first.
import prisma from "~/models/db/client.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import type { ExternalOrder } from "~/integrations/hypersku/schemas";
import { runOrderPageAction } from "~/domain/admin/order-page-actions.server";
import { recheckCatalogueHolds } from "~/domain/orders/recheck-catalogue-holds.server";
import { startCatalogueSync } from "~/domain/catalogue/sync.server";
import { buildRestAddress, buildRestLineItem, buildRestOrder, graphqlNodeOf, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { type Twins, withTwins } from "../support/twins";

let twins: Twins;
withTwins((received) => (twins = received));

// The twin's seeded catalogue (simulators/hypersku/private-products.ts): the mug sourced, the tote
// linked but not sourced, the keyring sourced and shipping to three Canadian provinces only.
const MUG = { product_id: 7_200_000_000_001, variant_id: 43_200_000_000_011, title: "Ceramic Mug", variant_title: "Blue / Large" };
const TOTE = { product_id: 7_200_000_000_002, variant_id: 43_200_000_000_021, title: "Linen Tote Bag", variant_title: "Natural" };
const KEYRING = { product_id: 7_200_000_000_003, variant_id: 43_200_000_000_031, title: "Engraved Keyring", variant_title: "Brass" };

const creates = () => twins.simulator.control.requests().filter((r) => r.operation === "createOrderFromExternal" && r.status === 200);
const sentBodies = () => creates().map((request) => request.body as ExternalOrder);
const orderRecord = (payload: JsonObject) =>
  prisma.order.findUniqueOrThrow({ where: { shop_shopifyOrderId: { shop: TEST_SHOP, shopifyOrderId: String(payload.id) } } });
const timeline = async (payload: JsonObject) =>
  (await prisma.orderEvent.findMany({ where: { orderId: (await orderRecord(payload)).id }, orderBy: { at: "asc" } })).map((e) => e.message);

const line = (variant: JsonObject, unitPrice = "20.00") => buildRestLineItem({ unitPrice, overrides: { ...variant, quantity: 1 } });

function order(lines: JsonObject[], address: JsonObject = {}) {
  const payload = buildRestOrder({ lineItems: lines });
  return { ...payload, shipping_address: buildRestAddress(address) } as JsonObject;
}

async function checkout(payload: JsonObject, route?: (lineIds: string[]) => void) {
  twins.shopify.putOrder(TEST_SHOP, graphqlNodeOf(payload) as JsonObject & { id: string; updatedAt: string });
  route?.((payload.line_items as JsonObject[]).map((item) => String(item.id)));
  const response = await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: payload }));
  expect(response.status).toBe(200);
  await drainQueue();
}

/** The shop's catalogue has been read to the end once: from now on it is the reference. */
async function catalogueSynced() {
  await prisma.catalogueSync.create({ data: { shop: TEST_SHOP, state: "idle", lastSucceededAt: new Date() } });
}

/** The catalogue sync's work, as far as this check needs it: the rows it writes. */
async function catalogueRow(variant: typeof MUG, data: Partial<Parameters<typeof prisma.catalogueVariant.create>[0]["data"]>) {
  const now = new Date();
  await prisma.catalogueVariant.upsert({
    where: { shop_variantId: { shop: TEST_SHOP, variantId: String(variant.variant_id) } },
    update: data,
    create: {
      shop: TEST_SHOP,
      variantId: String(variant.variant_id),
      productId: String(variant.product_id),
      productTitle: variant.title,
      variantTitle: variant.variant_title,
      productStatus: "ACTIVE",
      searchText: variant.title.toLowerCase(),
      shopifySyncedAt: now,
      hyperskuSyncedAt: now,
      sourcing: "sourced",
      countries: JSON.stringify([{ countryCode: "US", regionCodes: null }]),
      ...data,
    },
  });
}

describe("the pre-send catalogue check", () => {
  it("holds an order with an item HyperSKU has not sourced, naming it, and sends it by itself once sourced", async () => {
    await catalogueSynced();
    const payload = order([line(MUG), line(TOTE)]);
    await checkout(payload);

    expect(creates()).toEqual([]);
    const held = await orderRecord(payload);
    expect(held).toMatchObject({ state: "held", stateCode: "needs_sourcing" });
    expect(held.stateReason).toContain('HyperSKU has not sourced "Linen Tote Bag (Natural)" yet.');
    expect(held.stateReason).toContain("https://app.hypersku.com/product/detail/");
    // What HyperSKU said was stored in the catalogue: the tote linked and not sourced, the mug sourced.
    const rows = await prisma.catalogueVariant.findMany({ where: { shop: TEST_SHOP }, orderBy: { variantId: "asc" } });
    expect(rows.map((row) => [row.variantId, row.sourcing])).toEqual([
      [String(MUG.variant_id), "sourced"],
      [String(TOTE.variant_id), "not_sourced"],
    ]);

    // A look before HyperSKU sourced it changes nothing, and adds nothing to the timeline.
    await drainQueue({ horizonMs: 3 * 3_600_000, maxRounds: 2 });
    expect(creates()).toEqual([]);
    expect((await timeline(payload)).filter((message) => message?.includes("has not sourced"))).toHaveLength(1);

    // HyperSKU sources it; the order's next look (every two hours) sends it without the merchant.
    twins.simulator.control.sourceProduct(String(TOTE.product_id));
    await drainQueue({ horizonMs: 3 * 3_600_000 });
    expect((await orderRecord(payload)).state).toBe("sent");
    expect(sentBodies()[0].lineItems.map((item) => item.title)).toEqual(["Ceramic Mug", "Linen Tote Bag"]);
  });

  it("sends a held order at once when the catalogue sync reports the product sourced (recheckCatalogueHolds)", async () => {
    await catalogueSynced();
    await catalogueRow(MUG, {});
    await catalogueRow(TOTE, { sourcing: "sourcing" });
    const payload = order([line(MUG), line(TOTE)]);
    await checkout(payload);
    expect(await orderRecord(payload)).toMatchObject({ state: "held", stateCode: "needs_sourcing" });

    // Another variant changing queues nothing.
    expect(await recheckCatalogueHolds(TEST_SHOP, [String(KEYRING.variant_id)])).toBe(0);
    // The sync read the tote sourced.
    twins.simulator.control.sourceProduct(String(TOTE.product_id));
    await catalogueRow(TOTE, { sourcing: "sourced" });
    expect(await recheckCatalogueHolds(TEST_SHOP, [String(TOTE.variant_id)])).toBe(1);
    await drainQueue({ fastForward: false });
    expect((await orderRecord(payload)).state).toBe("sent");
    expect(await timeline(payload)).toContain("HyperSKU's catalogue now shows this order's products sourced: it is sent again.");
  });

  it("sends a held order as soon as the next catalogue sync reads its product sourced, without waiting for its own look", async () => {
    expect((await startCatalogueSync(TEST_SHOP)).started).toBe(true);
    await drainQueue({ fastForward: false });
    const payload = order([line(MUG), line(TOTE)]);
    await checkout(payload);
    expect(await orderRecord(payload)).toMatchObject({ state: "held", stateCode: "needs_sourcing" });

    twins.simulator.control.sourceProduct(String(TOTE.product_id));
    expect((await startCatalogueSync(TEST_SHOP)).started).toBe(true);
    // No fast-forward: the order's own two-hourly look is not what sends it; the sync's change does.
    await drainQueue({ fastForward: false });
    expect((await orderRecord(payload)).state).toBe("sent");
    expect(sentBodies()[0].lineItems.map((item) => item.title)).toEqual(["Ceramic Mug", "Linen Tote Bag"]);
  });

  it("sends an order waiting for sourcing when the merchant chooses Send anyway, and says so on the timeline", async () => {
    await catalogueSynced();
    const payload = order([line(TOTE)]);
    await checkout(payload);
    const held = await orderRecord(payload);
    expect(held.stateCode).toBe("needs_sourcing");

    // Only an order waiting for sourcing offers it.
    const other = order([line(MUG)]);
    await checkout(other);
    expect(await runOrderPageAction(TEST_SHOP, (await orderRecord(other)).id, "send_anyway")).toMatchObject({ ok: false });

    const result = await runOrderPageAction(TEST_SHOP, held.id, "send_anyway");
    expect(result).toMatchObject({ ok: true, intent: "send_anyway" });
    await drainQueue({ fastForward: false });
    const sent = await orderRecord(payload);
    expect(sent.state).toBe("sent");
    expect(sent.hyperskuStatus).toBe(8); // Pending Sourcing: HyperSKU sources it with the order
    const messages = await timeline(payload);
    expect(messages).toContain(
      "Send anyway chosen by the merchant: the order goes to HyperSKU, which sources the items not sourced yet with it.",
    );
    expect(messages).toContain('Sent anyway, as the merchant chose: HyperSKU sources "Linen Tote Bag (Natural)" with the order.');
  });

  it("needs attention before anything is sent when HyperSKU does not ship an item to the country or the province", async () => {
    await catalogueSynced();
    const brazil = order([line(MUG)], {
      country_code: "BR",
      country: "Brazil",
      province_code: "SP",
      province: "São Paulo",
      zip: "01310-100",
    });
    await checkout(brazil);
    const toBrazil = await orderRecord(brazil);
    expect(toBrazil).toMatchObject({ state: "needs_attention", stateCode: "destination_not_supported" });
    expect(toBrazil.stateReason).toContain('HyperSKU does not ship "Ceramic Mug (Blue / Large)" to BR');
    expect(toBrazil.stateReason).toContain("Change the shipping address in Shopify");

    const alberta = order([line(KEYRING)], {
      country_code: "CA",
      country: "Canada",
      province_code: "AB",
      province: "Alberta",
      zip: "T5J 0N3",
    });
    await checkout(alberta);
    expect(await orderRecord(alberta)).toMatchObject({ state: "needs_attention", stateCode: "destination_not_supported" });
    expect((await orderRecord(alberta)).stateReason).toContain("to CA (AB)");

    const ontario = order([line(KEYRING)], {
      country_code: "CA",
      country: "Canada",
      province_code: "ON",
      province: "Ontario",
      zip: "M5H 2N2",
    });
    await checkout(ontario);
    expect((await orderRecord(ontario)).state).toBe("sent");
    expect(creates()).toHaveLength(1);
  });

  it("needs attention for a SKU HyperSKU no longer offers and for a product deleted in Shopify", async () => {
    await catalogueSynced();
    await catalogueRow(MUG, { sourcing: "not_offered" });
    const notOffered = order([line(MUG)]);
    await checkout(notOffered);
    expect(await orderRecord(notOffered)).toMatchObject({ state: "needs_attention", stateCode: "sku_not_offered" });
    expect((await orderRecord(notOffered)).stateReason).toContain('HyperSKU no longer offers "Ceramic Mug (Blue / Large)"');

    await catalogueRow(KEYRING, { productStatus: "DELETED" });
    const deleted = order([line(KEYRING)]);
    await checkout(deleted);
    expect(await orderRecord(deleted)).toMatchObject({ state: "needs_attention", stateCode: "product_deleted" });
    expect(creates()).toEqual([]);
  });

  it("checks only the lines HyperSKU ships: a mixed cart's unsourced line at another fulfiller does not hold it", async () => {
    await catalogueSynced();
    const payload = order([line(MUG), line(TOTE)]);
    await checkout(payload, ([, tote]) => twins.shopify.assignToFulfillmentService(TEST_SHOP, `gid://shopify/Order/${payload.id}`, tote));
    expect((await orderRecord(payload)).state).toBe("sent");
    expect(sentBodies()[0].lineItems.map((item) => item.title)).toEqual(["Ceramic Mug"]);
  });

  it("before the shop's catalogue was ever synced, sends as before and asks HyperSKU nothing more", async () => {
    const payload = order([line(TOTE)]);
    await checkout(payload);
    expect((await orderRecord(payload)).state).toBe("sent");
    expect(twins.simulator.control.requests().filter((r) => r.operation === "getPrivateProduct")).toEqual([]);
    // What the catalogue says is acted on even then: a row the sync wrote holds the next one.
    await catalogueRow(TOTE, { sourcing: "not_sourced" });
    const next = order([line(TOTE)]);
    await checkout(next);
    expect(await orderRecord(next)).toMatchObject({ state: "held", stateCode: "needs_sourcing" });
  });

  it("does not hold an order when HyperSKU's catalogue cannot be read; the lines it cannot vouch for go", async () => {
    await catalogueSynced();
    twins.simulator.control.setFault("getPrivateProduct", { errorRate: 1 });
    const payload = order([line(TOTE)]);
    await checkout(payload);
    expect((await orderRecord(payload)).state).toBe("sent");
  });

  it("flags an order at HyperSKU not shipped yet whose SKU HyperSKU stops offering, with the fix", async () => {
    const payload = order([line(MUG)]);
    await checkout(payload);
    expect((await orderRecord(payload)).state).toBe("sent");
    await catalogueRow(MUG, { sourcing: "not_offered" });
    expect(await recheckCatalogueHolds(TEST_SHOP, [String(MUG.variant_id)])).toBe(1);
    const flagged = await orderRecord(payload);
    expect(flagged.flagCode).toBe("catalogue_sku_not_offered");
    expect(flagged.flagReason).toContain('HyperSKU no longer offers "Ceramic Mug" of this order.');
    expect(flagged.flagReason).toContain("ask HyperSKU support for a replacement");
    // Said once.
    expect(await recheckCatalogueHolds(TEST_SHOP)).toBe(0);
  });
});
