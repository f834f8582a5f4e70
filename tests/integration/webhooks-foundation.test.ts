import prisma from "~/models/db/client.server";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as dataRequest } from "~/routes/webhooks.customers.data_request";
import { action as customersRedact } from "~/routes/webhooks.customers.redact";
import { action as shopRedact } from "~/routes/webhooks.shop.redact";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";

beforeEach(resetDatabase);

type Action = typeof uninstalled;

/** The shop object Shopify sends with app/uninstalled. */
const shopPayload = (shop: string) => ({ id: 548380009, name: "Shop", domain: "shop.example", myshopify_domain: shop });

async function deliver(action: Action, request: Request): Promise<Response> {
  try {
    return (await action({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const complianceRoutes: [string, Action][] = [
  ["customers/data_request", dataRequest],
  ["customers/redact", customersRedact],
  ["shop/redact", shopRedact],
];

describe("compliance webhooks", () => {
  it.each(complianceRoutes)("%s answers 200 to a signed delivery", async (topic, action) => {
    const response = await deliver(action, createWebhookRequest({ topic, body: { shop_domain: TEST_SHOP } }));
    expect(response.status).toBe(200);
  });

  it.each(complianceRoutes)("%s answers 401 to a forged signature", async (topic, action) => {
    const forged = createWebhookRequest({ topic, body: { shop_domain: TEST_SHOP }, secret: "not-the-app-secret" });
    expect((await deliver(action, forged)).status).toBe(401);
  });
});

describe("app/uninstalled", () => {
  it("answers 401 to a forged signature and keeps the sessions", async () => {
    await createSession({ shop: TEST_SHOP });
    const forged = createWebhookRequest({ topic: "app/uninstalled", body: shopPayload(TEST_SHOP), secret: "wrong" });
    expect((await deliver(uninstalled, forged)).status).toBe(401);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);
  });

  it("removes only the uninstalling shop's sessions, and is safe to run twice", async () => {
    await createSession({ shop: TEST_SHOP });
    await createSession({ shop: TEST_SHOP, isOnline: true });
    await createSession({ shop: "other-shop.myshopify.com" });

    const first = await deliver(uninstalled, createWebhookRequest({ topic: "app/uninstalled", body: shopPayload(TEST_SHOP) }));
    const second = await deliver(uninstalled, createWebhookRequest({ topic: "app/uninstalled", body: shopPayload(TEST_SHOP) }));

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.session.count({ where: { shop: "other-shop.myshopify.com" } })).toBe(1);
  });

  it("succeeds for a shop with no session at all", async () => {
    const response = await deliver(
      uninstalled,
      createWebhookRequest({
        topic: "app/uninstalled",
        body: shopPayload("never-installed.myshopify.com"),
        shop: "never-installed.myshopify.com",
      }),
    );
    expect(response.status).toBe(200);
  });
});
