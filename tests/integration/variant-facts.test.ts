/**
 * withVariantFacts against the Shopify twin and a real database: webhook orders get their lines'
 * images and product handles, a second order of the same variants costs no Admin API call, and
 * only what is missing or stale is read again.
 */
import { withVariantFacts } from "~/domain/orders/variant-facts.server";
import { VARIANT_FACTS_TTL_MS } from "~/domain/orders/variant-facts";
import { setAdminGraphqlFactory } from "~/integrations/shopify/admin-graphql.server";
import prisma from "~/models/db/client.server";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { resetDatabase } from "../support/database";
import { buildRestLineItem, buildRestOrder, type JsonObject, snapshotOfRest } from "../support/order-factories";
import { TEST_SHOP } from "../support/shopify";

const CDN = "https://cdn.shopify.com/s/files/1/0612/3456/7890/files";
const T0 = new Date("2026-11-24T08:00:00.000Z");
let shopify: ShopifyAdminFake;

beforeEach(async () => {
  await resetDatabase();
  shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
});
afterAll(() => setAdminGraphqlFactory(null));

const line = (variantId: number | null, productId: number | null, overrides: JsonObject = {}) =>
  buildRestLineItem({ overrides: { variant_id: variantId, product_id: productId, ...overrides } });

/** An orders/paid webhook of catalogue variants (and a custom line), as the app parses it. */
function webhookOrder(...lines: JsonObject[]) {
  return snapshotOfRest(buildRestOrder({ lineItems: lines }));
}

const MUG_BLUE = 43_200_000_000_011;
const MUG_WHITE = 43_200_000_000_012;
const TOTE = 43_200_000_000_021;
const KEYRING = 43_200_000_000_031;
const variantFactsCalls = () => shopify.calls.filter((call) => call.operation === "VariantFacts");

describe("withVariantFacts", () => {
  it("fills a webhook order's images and product handles from one Admin read, and returns vendor, type and tags", async () => {
    const order = webhookOrder(
      line(MUG_BLUE, 7_200_000_000_001),
      line(MUG_WHITE, 7_200_000_000_001),
      line(KEYRING, 7_200_000_000_003),
      line(null, null, { title: "Gift wrapping", sku: null }),
    );
    expect(order.lineItems.map((l) => l.imageUrl)).toEqual([null, null, null, null]);

    const { snapshot, facts } = await withVariantFacts(TEST_SHOP, order, T0);

    expect(snapshot.lineItems.map((l) => [l.title, l.imageUrl, l.productHandle])).toEqual([
      [order.lineItems[0].title, `${CDN}/ceramic-mug-blue.jpg?v=1720000002`, "ceramic-mug"],
      [order.lineItems[1].title, `${CDN}/ceramic-mug.jpg?v=1720000001`, "ceramic-mug"],
      [order.lineItems[2].title, null, "engraved-keyring"],
      ["Gift wrapping", null, null],
    ]);
    expect([...facts.values()].map((f) => [f.variantId, f.vendor, f.productType, f.tags])).toEqual([
      ["43200000000011", "Ada Ceramics", "Mugs", ["dropship", "kitchen"]],
      ["43200000000012", "Ada Ceramics", "Mugs", ["dropship", "kitchen"]],
      ["43200000000031", "Ada Ceramics", "Accessories", ["personalised"]],
    ]);
    expect(variantFactsCalls()).toEqual([
      {
        shop: TEST_SHOP,
        operation: "VariantFacts",
        variables: { ids: [MUG_BLUE, MUG_WHITE, KEYRING].map((id) => `gid://shopify/ProductVariant/${id}`) },
      },
    ]);
    expect(shopify.requestedCosts).toEqual([{ operation: "VariantFacts", cost: 18 }]);
    expect(await prisma.variantFacts.count({ where: { shop: TEST_SHOP } })).toBe(3);
  });

  it("makes no Shopify call for a second order of the same variants", async () => {
    await withVariantFacts(TEST_SHOP, webhookOrder(line(MUG_BLUE, 7_200_000_000_001), line(TOTE, 7_200_000_000_002)), T0);
    const second = webhookOrder(line(TOTE, 7_200_000_000_002, { quantity: 3 }), line(MUG_BLUE, 7_200_000_000_001));

    const { snapshot, facts } = await withVariantFacts(TEST_SHOP, second, new Date(T0.getTime() + 60_000));

    expect(shopify.calls).toHaveLength(1);
    expect(snapshot.lineItems.map((l) => l.productHandle)).toEqual(["linen-tote-bag", "ceramic-mug"]);
    expect(snapshot.lineItems.map((l) => l.imageUrl)).toEqual([
      `${CDN}/linen-tote-natural.jpg?v=1720000004`,
      `${CDN}/ceramic-mug-blue.jpg?v=1720000002`,
    ]);
    expect(facts.get(String(TOTE))?.tags).toEqual(["dropship", "summer-sale"]);
  });

  it("reads again only the variants new to the cache or cached six hours ago, and sees the merchant's edits", async () => {
    await withVariantFacts(TEST_SHOP, webhookOrder(line(MUG_BLUE, 7_200_000_000_001)), T0);
    await withVariantFacts(TEST_SHOP, webhookOrder(line(TOTE, 7_200_000_000_002)), new Date(T0.getTime() + 60 * 60_000));
    const [mug] = shopify.products(TEST_SHOP);
    shopify.putProduct(TEST_SHOP, { ...mug, handle: "ceramic-mug-2026", tags: ["no-hypersku"] });
    const later = new Date(T0.getTime() + VARIANT_FACTS_TTL_MS);

    const { snapshot, facts } = await withVariantFacts(
      TEST_SHOP,
      webhookOrder(line(MUG_BLUE, 7_200_000_000_001), line(TOTE, 7_200_000_000_002), line(MUG_WHITE, 7_200_000_000_001)),
      later,
    );

    expect(variantFactsCalls().at(-1)?.variables).toEqual({
      ids: [`gid://shopify/ProductVariant/${MUG_BLUE}`, `gid://shopify/ProductVariant/${MUG_WHITE}`],
    });
    expect(snapshot.lineItems.map((l) => l.productHandle)).toEqual(["ceramic-mug-2026", "linen-tote-bag", "ceramic-mug-2026"]);
    expect(facts.get(String(MUG_BLUE))).toMatchObject({ tags: ["no-hypersku"], fetchedAt: later });
    expect(facts.get(String(TOTE))?.fetchedAt).toEqual(new Date(T0.getTime() + 60 * 60_000));
  });

  it("remembers a variant Shopify no longer has, sending the line without an image until the facts go stale", async () => {
    shopify.deleteVariant(TEST_SHOP, TOTE);
    const order = webhookOrder(line(TOTE, 7_200_000_000_002));

    const first = await withVariantFacts(TEST_SHOP, order, T0);
    const second = await withVariantFacts(TEST_SHOP, order, new Date(T0.getTime() + 60_000));

    expect(first.snapshot).toEqual(order);
    expect(second.snapshot).toEqual(order);
    expect(first.facts.get(String(TOTE))).toMatchObject({ productId: null, imageUrl: null, productHandle: null, vendor: null, tags: [] });
    expect(variantFactsCalls()).toHaveLength(1);
  });

  it("caches nothing when Shopify throttles the read, and reads again next time", async () => {
    shopify.throttleNext = 1;
    const order = webhookOrder(line(MUG_BLUE, 7_200_000_000_001));

    await expect(withVariantFacts(TEST_SHOP, order, T0)).rejects.toMatchObject({ name: "ShopifyGraphqlError", throttled: true });
    expect(await prisma.variantFacts.count()).toBe(0);

    const { snapshot } = await withVariantFacts(TEST_SHOP, order, T0);
    expect(snapshot.lineItems[0].productHandle).toBe("ceramic-mug");
    expect(variantFactsCalls()).toHaveLength(2);
  });

  it("asks nothing for an order of custom items only", async () => {
    const order = webhookOrder(line(null, null, { title: "Custom portrait", sku: null }));
    await expect(withVariantFacts(TEST_SHOP, order, T0)).resolves.toEqual({ snapshot: order, facts: new Map() });
    expect(shopify.calls).toEqual([]);
  });

  it("keeps each shop's cache apart", async () => {
    await withVariantFacts(TEST_SHOP, webhookOrder(line(MUG_BLUE, 7_200_000_000_001)), T0);
    await withVariantFacts("other-shop.myshopify.com", webhookOrder(line(MUG_BLUE, 7_200_000_000_001)), T0);
    expect(variantFactsCalls().map((call) => call.shop)).toEqual([TEST_SHOP, "other-shop.myshopify.com"]);
  });
});
