/**
 * Hostile webhook bodies (fast-check), correctly signed: random JSON, real orders with wrong-typed
 * or missing fields, and truncated text. Every delivery must be answered 200 (never a crash that
 * Shopify would retry eight times), leave exactly one delivery record with a clear outcome, and
 * create an order only when the payload was usable.
 */
import fc from "fast-check";
import prisma from "~/models/db/client.server";
import { action as ordersCreate } from "~/routes/webhooks.orders.create";
import { installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { buildRestOrder } from "../support/order-factories";
import { callRoute } from "../support/routes";
import { createWebhookRequest } from "../support/shopify";

beforeAll(async () => {
  await resetDatabase();
  await installShop();
});

const valid = JSON.stringify(buildRestOrder());

const hostileBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.integer({ min: 0, max: valid.length - 1 }).map((cut) => valid.slice(0, cut)),
  fc
    .tuple(
      fc.constantFrom("id", "line_items", "shipping_address", "total_price_set", "financial_status", "created_at", "currency"),
      fc.jsonValue(),
    )
    .map(([field, value]) => JSON.stringify({ ...JSON.parse(valid), id: Math.floor(Math.random() * 1e12), [field]: value })),
  fc.string({ maxLength: 200 }),
);

describe("webhook intake under hostile bodies", () => {
  it("always answers 200 and keeps one clear record per delivery", async () => {
    let deliveries = 0;
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        deliveries += 1;
        const response = await callRoute(
          ordersCreate,
          createWebhookRequest({ topic: "orders/create", body, webhookId: `fuzz-${deliveries}` }),
        );
        expect(response.status).toBe(200);
        const record = await prisma.webhookDelivery.findUniqueOrThrow({ where: { webhookId: `fuzz-${deliveries}` } });
        expect(["processed", "invalid"]).toContain(record.outcome);
        if (record.outcome === "invalid") expect(record.problem?.length).toBeGreaterThan(0);
        else expect(await prisma.order.count({ where: { shopifyOrderId: record.shopifyOrderId! } })).toBe(1);
      }),
      { numRuns: 120 },
    );
    expect(await prisma.webhookDelivery.count()).toBe(deliveries);
  });
});
