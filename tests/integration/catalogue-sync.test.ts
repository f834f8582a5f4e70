/**
 * The catalogue sync against both twins and a real database: every state a variant can be in (sourced,
 * not sourced yet, not linked, unavailable, not offered, excluded by the merchant's rules, deleted in
 * Shopify), a run resumed after a failure mid-way, Shopify's throttling, the rules recomputed when
 * the merchant saves them, and numbers HyperSKU should never send (one bad product is skipped and
 * reported; the run finishes and nothing out of range reaches Shopify).
 */
import { startCatalogueSync, runCatalogueSyncStep, queueDueCatalogueSyncs, CATALOGUE_SYNC_EVERY_MS } from "~/domain/catalogue/sync.server";
import { recomputeExcluded } from "~/domain/catalogue/recompute-excluded.server";
import { refreshHyperskuSide } from "~/domain/orders/refresh-hypersku-side.server";
import { JOB_TYPES } from "~/domain/enqueue.server";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import { getCatalogueEntries } from "~/models/catalogue.server";
import prisma from "~/models/db/client.server";
import type { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { generateCatalogue } from "../../simulators/shopify/catalogue-graphql";
import { DEMO_CATALOGUE, type FakeProduct } from "../../simulators/shopify/product-catalogue";
import type { HyperskuSimulator } from "../../simulators/hypersku/server";
import { connectShop } from "../support/connected-shop";
import { drainQueue } from "../support/queue";
import { TEST_SHOP } from "../support/shopify";
import { withTwins } from "../support/twins";

let simulator: HyperskuSimulator;
let shopify: ShopifyAdminFake;
withTwins((twins) => ({ simulator, shopify } = twins));

const MUG_BLUE = "43200000000011";
const MUG_WHITE = "43200000000012";
const TOTE = "43200000000021";
const KEYRING = "43200000000031";
const POSTER: FakeProduct = {
  id: 7_200_000_000_004,
  handle: "art-poster",
  title: "Art Poster",
  vendor: "Print House",
  productType: "Posters",
  tags: ["dropship"],
  featuredImageUrl: null,
  variants: [{ id: 43_200_000_000_041, title: "A2", imageUrl: null, sku: "POSTER-A2" }],
};
const STICKER: FakeProduct = {
  id: 7_200_000_000_005,
  handle: "sticker",
  title: "Sticker",
  vendor: "Print House",
  productType: "Stickers",
  tags: [],
  featuredImageUrl: null,
  status: "DRAFT",
  variants: [{ id: 43_200_000_000_051, title: "Default Title", imageUrl: null }],
};
const attempt = { attempt: 1, maxAttempts: 12 };
const skuOf = (variantId: string) =>
  simulator.control
    .catalogue()
    .flatMap((p) => p.skuInfos)
    .find((sku) => sku.storeVariantId === variantId)!;

async function syncNow() {
  const started = await startCatalogueSync(TEST_SHOP);
  expect(started.started).toBe(true);
  await drainQueue();
  return prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
}

async function entries() {
  const rows = await prisma.catalogueVariant.findMany({ where: { shop: TEST_SHOP }, select: { variantId: true } });
  return getCatalogueEntries(
    TEST_SHOP,
    rows.map((row) => row.variantId),
  );
}

describe("the catalogue sync", () => {
  it("stores every variant of the store with HyperSKU's side of it, in each state HyperSKU can be in", async () => {
    shopify.putProduct(TEST_SHOP, POSTER);
    shopify.putProduct(TEST_SHOP, STICKER);
    const poster = simulator.control.linkProduct({
      storeProductId: String(POSTER.id),
      title: POSTER.title,
      variants: [{ storeVariantId: "43200000000041", title: "A2" }],
    });
    simulator.control.advanceSourcing(poster.productId, { to: "unavailable" });
    simulator.control.stopOfferingSku(skuOf(KEYRING).skuId as number);
    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { productRules: JSON.stringify({ include: [], exclude: [{ field: "vendor", value: "loom & co" }] }) },
    });

    const sync = await syncNow();

    expect(sync).toMatchObject({ state: "idle", phase: null, cursor: null, variantsRead: 6, variantsTotal: 6, lastError: null });
    expect(sync.lastSucceededAt).not.toBeNull();
    const byId = await entries();
    const summary = [...byId.values()]
      .sort((a, b) => a.variantId.localeCompare(b.variantId))
      .map((e) => [e.variantId, e.sourcing, e.excluded, e.productStatus, e.hyperskuSkuId !== null, e.unitCost, e.stock]);
    expect(summary).toEqual([
      [MUG_BLUE, "sourced", false, "ACTIVE", true, "3.2", 120],
      [MUG_WHITE, "sourced", false, "ACTIVE", true, "2.95", null],
      [TOTE, "not_sourced", true, "ACTIVE", false, null, null],
      [KEYRING, "not_offered", false, "ACTIVE", true, "1.1", null],
      ["43200000000041", "unavailable", false, "ACTIVE", false, null, null],
      ["43200000000051", "not_linked", false, "DRAFT", false, null, null],
    ]);
    const blue = byId.get(MUG_BLUE)!;
    expect(blue).toMatchObject({
      productTitle: "Ceramic Mug",
      variantTitle: "Blue / Large",
      vendor: "Ada Ceramics",
      tags: ["dropship", "kitchen"],
      costCurrency: "USD",
      hyperskuSkuId: String(skuOf(MUG_BLUE).skuId),
      hyperskuProductUrl: expect.stringMatching(/^https:\/\/app\.hypersku\.com\/product\/detail\/\d+$/),
    });
    expect(blue.shipsTo).toContainEqual({ countryCode: "US", regionCodes: null });
    expect(byId.get(KEYRING)!.shipsTo).toContainEqual({ countryCode: "CA", regionCodes: ["ON", "QC", "BC"] });
    // A variant without its own image shows the product's.
    expect(byId.get(MUG_WHITE)!.imageUrl).toBe(DEMO_CATALOGUE[0].featuredImageUrl);
    expect(byId.get(MUG_WHITE)!.hyperskuImageUrl).toMatch(/^https:\/\/img\.hypersku\.test\/sku\//);
  });

  it("marks the rows of a product deleted in Shopify DELETED, and unlinks what HyperSKU no longer holds", async () => {
    shopify.putProduct(TEST_SHOP, STICKER);
    simulator.control.sourceProduct(String(STICKER.id), {
      title: STICKER.title,
      variants: [{ storeVariantId: "43200000000051", title: "Default Title" }],
    });
    await syncNow();
    expect((await entries()).get("43200000000051")).toMatchObject({ sourcing: "sourced", productStatus: "DRAFT" });

    shopify.deleteProduct(TEST_SHOP, STICKER.id);
    // HyperSKU's catalogue back to the demo's (the sticker's private product is gone); reset forgets tokens too.
    simulator.control.reset();
    await connectShop(simulator);
    const sync = await syncNow();

    expect(sync.state).toBe("idle");
    expect((await entries()).get("43200000000051")).toMatchObject({
      productStatus: "DELETED",
      sourcing: "not_linked",
      hyperskuSkuId: null,
    });
    expect((await entries()).get(MUG_BLUE)).toMatchObject({ productStatus: "ACTIVE", sourcing: "sourced" });
  });

  it("resumes after a failure mid-way from the page it had saved, without reading the store again from the start", async () => {
    shopify.setProducts(TEST_SHOP, generateCatalogue(500));
    const realClient = shopify.clientFor.bind(shopify);
    let pages = 0;
    setAdminGraphqlFactory(async (shop) => {
      const client = realClient(shop);
      return async (query, variables) => {
        if (query.includes("query CatalogueVariants(") && ++pages === 3) return { errors: [{ message: "Internal error" }] };
        return client(query, variables);
      };
    });
    await startCatalogueSync(TEST_SHOP);

    const first = await runCatalogueSyncStep(TEST_SHOP, attempt);

    expect(first).toMatchObject({ kind: "retry", error: "Internal error" });
    const saved = await prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(saved).toMatchObject({ state: "running", phase: "shopify", variantsRead: 332, variantsTotal: 500 });
    expect(saved.cursor).not.toBeNull();
    expect(await prisma.catalogueVariant.count({ where: { shop: TEST_SHOP } })).toBe(332);

    const callsBefore = shopify.calls.length;
    expect(await runCatalogueSyncStep(TEST_SHOP, { attempt: 2, maxAttempts: 12 })).toEqual({ kind: "done" });

    const resumed = shopify.calls.slice(callsBefore).filter((call) => call.operation === "CatalogueVariants");
    expect(resumed[0].variables).toEqual({ after: saved.cursor });
    expect(resumed).toHaveLength(2);
    expect(await prisma.catalogueVariant.count({ where: { shop: TEST_SHOP } })).toBe(500);
    expect(await prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).toMatchObject({
      state: "idle",
      variantsRead: 500,
    });
  });

  it("waits when Shopify throttles, without using up an attempt, and then goes on", async () => {
    await startCatalogueSync(TEST_SHOP);
    shopify.throttleNext = 1;
    const before = Date.now();

    const throttled = await runCatalogueSyncStep(TEST_SHOP, attempt);

    expect(throttled.kind).toBe("reschedule");
    expect(throttled.kind === "reschedule" && throttled.runAt.getTime()).toBeGreaterThan(before);
    expect((await prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).state).toBe("running");
    expect(await runCatalogueSyncStep(TEST_SHOP, attempt)).toEqual({ kind: "done" });
    expect(await prisma.catalogueVariant.count({ where: { shop: TEST_SHOP } })).toBe(4);
  });

  it("stops the run with HyperSKU's words when HyperSKU refuses, keeping Shopify's side", async () => {
    simulator.control.setFault("getPrivateProduct", { reject: { status: 500, message: "catalogue service down" } });

    const sync = await syncNow();

    expect(sync.state).toBe("failed");
    expect(sync.lastError).toContain("catalogue service down");
    expect(await prisma.catalogueVariant.count({ where: { shop: TEST_SHOP } })).toBe(4);
  });

  it("stops the run at once when something fails that neither Shopify nor HyperSKU explains, so Sync now works again", async () => {
    setAdminGraphqlFactory(async () => async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'nodes')");
    });
    await startCatalogueSync(TEST_SHOP);

    expect(await runCatalogueSyncStep(TEST_SHOP, attempt)).toMatchObject({ kind: "fail" });

    const sync = await prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } });
    expect(sync).toMatchObject({ state: "failed", lastError: "The sync stopped on an error in the app, not at Shopify or HyperSKU." });
    expect(await startCatalogueSync(TEST_SHOP)).toMatchObject({ started: true });
  });

  it("runs one sync per shop at a time, and the scheduler starts one for a shop never synced and again after 6 hours", async () => {
    expect(await startCatalogueSync(TEST_SHOP)).toMatchObject({ started: true });
    expect(await startCatalogueSync(TEST_SHOP)).toMatchObject({ started: false });
    expect(await prisma.job.count({ where: { type: JOB_TYPES.catalogueSync } })).toBe(1);
    await drainQueue();

    const finishedAt = (await prisma.catalogueSync.findUniqueOrThrow({ where: { shop: TEST_SHOP } })).finishedAt!;
    await queueDueCatalogueSyncs([TEST_SHOP], new Date(finishedAt.getTime() + CATALOGUE_SYNC_EVERY_MS - 60_000));
    expect(await prisma.job.count({ where: { type: JOB_TYPES.catalogueSync, status: "pending" } })).toBe(0);
    await queueDueCatalogueSyncs([TEST_SHOP], new Date(finishedAt.getTime() + CATALOGUE_SYNC_EVERY_MS + 60_000));
    expect(await prisma.job.count({ where: { type: JOB_TYPES.catalogueSync, status: "pending" } })).toBe(1);
  });

  it("recomputes `excluded` when the merchant saves new product rules", async () => {
    await syncNow();
    expect([...(await entries()).values()].filter((e) => e.excluded)).toEqual([]);

    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { productRules: JSON.stringify({ include: [], exclude: [{ field: "tag", value: "Personalised" }] }) },
    });
    expect(await recomputeExcluded(TEST_SHOP)).toEqual([KEYRING]);
    expect((await entries()).get(KEYRING)!.excluded).toBe(true);

    await prisma.shop.update({
      where: { domain: TEST_SHOP },
      data: { productRules: JSON.stringify({ include: [{ field: "product", value: String(DEMO_CATALOGUE[1].id) }], exclude: [] }) },
    });
    expect((await recomputeExcluded(TEST_SHOP)).sort()).toEqual([MUG_BLUE, MUG_WHITE]);
    const excluded = [...(await entries()).values()].filter((e) => e.excluded).map((e) => e.variantId);
    expect(excluded.sort()).toEqual([MUG_BLUE, MUG_WHITE, KEYRING]);
  });
});

describe("numbers HyperSKU should never send", () => {
  const POSTER_A2 = "43200000000041";
  const LOCATION = "gid://shopify/Location/1";
  /** Shopify's GraphQL Int is 32-bit signed (https://shopify.dev/docs/api/admin-graphql/latest/scalars/Int). */
  const SHOPIFY_INT_MAX = 2 ** 31 - 1;
  const sourcePoster = (sku: Record<string, unknown>) =>
    simulator.control.sourceProduct(String(POSTER.id), {
      title: POSTER.title,
      variants: [{ storeVariantId: POSTER_A2, title: "A2" }],
      // The twin's control takes numbers; what HyperSKU might send instead is put in as it would come.
      skus: [{ storeVariantId: POSTER_A2, unitPrice: 2.5, stock: 5, ...sku } as never],
    });

  it("the pre-send check's own look at HyperSKU pages past a skipped product and leaves it as the catalogue had it", async () => {
    // More private products than one of its pages (100) holds: the one asked about lands on the second.
    const filler = (i: number) => ({ storeProductId: String(9_000_000 + i), storeVariantId: String(9_100_000 + i) });
    for (let i = 0; i < 120; i++) {
      const { storeProductId, storeVariantId } = filler(i);
      simulator.control.linkProduct({ storeProductId, title: `Filler ${i}`, variants: [{ storeVariantId, title: "Default Title" }] });
    }
    const byHyperskuId = simulator.control.catalogue().sort((a, b) => Number(a.productId) - Number(b.productId));
    const indexOf = (storeProductId: string) => byHyperskuId.findIndex((product) => product.storeProductId === storeProductId);
    const onFirstPage = filler([...Array(120).keys()].find((i) => indexOf(filler(i).storeProductId) < 50)!);
    const onSecondPage = filler([...Array(120).keys()].find((i) => indexOf(filler(i).storeProductId) >= 100)!);
    simulator.control.sourceProduct(onFirstPage.storeProductId, {
      skus: [{ storeVariantId: onFirstPage.storeVariantId, stock: "NaN" as never }],
    });
    simulator.control.sourceProduct(onSecondPage.storeProductId, { skus: [{ storeVariantId: onSecondPage.storeVariantId, stock: 3 }] });
    const asked = ({ storeProductId, storeVariantId }: ReturnType<typeof filler>) => ({
      variantId: storeVariantId,
      productId: storeProductId,
      productTitle: "Filler",
      variantTitle: "Default Title",
      sku: null,
    });

    await refreshHyperskuSide(TEST_SHOP, [asked(onFirstPage), asked(onSecondPage)]);

    const found = await getCatalogueEntries(TEST_SHOP, [onFirstPage.storeVariantId, onSecondPage.storeVariantId]);
    expect(found.get(onSecondPage.storeVariantId)).toMatchObject({ sourcing: "sourced", stock: 3 });
    // Unknown, as when HyperSKU cannot be asked: never "not linked" (which would hold its orders).
    expect(found.has(onFirstPage.storeVariantId)).toBe(false);
  });

  it.each([
    ["a stock of 1e308", { stock: 1e308 }, /stock/],
    ['a stock of "NaN"', { stock: "NaN" }, /stock/],
    ["a stock of 2^31 (past Shopify's 32-bit Int)", { stock: 2_147_483_648 }, /stock/],
    ["a negative unit cost", { unitPrice: -1 }, /cost/],
    ['a unit cost of "NaN"', { unitPrice: "NaN" }, /cost/],
  ])(
    "%s in one product of a page: the run finishes, the others are stored, that one is reported and left as it was",
    async (_name, bad, field) => {
      shopify.putProduct(TEST_SHOP, POSTER);
      sourcePoster({});
      await prisma.shop.update({
        where: { domain: TEST_SHOP },
        data: { syncInventory: true, hyperskuLocationIds: JSON.stringify([LOCATION]) },
      });
      await syncNow();
      expect((await entries()).get(POSTER_A2)).toMatchObject({ sourcing: "sourced", stock: 5, unitCost: "2.5" });

      // HyperSKU's catalogue again, now with the bad number in the poster's SKU (reset forgets tokens too).
      simulator.control.reset();
      await connectShop(simulator);
      sourcePoster(bad);
      simulator.control.setStock(skuOf(MUG_BLUE).skuId as number, 80);

      const sync = await syncNow();

      expect(sync).toMatchObject({ state: "idle", phase: null });
      expect(sync.lastSucceededAt!.getTime()).toBe(sync.finishedAt!.getTime());
      expect(sync.lastError).toContain("Art Poster");
      expect(sync.lastError).toMatch(field);
      expect(await prisma.job.count({ where: { type: JOB_TYPES.catalogueSync, status: { not: "succeeded" } } })).toBe(0);
      const byId = await entries();
      // The rest of the page is stored; the poster keeps what the last good read said (not unlinked).
      expect(byId.get(MUG_BLUE)).toMatchObject({ sourcing: "sourced", stock: 80 });
      expect(byId.get(KEYRING)).toMatchObject({ sourcing: "sourced", unitCost: "1.1" });
      expect(byId.get(POSTER_A2)).toMatchObject({ sourcing: "sourced", stock: 5, unitCost: "2.5" });
      // Shopify's inventory got the good numbers, and nothing past its 32-bit Int.
      expect(shopify.inventory.available(Number(MUG_BLUE), LOCATION)).toBe(80);
      const pushed = shopify.calls
        .filter((call) => call.operation === "InventorySetQuantities")
        .flatMap((call) => (call.variables as { input: { quantities: { quantity: number }[] } }).input.quantities.map((q) => q.quantity));
      expect(pushed.length).toBeGreaterThan(0);
      expect(pushed.every((quantity) => Number.isInteger(quantity) && quantity >= 0 && quantity <= SHOPIFY_INT_MAX)).toBe(true);

      // The next clean run clears the report.
      simulator.control.reset();
      await connectShop(simulator);
      sourcePoster({ stock: 6 });
      expect(await syncNow()).toMatchObject({ state: "idle", lastError: null });
      expect((await entries()).get(POSTER_A2)).toMatchObject({ stock: 6 });
    },
  );
});
