/**
 * customers/data_request end to end on the real routes: the webhook records the request, the
 * Customer data requests page lists it, and its download (authenticated, scoped to the session's
 * shop) holds exactly the customer's orders, matched whole (bob@example.com, not jimbob@example.com).
 */
import prisma from "~/models/db/client.server";
import type { CustomerDataExport } from "~/domain/privacy/customer-data-export";
import { loader as downloadLoader } from "~/routes/app.privacy.$id.download";
import { loader as pageLoader } from "~/routes/app.privacy._index/route";
import { action as dataRequestWebhook } from "~/routes/webhooks.customers.data_request";
import { action as customersRedactWebhook } from "~/routes/webhooks.customers.redact";
import { createAdminOrder, createParcel, createShopRecord } from "../support/admin-factories";
import { createBuildHandler } from "../support/build";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { blockedNetworkCalls } from "../support/network";
import type { JsonObject } from "../support/order-factories";
import { callRoute } from "../support/routes";
import { APP_URL, createBearerRequest, createEmbeddedRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";

const OTHER_SHOP = "other-shop.myshopify.com";
const BOB = { email: "bob@example.com", phone: "+44 7700 900123" };

type PageData = { requests: { id: string; customer: string; status: string; downloads: { json: string; text: string } | null }[] };

async function deliver(topic: string, body: JsonObject, webhookId?: string) {
  const response = await callRoute(
    topic === "customers/redact" ? customersRedactWebhook : dataRequestWebhook,
    createWebhookRequest({ topic, body, webhookId }),
  );
  expect(response.status).toBe(200);
}

const page = async (shop = TEST_SHOP) =>
  (await (await callRoute(pageLoader, await createBearerRequest("/app/privacy", shop))).json()) as PageData;
const download = async (id: string, format: "json" | "text", shop = TEST_SHOP) =>
  callRoute(downloadLoader, await createBearerRequest(`/app/privacy/${id}/download?format=${format}`, shop), { id });

/** Bob's shipped order, one Shopify names for him under another e-mail, Jimbob's, and Bob's order in another shop. */
async function storeOrders() {
  const contact = (email: string, phone: string | null = null): JsonObject => ({ email, contact_email: email, phone });
  const bobs = await createAdminOrder({
    hyperskuStatus: 4,
    payload: { ...contact(BOB.email, BOB.phone), note: "Leave it with the neighbour" },
  });
  await createParcel(bobs, { trackingNumber: "YT2400000777" });
  const named = await createAdminOrder({ payload: contact("gift-for-bob@example.org") });
  const jimbobs = await createAdminOrder({ hyperskuStatus: 4, payload: contact("jimbob@example.com", "+44 7700 9001234") });
  const elsewhere = await createAdminOrder({ shop: OTHER_SHOP, payload: contact(BOB.email, BOB.phone) });
  return { bobs, named, jimbobs, elsewhere };
}

const bobsRequest = (namedOrderId: string, id = 9999): JsonObject => ({
  shop_id: 954889,
  shop_domain: TEST_SHOP,
  customer: { id: 191167, email: BOB.email, phone: BOB.phone },
  orders_requested: [Number(namedOrderId)],
  data_request: { id },
});

beforeEach(async () => {
  await resetDatabase();
  for (const shop of [TEST_SHOP, OTHER_SHOP]) {
    await createSession({ shop });
    await createShopRecord(shop);
  }
});

describe("a customer data request", () => {
  it("is listed on the page and downloads exactly the customer's data, as JSON and as text, then shows as downloaded", async () => {
    const { bobs, named, jimbobs, elsewhere } = await storeOrders();
    await deliver("customers/data_request", bobsRequest(named.shopifyOrderId));

    const listed = await page();
    expect(listed.requests).toEqual([expect.objectContaining({ customer: BOB.email, status: "new" })]);
    const [request] = listed.requests;

    const json = await download(request.id, "json");
    expect(json.status).toBe(200);
    expect(json.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("Content-Disposition")).toBe('attachment; filename="customer-data-9999.json"');
    const body = await json.text();
    const data = JSON.parse(body) as CustomerDataExport;
    expect(data.orders.map((order) => order.shopifyOrderId).sort()).toEqual([bobs.shopifyOrderId, named.shopifyOrderId].sort());
    const shipped = data.orders.find((order) => order.shopifyOrderId === bobs.shopifyOrderId)!;
    expect(shipped).toMatchObject({
      contact: BOB,
      note: "Leave it with the neighbour",
      shippingAddress: { address1: "1600 Amphitheatre Pkwy" },
      sentToHypersku: { hyperskuOrderId: bobs.hyperskuOrderId, request: { storeOrderId: bobs.shopifyOrderId } },
      parcels: [expect.objectContaining({ trackingNumber: "YT2400000777" })],
    });
    expect(body).not.toContain("jimbob");
    expect(body).not.toContain(jimbobs.shopifyOrderId);
    expect(body).not.toContain(elsewhere.shopifyOrderId);

    const text = await download(request.id, "text");
    expect(text.headers.get("Content-Disposition")).toBe('attachment; filename="customer-data-9999.txt"');
    const readable = await text.text();
    expect(readable).toContain(`Order ${bobs.name}`);
    expect(readable).toContain("E-mail: bob@example.com");
    expect(readable).toContain("YT2400000777");
    expect(readable).not.toContain("jimbob");

    expect((await page()).requests[0].status).toBe("downloaded");
    expect(await prisma.customerDataRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      downloadedAt: expect.any(Date),
    });
    // The timeline of Bob's orders, and only theirs, says where to find it.
    const noted = await prisma.orderEvent.findMany({ where: { outcome: "data_requested" }, select: { orderId: true, message: true } });
    expect(noted.map((event) => event.orderId).sort()).toEqual([bobs.id, named.id].sort());
    expect(noted[0].message).toContain("Settings > Customer data requests");
  });

  it("cannot be downloaded or seen from another shop, nor without the admin's session", async () => {
    const { named } = await storeOrders();
    await deliver("customers/data_request", bobsRequest(named.shopifyOrderId));
    const [request] = (await page()).requests;

    const foreign = await download(request.id, "json", OTHER_SHOP);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("bob@example.com");
    expect((await page(OTHER_SHOP)).requests).toEqual([]);
    const anonymous = await callRoute(downloadLoader, new Request(`${APP_URL}/app/privacy/${request.id}/download?format=json`), {
      id: request.id,
    });
    expect(anonymous.status).not.toBe(200);
    expect(await prisma.customerDataRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ downloadedAt: null });
  });

  it("is recorded once when Shopify sends the same request again", async () => {
    const { named } = await storeOrders();
    await deliver("customers/data_request", bobsRequest(named.shopifyOrderId), "delivery-1");
    await deliver("customers/data_request", bobsRequest(named.shopifyOrderId), "delivery-2");
    expect(await prisma.customerDataRequest.count()).toBe(1);
    expect(await prisma.orderEvent.count({ where: { outcome: "data_requested" } })).toBe(2);
  });

  it("says the customer's data was erased, instead of exporting, after Shopify asked to redact them", async () => {
    const { named } = await storeOrders();
    await deliver("customers/data_request", bobsRequest(named.shopifyOrderId));
    await deliver("customers/data_request", {
      ...bobsRequest(named.shopifyOrderId, 5555),
      customer: { id: 7, email: "jimbob@example.com" },
      orders_requested: [],
    });
    await deliver("customers/redact", {
      shop_id: 954889,
      shop_domain: TEST_SHOP,
      customer: { id: 191167, email: BOB.email, phone: BOB.phone },
      orders_to_redact: [],
    });

    const listed = await page();
    const bobs = listed.requests.find((request) => request.status === "redacted")!;
    expect(bobs).toMatchObject({ customer: "Erased", downloads: null });
    const answer = await download(bobs.id, "json");
    expect(answer.status).toBe(410);
    expect(await answer.text()).toContain("holds nothing about them to export");
    // Jimbob's request is another customer's: still there to download.
    expect(listed.requests.find((request) => request.id !== bobs.id)).toMatchObject({ customer: "jimbob@example.com", status: "new" });
  });
});

describe("the way to customer data requests", () => {
  it("is a card on the settings page, where the order timeline says it is", async () => {
    const handle = await createBuildHandler();
    const response = await handle(await createEmbeddedRequest("/app/settings"));
    expect(response.status).toBe(200);
    const html = await response.text();
    // The build has its own copy of the app, out of reach of the tests' Shopify fake: its one call
    // (the shop's locations) is refused, and the page is shown without them, as when Shopify is down.
    expect(blockedNetworkCalls.splice(0)).toEqual([
      expect.stringMatching(/^https:\/\/test-shop\.myshopify\.com\/admin\/api\/[^/]+\/graphql\.json$/),
    ]);
    expect(html).toContain("Customer data requests");
    expect(html).toMatch(/<a[^>]*href="\/app\/privacy"[^>]*>(?:(?!<\/a>).)*See customer data requests/s);
  });
});
