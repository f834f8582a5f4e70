/**
 * The Products page, its settings and the stock features against both twins and a real database:
 * the loader's tabs, counts, search and keyset paging over a synced catalogue, Sync now, the shipping
 * card, low stock (the threshold setting and lowStockCount), the optional inventory push on and off,
 * and shop/redact removing the catalogue.
 */
import { lowStockCount } from "~/domain/catalogue/products-view.server";
import { getDashboard } from "~/domain/admin/dashboard.server";
import { startCatalogueSync } from "~/domain/catalogue/sync.server";
import { redactShop } from "~/domain/privacy/redact.server";
import { recomputeExcluded } from "~/domain/catalogue/recompute-excluded.server";
import { action as productsDelete } from "~/routes/webhooks.products.delete";
import prisma from "~/models/db/client.server";
import { action as productsAction, loader as productsLoader } from "~/routes/app.products/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { generateCatalogue } from "../../simulators/shopify/catalogue-graphql";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;
withTwins((twins) => ({ simulator, shopify } = twins));

const MUG_BLUE = "43200000000011";
const MUG_WHITE = "43200000000012";
const LOCATION = "gid://shopify/Location/1";

type Page = {
  rows: {
    id: string;
    productTitle: string;
    guidance: { badge: string; url: string | null };
    stock: number | null;
    lowStock: boolean;
    costText: string | null;
  }[];
  counts: Record<string, number>;
  nextHref: string | null;
  sync: { state: string; lastSyncText: string | null; variantsRead: number };
  selected: { row: { id: string }; countries: { code: string }[] | null } | null;
};

async function page(path = "/app/products"): Promise<Page> {
  const response = await callRoute(productsLoader, await createBearerRequest(path));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function post(fn: Parameters<typeof callRoute>[0], path: string, fields: [string, string][]) {
  return callRoute(fn, await createBearerRequest(path, TEST_SHOP, { method: "POST", body: new URLSearchParams(fields) }));
}

async function syncNow() {
  await startCatalogueSync(TEST_SHOP);
  await drainQueue();
}

const skuOf = (variantId: string) =>
  simulator.control
    .catalogue()
    .flatMap((p) => p.skuInfos)
    .find((sku) => sku.storeVariantId === variantId)!;

describe("the Products page", () => {
  it("says the catalogue was never read, and Sync now reads it", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { timezone: "Asia/Tokyo" } });
    expect((await page()).sync).toMatchObject({ state: "never", lastSyncText: null });
    expect((await page()).rows).toEqual([]);

    const response = await post(productsAction, "/app/products", [["intent", "sync"]]);
    expect(await response.json()).toMatchObject({ intent: "sync", ok: true });
    await drainQueue();

    const synced = await page();
    expect(synced.sync.state).toBe("idle");
    // In the shop's time zone, named.
    expect(synced.sync.lastSyncText).toMatch(/GMT\+9$/);
    expect(synced.rows.map((row) => row.productTitle)).toEqual(["Ceramic Mug", "Ceramic Mug", "Engraved Keyring", "Linen Tote Bag"]);
    expect(synced.counts).toMatchObject({ all: 4, sourced: 3, not_sourced: 1, excluded: 0, gone: 0, low_stock: 0 });
    const tote = synced.rows.find((row) => row.productTitle === "Linen Tote Bag")!;
    expect(tote.guidance).toMatchObject({
      badge: "Not sourced yet",
      url: expect.stringContaining("https://app.hypersku.com/product/detail/"),
    });
  });

  it("counts again after a change made between syncs (a products webhook, new rules)", async () => {
    await syncNow();
    expect((await page()).counts).toMatchObject({ sourced: 3, gone: 0, excluded: 0 });
    expect((await page()).counts).toMatchObject({ sourced: 3, gone: 0 }); // read from the kept counts

    const deleted = await callRoute(productsDelete, createWebhookRequest({ topic: "products/delete", body: { id: 7_200_000_000_001 } }));
    expect(deleted.status).toBe(200);
    expect((await page()).counts).toMatchObject({ sourced: 1, gone: 2 });

    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { productRules: JSON.stringify({ include: [], exclude: [{ field: "vendor", value: "Loom & Co" }] }) },
    });
    await recomputeExcluded(TEST_SHOP);
    expect((await page()).counts).toMatchObject({ excluded: 1, not_sourced: 0 });
  });

  it("filters by tab, searches, and pages by cursor through a large catalogue without repeating or skipping a row", async () => {
    shopify.setProducts(TEST_SHOP, generateCatalogue(180));
    await syncNow();

    const seen: string[] = [];
    let path: string | null = "/app/products";
    while (path) {
      const current: Page = await page(path);
      seen.push(...current.rows.map((row) => row.id));
      path = current.nextHref;
    }
    expect(seen).toHaveLength(180);
    expect(new Set(seen).size).toBe(180);

    const search = await page("/app/products?q=product%20000012");
    expect(search.rows.map((row) => row.productTitle)).toEqual(Array(3).fill("Product 000012"));
    const bySku = await page("/app/products?q=sku-7-1");
    expect(bySku.rows).toHaveLength(1);
    const notSourced = await page("/app/products?tab=not_sourced");
    expect(notSourced.counts).toMatchObject({ all: 180, not_sourced: 180, sourced: 0 });
    expect((await page("/app/products?tab=sourced")).rows).toEqual([]);
  });

  it("shows a variant's shipping methods to a chosen country with cost and delivery time", async () => {
    await syncNow();
    const detail = await page(`/app/products?variant=${MUG_BLUE}`);
    expect(detail.selected?.row.id).toBe(MUG_BLUE);
    expect(detail.selected?.countries?.map((c) => c.code)).toContain("US");

    const response = await post(productsAction, "/app/products", [
      ["intent", "shipping"],
      ["variantId", MUG_BLUE],
      ["countryCode", "US"],
    ]);
    const quote = (await response.json()) as {
      answer: { ok: boolean; methods: { name: string; cost: number; deliveryTime: string | null }[] };
    };
    expect(quote.answer.ok).toBe(true);
    expect(quote.answer.methods.length).toBeGreaterThan(0);
    for (const method of quote.answer.methods) {
      expect(method.cost).toBeGreaterThan(0);
      expect(method.deliveryTime).toMatch(/days/);
    }

    const notSourced = await post(productsAction, "/app/products", [
      ["intent", "shipping"],
      ["variantId", "43200000000021"],
      ["countryCode", "US"],
    ]);
    expect(await notSourced.json()).toMatchObject({ answer: { ok: false } });
  });
});

describe("stock", () => {
  it("warns of low stock at the shop's threshold, on the page and in lowStockCount", async () => {
    simulator.control.setStock(skuOf(MUG_BLUE).skuId as number, 4);
    simulator.control.setStock(skuOf(MUG_WHITE).skuId as number, 25);
    await syncNow();

    expect(await lowStockCount(TEST_SHOP)).toBe(1);
    // The dashboard warns before it runs out, and links to the variants concerned.
    expect((await getDashboard(TEST_SHOP)).problems).toContainEqual(
      expect.objectContaining({
        id: "low_stock",
        title: "1 product variant is running low at HyperSKU",
        action: { kind: "link", label: "See low stock", url: "/app/products?tab=low_stock" },
      }),
    );
    const low = await page("/app/products?tab=low_stock");
    expect(low.rows.map((row) => [row.id, row.stock, row.lowStock])).toEqual([[MUG_BLUE, 4, true]]);

    const saved = await post(settingsAction, "/app/settings", [
      ["intent", "catalogue"],
      ["lowStockThreshold", "30"],
      ["syncInventory", "false"],
    ]);
    expect(await saved.json()).toEqual({ ok: true });
    expect(await lowStockCount(TEST_SHOP)).toBe(2);
    expect((await getDashboard(TEST_SHOP)).problems.find((problem) => problem.id === "low_stock")?.title).toBe(
      "2 product variants are running low at HyperSKU",
    );
    expect((await page()).counts.low_stock).toBe(2);

    const refused = await post(settingsAction, "/app/settings", [
      ["intent", "catalogue"],
      ["lowStockThreshold", "-3"],
      ["syncInventory", "false"],
    ]);
    expect(await refused.json()).toMatchObject({ ok: false, errors: { lowStockThreshold: expect.any(String) } });
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).lowStockThreshold).toBe(30);
  });

  it("leaves Shopify's inventory alone by default", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuLocationIds: JSON.stringify([LOCATION]) } });
    await syncNow();
    expect(shopify.inventory.available(Number(MUG_BLUE), LOCATION)).toBeNull();
    expect(shopify.calls.filter((call) => call.operation === "InventorySetQuantities")).toEqual([]);
  });

  it("sets Shopify's available quantity at the HyperSKU location to HyperSKU's stock when the setting is on", async () => {
    const response = await post(settingsAction, "/app/settings", [
      ["intent", "catalogue"],
      ["lowStockThreshold", "10"],
      ["syncInventory", "true"],
    ]);
    expect(await response.json()).toEqual({ ok: true });
    const settings = (await (await callRoute(settingsLoader, await createBearerRequest("/app/settings"))).json()) as {
      catalogue: { syncInventory: boolean; inventoryLocationId: string | null };
    };
    expect(settings.catalogue).toMatchObject({ syncInventory: true, inventoryLocationId: null });

    await syncNow(); // no location chosen: nothing written
    expect(shopify.calls.filter((call) => call.operation === "InventorySetQuantities")).toEqual([]);

    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuLocationIds: JSON.stringify([LOCATION]) } });
    shopify.inventory.setAvailable(Number(MUG_BLUE), LOCATION, 7);
    await syncNow();

    // The mug's Blue is the only variant HyperSKU holds stock for (120 units in the twin's seed).
    expect(shopify.inventory.available(Number(MUG_BLUE), LOCATION)).toBe(120);
    expect(shopify.inventory.available(Number(MUG_WHITE), LOCATION)).toBeNull();
    const sets = shopify.calls.filter((call) => call.operation === "InventorySetQuantities");
    expect(sets).toHaveLength(1);
    expect(sets[0].variables).toMatchObject({
      input: {
        name: "available",
        quantities: [
          { inventoryItemId: `gid://shopify/InventoryItem/${MUG_BLUE}`, quantity: 120, changeFromQuantity: 7, locationId: LOCATION },
        ],
      },
    });

    await syncNow(); // already in step: nothing to write
    expect(shopify.calls.filter((call) => call.operation === "InventorySetQuantities")).toHaveLength(1);
  });
});

describe("shop/redact", () => {
  it("deletes the shop's catalogue and its sync", async () => {
    await syncNow();
    expect(await prisma.catalogueVariant.count({ where: { shop: TEST_SHOP } })).toBe(4);
    await redactShop(TEST_SHOP);
    expect(await prisma.catalogueVariant.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect(await prisma.catalogueSync.count({ where: { shop: TEST_SHOP } })).toBe(0);
  });
});
