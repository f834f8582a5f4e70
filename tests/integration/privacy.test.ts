import fs from "node:fs";
import { getSqliteFilePath } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";
import { downloadCustomerData } from "~/domain/privacy/data-request.server";
import type { CustomerDataExport } from "~/domain/privacy/customer-data-export";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { loader as orderPage } from "~/routes/app.orders.$id/route";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { isPostgresRun, readAllRowsAsText } from "../support/database";
import { buildRestAddress, buildRestOrder, type JsonObject } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";
import { placeSentOrder, syncNow } from "../support/tracking";
import { saveVariantFacts } from "~/models/variant-facts.server";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;

withTwins((twins) => ({ simulator, shopify } = twins));

/** A customer whose every detail is unusual enough to search the database for. */
const ZELDA = {
  email: "zelda.quixmarrow@example.org",
  phone: "+44 7700 900123",
  address: buildRestAddress({
    first_name: "Zelda",
    last_name: "Quixmarrow",
    name: "Zelda Quixmarrow",
    address1: "77 Unusual Lane",
    address2: "Flat 9b",
    city: "Snowmoorton",
    province: null,
    province_code: null,
    country: "United Kingdom",
    country_code: "GB",
    zip: "QX9 7ZZ",
    phone: "+44 7700 900123",
  }),
};
const ZELDA_TRACES = ["Zelda", "Quixmarrow", "77 Unusual Lane", "Flat 9b", "Snowmoorton", "QX9 7ZZ", "7700 900123", "zelda.quixmarrow"];
const ADA_TRACES = ["Lovelace", "1600 Amphitheatre Pkwy", "ada@example.com"];

const zeldasOrder = (overrides: JsonObject = {}) => ({
  overrides: {
    email: ZELDA.email,
    contact_email: ZELDA.email,
    phone: ZELDA.phone,
    shipping_address: ZELDA.address,
    billing_address: ZELDA.address,
    ...overrides,
  },
});

/** Everything the database holds, as text: the SQLite files' bytes, or every PostgreSQL row. */
async function databaseText(): Promise<string> {
  if (isPostgresRun()) {
    const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
      "SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    const rows: string[] = [];
    for (const { tablename } of tables) {
      const result = await prisma.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${tablename}" t`);
      rows.push(...result.map((r) => r.row));
    }
    return rows.join("\n");
  }
  const file = getSqliteFilePath(process.env.DATABASE_URL!);
  return [file, `${file}-wal`]
    .filter((path) => fs.existsSync(path))
    .map((path) => fs.readFileSync(path).toString("latin1"))
    .join("\n");
}

const found = (text: string, traces: string[]) => traces.filter((trace) => text.toLowerCase().includes(trace.toLowerCase()));

const deliver = async (action: typeof customersRedact, topic: string, body: JsonObject) => {
  const response = await callRoute(action, createWebhookRequest({ topic, body }));
  expect(response.status).toBe(200);
};

/** Zelda's shipped order, her unpaid one, one HyperSKU refused quoting her street, and Ada's. */
async function storeOrders() {
  const shipped = await placeSentOrder(shopify, zeldasOrder());
  simulator.control.advance(shipped.hyperskuOrderId, { to: "shipping" });
  await syncNow();
  const unpaid = buildRestOrder(zeldasOrder({ financial_status: "pending" }));
  await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: unpaid }));
  simulator.control.setFault("createOrderFromExternal", {
    reject: { status: 40010, message: "Address 77 Unusual Lane, Snowmoorton is not served" },
    times: 1,
  });
  const refused = buildRestOrder(zeldasOrder());
  await callRoute(ordersCreate, createWebhookRequest({ topic: "orders/create", body: refused }));
  await drainQueue();
  const ada = await placeSentOrder(shopify);
  return { shipped, unpaid, refused, ada };
}

describe("customers/redact", () => {
  it("leaves no trace of the customer's name, address, e-mail or phone anywhere in the database, and keeps the history", async () => {
    const { shipped, unpaid, refused } = await storeOrders();
    // She asked for her data first: the request held her e-mail and phone.
    await deliver(dataRequest, "customers/data_request", {
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
      orders_requested: [shipped.payload.id as number],
      data_request: { id: 9998 },
    });
    expect(found(await databaseText(), ZELDA_TRACES)).toEqual(ZELDA_TRACES); // the search works

    await deliver(customersRedact, "customers/redact", {
      shop_id: 954889,
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
      orders_to_redact: [shipped.payload.id as number, refused.id as number], // the unpaid one is found by e-mail
    });
    await drainQueue();

    const text = await databaseText();
    expect(found(text, ZELDA_TRACES)).toEqual([]);
    expect(found(text, ADA_TRACES)).toEqual(ADA_TRACES); // other customers are untouched

    const order = await prisma.order.findUniqueOrThrow({ where: { id: shipped.order.id }, include: { events: true, parcels: true } });
    expect(order).toMatchObject({
      name: shipped.order.name,
      shopifyOrderId: String(shipped.payload.id),
      hyperskuOrderId: shipped.order.hyperskuOrderId,
      hyperskuStatus: 4,
      state: "sent",
    });
    const snapshot = JSON.parse(order.snapshot);
    expect(snapshot).toMatchObject({
      totalPrice: expect.any(String),
      email: null,
      shippingAddress: { countryCode: "GB", city: null, address1: null },
    });
    expect(snapshot.lineItems).toHaveLength(2);
    expect(JSON.parse(order.sentRequest!).shippingAddress).toEqual({ countryCode: "GB", countryName: "United Kingdom" });
    expect(order.parcels[0]).toMatchObject({ fulfillmentState: "created", trackingNumber: expect.any(String) });
    expect(new Set(order.events.map((e) => e.kind))).toEqual(
      new Set(["received", "decision", "attempt", "status", "tracking", "fulfillment", "privacy"]),
    );

    const refusedRow = await prisma.order.findFirstOrThrow({ where: { shopifyOrderId: String(refused.id) }, include: { events: true } });
    // HyperSKU's refusal quoted her street: the words stay, the street does not; unsent, it stays unsent.
    expect(refusedRow).toMatchObject({
      state: "skipped",
      stateCode: "customer_redacted",
      lastError: "Address [redacted], [redacted] is not served",
    });
    expect(refusedRow.events.some((e) => e.message?.includes("Address [redacted], [redacted] is not served"))).toBe(true);
    const unpaidRow = await prisma.order.findFirstOrThrow({ where: { shopifyOrderId: String(unpaid.id) } });
    expect(unpaidRow).toMatchObject({ state: "skipped", stateCode: "customer_redacted" });
    // Her data request says so instead of exporting.
    const request = await prisma.customerDataRequest.findFirstOrThrow({ where: { shopifyRequestId: "9998" } });
    expect(request).toMatchObject({ email: null, phone: null, redactedAt: expect.any(Date) });
    expect(await downloadCustomerData(TEST_SHOP, request.id, "json")).toEqual({ kind: "redacted", redactedAt: request.redactedAt });
  });

  it("erases the order note: the name and phone it holds are nowhere in the database nor on the order page", async () => {
    const { order } = await placeSentOrder(
      shopify,
      zeldasOrder({ note: "Leave with the porter, or ring Zelda Quixmarrow on\n+44 7700 900123" }),
    );
    const traces = ["Quixmarrow", "7700 900123"];
    const renderPage = async () => {
      const response = await callRoute(orderPage, await createBearerRequest(`/app/orders/${order.id}`), { id: order.id });
      expect(response.status).toBe(200);
      return (await response.json()) as { shopify: { note: string | null }; timeline: unknown[] };
    };
    expect((await renderPage()).shopify.note).toContain("Zelda Quixmarrow"); // the page shows the note

    await deliver(customersRedact, "customers/redact", {
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
      orders_to_redact: [Number(order.shopifyOrderId)],
    });
    await drainQueue();

    expect(found(await readAllRowsAsText(), traces)).toEqual([]);
    expect(found(await databaseText(), traces)).toEqual([]);
    const page = await renderPage();
    expect(found(JSON.stringify(page), traces)).toEqual([]);
    expect(page.shopify.note).toBe("[redacted]");
    expect(page.timeline.length).toBeGreaterThan(0);
  });

  it("answers 200 to a repeat and to a payload without a customer", async () => {
    const body = { shop_domain: TEST_SHOP, customer: { id: 1, email: "nobody@example.org" }, orders_to_redact: [] };
    const same = { webhookId: "redact-1" };
    for (let i = 0; i < 2; i += 1) {
      const response = await callRoute(customersRedact, createWebhookRequest({ topic: "customers/redact", body, ...same }));
      expect(response.status).toBe(200);
    }
    await deliver(customersRedact, "customers/redact", { shop_domain: TEST_SHOP });
    expect(await prisma.webhookDelivery.count({ where: { topic: "customers/redact" } })).toBe(2);
  });
});

describe("customers/data_request", () => {
  it("notes the request on the customer's orders without copying personal data, and the export has it all", async () => {
    const { shipped, unpaid } = await storeOrders();
    await deliver(dataRequest, "customers/data_request", {
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
      orders_requested: [shipped.payload.id as number],
      data_request: { id: 9999 },
    });

    const noted = await prisma.orderEvent.findMany({ where: { kind: "privacy", outcome: "data_requested" } });
    expect(noted).toHaveLength(3); // by id, and the others by e-mail
    expect(noted.every((e) => e.message?.includes("request 9999") && found(e.message, ZELDA_TRACES).length === 0)).toBe(true);
    expect(noted[0].message).toContain("Download it in this app under Settings > Customer data requests");

    const request = await prisma.customerDataRequest.findFirstOrThrow({ where: { shop: TEST_SHOP, shopifyRequestId: "9999" } });
    const download = await downloadCustomerData(TEST_SHOP, request.id, "json");
    if (download.kind !== "file") throw new Error(`no file: ${download.kind}`);
    const exported = JSON.parse(download.body) as CustomerDataExport;
    expect(exported.orders).toHaveLength(3);
    expect(found(download.body, ADA_TRACES)).toEqual([]);
    const unpaidExport = exported.orders.find((o) => o.shopifyOrderId === String(unpaid.id))!;
    expect(unpaidExport.contact.email).toBe(ZELDA.email);
    const shippedExport = exported.orders.find((o) => o.shopifyOrderId === String(shipped.payload.id))!;
    expect(shippedExport.shippingAddress).toMatchObject({ address1: "77 Unusual Lane", city: "Snowmoorton" });
    expect(shippedExport.parcels).toHaveLength(1);
    expect(exported.orders.map((o) => o.shopifyOrderId)).not.toContain(undefined);
  });
});

describe("shop/redact and uninstall", () => {
  it("app/uninstalled stops the shop's queued work and deletes its tokens", async () => {
    await enqueue(JOB_TYPES.syncOrders, { shop: TEST_SHOP, subjectId: TEST_SHOP, runAt: new Date(Date.now() + 60_000) });
    await deliver(uninstalled, "app/uninstalled", { myshopify_domain: TEST_SHOP });
    expect(await prisma.job.count({ where: { shop: TEST_SHOP, status: "pending" } })).toBe(0);
    expect(await prisma.hyperskuConnection.count()).toBe(0);
  });

  it("anonymises every order of the shop and deletes its sessions and tokens, keeping the evidence", async () => {
    const { shipped } = await storeOrders();
    await deliver(dataRequest, "customers/data_request", {
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: ZELDA.email, phone: ZELDA.phone },
      data_request: { id: 9997 },
    });
    await deliver(uninstalled, "app/uninstalled", { myshopify_domain: TEST_SHOP });
    await deliver(shopRedact, "shop/redact", { shop_id: 954889, shop_domain: TEST_SHOP });
    await drainQueue();

    const text = await databaseText();
    expect(found(text, ZELDA_TRACES)).toEqual([]);
    expect(await prisma.customerDataRequest.findFirstOrThrow({ where: { shopifyRequestId: "9997" } })).toMatchObject({
      email: null,
      redactedAt: expect.any(Date),
    });
    expect(found(text, ADA_TRACES)).toEqual([]);
    expect(await prisma.order.count({ where: { shop: TEST_SHOP } })).toBe(4);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.hyperskuConnection.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: shipped.order.id } })).hyperskuStatus).toBe(4);
  });

  it("deletes the shop's cached product facts, and no other shop's", async () => {
    const facts = (variantId: string) => ({
      variantId,
      productId: "7200000000001",
      imageUrl: "https://cdn.shopify.com/s/files/1/0612/3456/7890/files/ceramic-mug.jpg",
      productHandle: "ceramic-mug",
      productTitle: "Ceramic Mug",
      vendor: "Ada Ceramics",
      productType: "Mugs",
      tags: ["dropship"],
      fetchedAt: new Date(),
    });
    await saveVariantFacts(TEST_SHOP, [facts("43200000000011"), facts("43200000000012")]);
    await saveVariantFacts("other-shop.myshopify.com", [facts("43200000000011")]);

    await deliver(uninstalled, "app/uninstalled", { myshopify_domain: TEST_SHOP });
    await deliver(shopRedact, "shop/redact", { shop_id: 954889, shop_domain: TEST_SHOP });
    await drainQueue();

    expect(await prisma.variantFacts.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.variantFacts.findMany({ select: { shop: true, variantId: true } })).toEqual([
      { shop: "other-shop.myshopify.com", variantId: "43200000000011" },
    ]);
  });
});
