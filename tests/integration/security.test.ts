/**
 * Security checks that cut across features: every webhook route refuses forged and unsigned
 * deliveries without storing anything, bodies have a size limit, and no token or personal data
 * reaches the logs at any level (tests log at trace into memory).
 */
import fs from "node:fs";
import prisma from "~/models/db/client.server";
import { getTokenSet } from "~/models/hypersku-connection.server";
import { capturedLogLines } from "../support/logs";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { connectShop, installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { startConnectedSimulator } from "../support/hypersku";
import { buildRestAddress, buildRestOrder } from "../support/order-factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { buildWebhookPayload } from "../support/webhook-payloads";

const webhookRoutes = fs
  .readdirSync("app/routes")
  .filter((file) => file.startsWith("webhooks."))
  .map((file) => ({
    file,
    topic: file
      .replace(/^webhooks\./, "")
      .replace(/\.tsx?$/, "")
      .replace(".", "/"),
  }));

async function countAllRows() {
  const counts = await Promise.all([prisma.webhookDelivery.count(), prisma.order.count(), prisma.job.count(), prisma.orderEvent.count()]);
  return counts.reduce((sum, n) => sum + n, 0);
}

beforeEach(resetDatabase);

describe("every webhook route", () => {
  it("is covered here (one per topic in shopify.app.toml)", () => {
    expect(webhookRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(webhookRoutes)("$file refuses a forged signature and a missing one with 401, storing nothing", async ({ file, topic }) => {
    const { action } = await import(`../../app/routes/${file.replace(/\.tsx?$/, "")}`);
    await installShop();
    const before = await countAllRows();
    const body = buildWebhookPayload(topic);
    const forged = await callRoute(action, createWebhookRequest({ topic, body, secret: "not-the-app-secret" }));
    const unsigned = await callRoute(action, createWebhookRequest({ topic, body, hmac: null }));
    expect([forged.status, unsigned.status]).toEqual([401, 401]);
    expect(await countAllRows()).toBe(before);
  });

  it.each(webhookRoutes)("$file refuses a body over the size limit with 413", async ({ file, topic }) => {
    const { action } = await import(`../../app/routes/${file.replace(/\.tsx?$/, "")}`);
    const huge = { padding: "x".repeat(1_100_000) };
    const response = await callRoute(action, createWebhookRequest({ topic, body: huge }));
    expect(response.status).toBe(413);
  });
});

describe("logs", () => {
  let simulator: HyperskuSimulator;
  beforeAll(async () => {
    simulator = await startConnectedSimulator();
  });
  afterAll(() => simulator.close());

  it("never contain a token or the customer's personal data, at any level", async () => {
    await installShop();
    await connectShop(simulator);
    capturedLogLines.length = 0;
    const personal = {
      first_name: "Zorawarina",
      last_name: "Quellmaschke",
      address1: "17 Rue du Vieux-Marché-aux-Vins",
      phone: "+33 6 55 44 33 22",
      zip: "67000",
    };
    const payload = buildRestOrder({
      overrides: {
        email: "zorawarina.q@example.org",
        contact_email: "zorawarina.q@example.org",
        shipping_address: buildRestAddress(personal),
      },
    });
    const response = await callRoute(
      (await import("~/routes/webhooks.orders.create")).action,
      createWebhookRequest({ topic: "orders/create", body: payload }),
    );
    expect(response.status).toBe(200);
    await drainQueue();
    expect((await prisma.order.findFirstOrThrow()).state).toBe("sent");

    const logs = capturedLogLines.join("\n");
    expect(logs.length).toBeGreaterThan(0); // the flow did log, at trace level
    const { accessToken, refreshToken } = (await getTokenSet(TEST_SHOP))!;
    for (const secret of [accessToken, refreshToken!, process.env.HYPERSKU_CLIENT_SECRET!, process.env.SHOPIFY_API_SECRET!]) {
      expect(logs).not.toContain(secret);
    }
    for (const value of [...Object.values(personal), "zorawarina.q@example.org"]) expect(logs).not.toContain(value);
  });
});
