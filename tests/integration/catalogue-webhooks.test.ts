/**
 * products/update and products/delete through their routes (signed as Shopify signs them): the
 * catalogue follows the merchant's edit from the body alone, without calling Shopify; a deleted
 * product's rows become DELETED; an older delivery changes nothing; the changed variant ids come back.
 */
import { handleProductUpdate } from "~/domain/catalogue/product-webhooks.server";
import { startCatalogueSync } from "~/domain/catalogue/sync.server";
import { getCatalogueEntries } from "~/models/catalogue.server";
import prisma from "~/models/db/client.server";
import { action as productsDelete } from "~/routes/webhooks.products.delete";
import { action as productsUpdate } from "~/routes/webhooks.products.update";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { productWebhookPayload } from "../../simulators/shopify/catalogue-graphql";
import { DEMO_CATALOGUE, type FakeProduct } from "../../simulators/shopify/product-catalogue";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";

let shopify: ShopifyAdminFake;
withTwins((twins) => ({ shopify } = twins));

const MUG = DEMO_CATALOGUE[0];
const MUG_BLUE = "43200000000011";
const MUG_WHITE = "43200000000012";

async function deliver(topic: "products/update" | "products/delete", body: unknown) {
  const route = topic === "products/update" ? productsUpdate : productsDelete;
  return callRoute(route, createWebhookRequest({ topic, body }));
}

const mugEntries = async () => getCatalogueEntries(TEST_SHOP, [MUG_BLUE, MUG_WHITE, "43200000000013"]);

beforeEach(async () => {
  await startCatalogueSync(TEST_SHOP);
  await drainQueue();
});

describe("products/update", () => {
  it("rewrites the product's rows from the body, keeps HyperSKU's side, and marks a removed variant DELETED", async () => {
    const callsBefore = shopify.calls.length;
    const edited: FakeProduct = {
      ...structuredClone(MUG),
      title: "Stoneware Mug",
      tags: ["dropship", "in-house"],
      variants: [
        { id: 43_200_000_000_011, title: "Navy / Large", imageUrl: null, sku: "MUG-NAVY-L" },
        { id: 43_200_000_000_013, title: "Red / Large", imageUrl: "https://cdn.shopify.com/red.jpg", sku: "MUG-RED-L" },
      ],
    };
    const body = { ...productWebhookPayload(edited), updated_at: new Date().toISOString() };

    const response = await deliver("products/update", body);

    expect(response.status).toBe(200);
    expect(shopify.calls.length).toBe(callsBefore); // from the body alone
    const rows = await mugEntries();
    expect(rows.get(MUG_BLUE)).toMatchObject({
      productTitle: "Stoneware Mug",
      variantTitle: "Navy / Large",
      sku: "MUG-NAVY-L",
      tags: ["dropship", "in-house"],
      imageUrl: MUG.featuredImageUrl,
      sourcing: "sourced", // HyperSKU's side stays until the next sync
      productStatus: "ACTIVE",
    });
    expect(rows.get("43200000000013")).toMatchObject({
      variantTitle: "Red / Large",
      imageUrl: "https://cdn.shopify.com/red.jpg",
      sourcing: "not_linked",
    });
    expect(rows.get(MUG_WHITE)).toMatchObject({ productStatus: "DELETED" });
    const blue = await prisma.catalogueVariant.findUniqueOrThrow({ where: { shop_variantId: { shop: TEST_SHOP, variantId: MUG_BLUE } } });
    expect(blue.searchText).toBe("stoneware mug / navy / large / mug-navy-l");
  });

  it("applies the merchant's product rules to the edited product", async () => {
    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { productRules: JSON.stringify({ include: [], exclude: [{ field: "tag", value: "in-house" }] }) },
    });
    await deliver("products/update", { ...productWebhookPayload({ ...MUG, tags: ["in-house"] }), updated_at: new Date().toISOString() });
    expect([...(await mugEntries()).values()].map((entry) => entry.excluded)).toEqual([true, true]);
  });

  it("returns the changed variant ids, and ignores a delivery older than what the catalogue holds", async () => {
    let sequence = 0;
    const delivery = (body: unknown) => ({
      shop: TEST_SHOP,
      topic: "products/update",
      webhookId: `w-${++sequence}`,
      eventId: null,
      triggeredAt: null,
      apiVersion: null,
      rawBody: JSON.stringify(body),
    });
    const renamed = { ...MUG, title: "Renamed Mug" };
    expect(await handleProductUpdate(delivery({ ...productWebhookPayload(renamed), updated_at: new Date().toISOString() }))).toEqual([
      MUG_BLUE,
      MUG_WHITE,
    ]);
    // The same body again: nothing changed.
    expect(await handleProductUpdate(delivery({ ...productWebhookPayload(renamed), updated_at: new Date().toISOString() }))).toEqual([]);
    // A delivery from before the catalogue's last read is stale.
    const stale = { ...productWebhookPayload({ ...MUG, title: "Old Mug" }), updated_at: "2020-01-01T00:00:00Z" };
    expect(await handleProductUpdate(delivery(stale))).toEqual([]);
    expect((await mugEntries()).get(MUG_BLUE)!.productTitle).toBe("Renamed Mug");
  });

  it("acts once on a redelivery of the same webhook", async () => {
    const body = { ...productWebhookPayload({ ...MUG, title: "Once Mug" }), updated_at: new Date().toISOString() };
    expect((await callRoute(productsUpdate, createWebhookRequest({ topic: "products/update", body, webhookId: "same" }))).status).toBe(200);
    await prisma.catalogueVariant.updateMany({
      where: { shop: TEST_SHOP, productId: String(MUG.id) },
      data: { productTitle: "Edited since" },
    });
    expect((await callRoute(productsUpdate, createWebhookRequest({ topic: "products/update", body, webhookId: "same" }))).status).toBe(200);
    expect((await mugEntries()).get(MUG_BLUE)!.productTitle).toBe("Edited since");
    expect(await prisma.webhookDelivery.count({ where: { topic: "products/update" } })).toBe(1);
  });

  it("answers 401 to a delivery Shopify did not sign, changing nothing", async () => {
    const response = await callRoute(
      productsUpdate,
      createWebhookRequest({ topic: "products/update", body: productWebhookPayload({ ...MUG, title: "Forged" }), hmac: "forged" }),
    );
    expect(response.status).toBe(401);
    expect((await mugEntries()).get(MUG_BLUE)!.productTitle).toBe("Ceramic Mug");
  });
});

describe("products/delete", () => {
  it("marks every row of the product DELETED", async () => {
    const response = await deliver("products/delete", { id: MUG.id });
    expect(response.status).toBe(200);
    const rows = await mugEntries();
    expect([rows.get(MUG_BLUE)!.productStatus, rows.get(MUG_WHITE)!.productStatus]).toEqual(["DELETED", "DELETED"]);
    expect((await getCatalogueEntries(TEST_SHOP, ["43200000000021"])).get("43200000000021")!.productStatus).toBe("ACTIVE");
  });
});
