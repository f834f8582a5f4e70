/**
 * The production server answers webhooks before Remix (server.js's lean handler, decision 0025):
 * the raw bytes are what the HMAC covers, an oversized body is refused while it streams, a
 * repeat is acknowledged and stored once, and a new order is recorded with its timeline and job.
 */
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import prisma from "~/models/db/client.server";
import { startAppServer, type RunningApp } from "../support/app-server";
import { loadBuild } from "../support/build";
import { installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { buildRestOrder } from "../support/order-factories";
import { API_SECRET_KEY, TEST_SHOP } from "../support/shopify";

const MB = 1024 * 1024;
let app: RunningApp;

beforeAll(async () => {
  await loadBuild();
  await resetDatabase();
  app = await startAppServer({ DATABASE_URL: process.env.DATABASE_URL!, WORKER_MODE: "off" });
});
afterAll(() => app?.stop());
beforeEach(async () => {
  await resetDatabase();
  await installShop();
  // Connected, so a new order is planned "scheduled" with a forward job (the planning itself is tested elsewhere).
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "connected" } });
});

const sign = (raw: Buffer | string) => createHmac("sha256", API_SECRET_KEY).update(raw).digest("base64");

function headersFor(topic: string, hmac: string, ids = { webhookId: randomUUID(), eventId: randomUUID() }) {
  return {
    "Content-Type": "application/json",
    "X-Shopify-Topic": topic,
    "X-Shopify-Shop-Domain": TEST_SHOP,
    "X-Shopify-API-Version": "2026-07",
    "X-Shopify-Webhook-Id": ids.webhookId,
    "X-Shopify-Event-Id": ids.eventId,
    "X-Shopify-Triggered-At": new Date().toISOString(),
    "X-Shopify-Hmac-Sha256": hmac,
  };
}

async function post(path: string, body: Buffer | string, headers: Record<string, string>) {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  await response.arrayBuffer();
  return response;
}

const ordersOf = (shopifyOrderId: string) => prisma.order.findMany({ where: { shop: TEST_SHOP, shopifyOrderId } });

it("answers a webhook on the lean path (Server-Timing says so) and records the order, its timeline and its job", async () => {
  const order = buildRestOrder();
  const raw = JSON.stringify(order);
  const response = await post("/webhooks/orders/create", raw, headersFor("orders/create", sign(raw)));
  expect(response.status).toBe(200);
  expect(response.headers.get("server-timing")).toMatch(/^intake;dur=\d+(\.\d+)?$/);
  // The server's own headers are still set on what the lean handler answers.
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  const [stored] = await ordersOf(String(order.id));
  expect(stored.state).toBe("scheduled");
  expect(await prisma.orderEvent.count({ where: { orderId: stored.id } })).toBe(2);
  expect(await prisma.job.count({ where: { subjectId: stored.id, type: "forward_order", status: "pending" } })).toBe(1);
});

it("checks the HMAC on the raw bytes: a body whose JSON re-serialises differently passes, its re-serialisation's signature does not", async () => {
  const order = buildRestOrder();
  // Spacing, key order and escapes Shopify may send that JSON.stringify(JSON.parse(raw)) would change.
  const raw = Buffer.from(`{ "id" : ${order.id},\n  "note":"caf\\u00e9 \\/ ok",  ${JSON.stringify(order).slice(1)}`, "utf8");
  const reserialised = JSON.stringify(JSON.parse(raw.toString("utf8")));
  expect(reserialised).not.toBe(raw.toString("utf8"));

  const forged = await post("/webhooks/orders/create", raw, headersFor("orders/create", sign(reserialised)));
  expect(forged.status).toBe(401);
  expect(await ordersOf(String(order.id))).toHaveLength(0);

  const genuine = await post("/webhooks/orders/create", raw, headersFor("orders/create", sign(raw)));
  expect(genuine.status).toBe(200);
  expect(await ordersOf(String(order.id))).toHaveLength(1);
});

it("a repeated delivery (same webhook id, or same event id) is answered 200 and stored once", async () => {
  const order = buildRestOrder();
  const raw = JSON.stringify(order);
  const ids = { webhookId: randomUUID(), eventId: randomUUID() };
  const statuses = await Promise.all(
    [ids, ids, { webhookId: randomUUID(), eventId: ids.eventId }].map(
      async (repeat) => (await post("/webhooks/orders/create", raw, headersFor("orders/create", sign(raw), repeat))).status,
    ),
  );
  expect(statuses).toEqual([200, 200, 200]);
  expect(await prisma.webhookDelivery.count({ where: { shop: TEST_SHOP, topic: "orders/create" } })).toBe(1);
  const stored = await ordersOf(String(order.id));
  expect(stored).toHaveLength(1);
  expect(await prisma.orderEvent.count({ where: { orderId: stored[0].id } })).toBe(2);
  expect(await prisma.job.count({ where: { subjectId: stored[0].id } })).toBe(1);
});

it("refuses a huge body with 413 while it streams: the answer comes before the sender is done, and nothing is stored", async () => {
  const order = buildRestOrder();
  const total = 64 * MB;
  const chunk = Buffer.alloc(64 * 1024, " ");
  const result = await new Promise<{ status: number | null; sent: number }>((resolve) => {
    let sent = 0;
    let status: number | null = null;
    const request = http.request(`${app.url}/webhooks/orders/create`, {
      method: "POST",
      headers: headersFor("orders/create", sign("whatever")),
    });
    const finish = () => resolve({ status, sent });
    request.on("response", (response) => {
      status = response.statusCode ?? null;
      response.resume().on("end", () => {
        request.destroy();
        finish();
      });
    });
    request.on("error", () => setTimeout(finish, 50));
    const pump = () => {
      while (status === null && !request.destroyed && sent < total) {
        sent += chunk.length;
        if (!request.write(sent === chunk.length ? Buffer.from(JSON.stringify(order)) : chunk)) return void request.once("drain", pump);
      }
      if (sent >= total && status === null) request.end();
    };
    pump();
  });
  expect(result.status).toBe(413);
  expect(result.sent).toBeLessThan(total / 2); // refused at the 1 MB limit, long before the sender's end (the rest sat in socket buffers)
  expect(await prisma.webhookDelivery.count()).toBe(0);
});

it("answers every topic the app subscribes to on the lean path: a products/delete marks the catalogue's rows", async () => {
  await prisma.catalogueVariant.create({
    data: {
      shop: TEST_SHOP,
      variantId: "43200000000021",
      productId: "7200000000002",
      productTitle: "Linen Tote Bag",
      variantTitle: "Natural",
      productStatus: "ACTIVE",
      searchText: "linen tote bag",
      shopifySyncedAt: new Date(Date.now() - 60_000),
    },
  });
  const raw = JSON.stringify({ id: 7_200_000_000_002 });
  const response = await post("/webhooks/products/delete", raw, headersFor("products/delete", sign(raw)));
  expect(response.status).toBe(200);
  expect(response.headers.get("server-timing")).toMatch(/^intake;dur=/);
  expect((await prisma.catalogueVariant.findFirstOrThrow({ where: { shop: TEST_SHOP } })).productStatus).toBe("DELETED");
});

it("leaves other methods and paths to Remix", async () => {
  const response = await fetch(`${app.url}/webhooks/orders/create`);
  expect(response.headers.get("server-timing")).toBeNull();
  const unknown = await post("/webhooks/orders/deleted", "{}", headersFor("orders/deleted", sign("{}")));
  expect(unknown.headers.get("server-timing")).toBeNull();
  expect(unknown.status).toBe(404);
});
