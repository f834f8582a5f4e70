import { ShopifyAdminFake } from "../../../simulators/shopify/admin-graphql-fake";
import { setAdminGraphqlFactory, type AdminGraphql } from "./admin-graphql.server";
import { fetchVariantFacts, VARIANT_FACTS_CHUNK_SIZE } from "./variant-facts.server";

const SHOP = "ada-mugs.myshopify.com";
const CDN = "https://cdn.shopify.com/s/files/1/0612/3456/7890/files";
let shopify: ShopifyAdminFake;

beforeEach(() => {
  shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
});
afterAll(() => setAdminGraphqlFactory(null));

/** A product of `count` variants, ids from 44_000_000_000_001, each with its own image. */
function bigProduct(count: number) {
  return {
    id: 7_300_000_000_001,
    handle: "poster",
    title: "Poster",
    vendor: "Print Shop",
    productType: "Posters",
    tags: [],
    featuredImageUrl: null,
    variants: Array.from({ length: count }, (_, i) => ({ id: 44_000_000_000_001 + i, title: `Size ${i}`, imageUrl: `${CDN}/p${i}.jpg` })),
  };
}

describe("fetchVariantFacts", () => {
  it("reads image, handle, vendor, type and tags of each variant in one query", async () => {
    const facts = await fetchVariantFacts(SHOP, ["43200000000011", "43200000000012", "43200000000031"]);
    expect(Object.fromEntries(facts)).toEqual({
      "43200000000011": {
        variantId: "43200000000011",
        productId: "7200000000001",
        imageUrl: `${CDN}/ceramic-mug-blue.jpg?v=1720000002`,
        productHandle: "ceramic-mug",
        productTitle: "Ceramic Mug",
        vendor: "Ada Ceramics",
        productType: "Mugs",
        tags: ["dropship", "kitchen"],
      },
      // No image of its own: the product's featured image.
      "43200000000012": expect.objectContaining({ imageUrl: `${CDN}/ceramic-mug.jpg?v=1720000001`, productHandle: "ceramic-mug" }),
      // A product without media: no image at all.
      "43200000000031": expect.objectContaining({ imageUrl: null, productHandle: "engraved-keyring", tags: ["personalised"] }),
    });
    expect(shopify.calls).toEqual([
      {
        shop: SHOP,
        operation: "VariantFacts",
        variables: {
          ids: [
            "gid://shopify/ProductVariant/43200000000011",
            "gid://shopify/ProductVariant/43200000000012",
            "gid://shopify/ProductVariant/43200000000031",
          ],
        },
      },
    ]);
    expect(shopify.requestedCosts).toEqual([{ operation: "VariantFacts", cost: 18 }]);
  });

  it("answers null for a variant Shopify no longer has", async () => {
    shopify.deleteVariant(SHOP, 43_200_000_000_021);
    const facts = await fetchVariantFacts(SHOP, ["43200000000021", "43200000000011", "43200000000021"]);
    expect(facts.get("43200000000021")).toBeNull();
    expect(facts.get("43200000000011")?.productHandle).toBe("ceramic-mug");
    expect(shopify.calls[0].variables).toEqual({
      ids: ["gid://shopify/ProductVariant/43200000000021", "gid://shopify/ProductVariant/43200000000011"],
    });
  });

  it("splits many variants into queries each within Shopify's cost limit", async () => {
    shopify.putProduct(SHOP, bigProduct(400));
    const ids = Array.from({ length: 400 }, (_, i) => String(44_000_000_000_001 + i));
    const facts = await fetchVariantFacts(SHOP, ids);
    expect(facts.size).toBe(400);
    expect([...facts.values()].every((fact) => fact?.productHandle === "poster")).toBe(true);
    expect(VARIANT_FACTS_CHUNK_SIZE).toBe(166);
    expect(shopify.requestedCosts).toEqual([
      { operation: "VariantFacts", cost: 996 },
      { operation: "VariantFacts", cost: 996 },
      { operation: "VariantFacts", cost: 408 },
    ]);
  });

  it("throws Shopify's throttling for the caller's job to retry", async () => {
    shopify.throttleNext = 1;
    await expect(fetchVariantFacts(SHOP, ["43200000000011"])).rejects.toMatchObject({ name: "ShopifyGraphqlError", throttled: true });
  });

  it("refuses an answer of another shape", async () => {
    setAdminGraphqlFactory(async () => (async () => ({ data: { nodes: [] } })) as AdminGraphql);
    await expect(fetchVariantFacts(SHOP, ["43200000000011"])).rejects.toThrow("Shopify's answer to VariantFacts had an unexpected shape");
  });
});

describe("the Shopify twin's nodes(ids:)", () => {
  it("refuses a query above Shopify's cost limit, as Shopify does", async () => {
    shopify.putProduct(SHOP, bigProduct(200));
    const graphql = shopify.clientFor(SHOP);
    const ids = Array.from({ length: 167 }, (_, i) => `gid://shopify/ProductVariant/${44_000_000_000_001 + i}`);
    const answer = await graphql("query VariantFacts($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { id } } }", { ids });
    expect(answer.errors).toEqual([
      {
        message: "Query cost is 1002, which exceeds the single query max cost limit (1000).",
        extensions: { code: "MAX_COST_EXCEEDED" },
      },
    ]);
  });

  it("answers an id of another type with an empty object", async () => {
    const graphql = shopify.clientFor(SHOP);
    const answer = await graphql("query VariantFacts($ids: [ID!]!) { nodes(ids: $ids) { ... on ProductVariant { id } } }", {
      ids: ["gid://shopify/Product/7200000000001"],
    });
    expect(answer.data).toEqual({ nodes: [{}] });
  });
});
