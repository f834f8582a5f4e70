import { ShopifyAdminFake } from "../../../simulators/shopify/admin-graphql-fake";
import { setAdminGraphqlFactory, type AdminGraphql } from "./admin-graphql.server";
import { fetchShopName } from "./shop.server";

const SHOP = "ada-mugs.myshopify.com";
let shopify: ShopifyAdminFake;

beforeEach(() => {
  shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
});
afterAll(() => setAdminGraphqlFactory(null));

/** Shopify answering ShopName with `data`, as a broken proxy or a changed API might. */
const answering = (data: unknown) => setAdminGraphqlFactory(async () => (async () => ({ data })) as AdminGraphql);

describe("fetchShopName", () => {
  it("reads the name the merchant gave the shop, not its handle", async () => {
    shopify.setShopName(SHOP, "  Ada's Mugs & Co. ");
    await expect(fetchShopName(SHOP)).resolves.toBe("Ada's Mugs & Co.");
    expect(shopify.calls).toEqual([{ shop: SHOP, operation: "ShopName", variables: {} }]);
  });

  it("answers null for a blank name, so the caller keeps the one it has", async () => {
    shopify.setShopName(SHOP, "   ");
    await expect(fetchShopName(SHOP)).resolves.toBeNull();
  });

  it("throws Shopify's throttling as a ShopifyGraphqlError the caller can tell apart", async () => {
    shopify.throttleNext = 1;
    await expect(fetchShopName(SHOP)).rejects.toMatchObject({ name: "ShopifyGraphqlError", throttled: true });
  });

  it("refuses an answer of another shape", async () => {
    answering({ shop: { name: null } });
    await expect(fetchShopName(SHOP)).rejects.toMatchObject({ name: "ShopifyGraphqlError", throttled: false });
    answering({ shop: null });
    await expect(fetchShopName(SHOP)).rejects.toThrow(/unexpected shape/);
  });
});

describe("the Shopify twin's ShopName", () => {
  it("names a shop after its handle until a test renames it", async () => {
    await expect(fetchShopName(SHOP)).resolves.toBe("Ada Mugs");
  });

  it("insists on the shop's name being selected, with no variables", async () => {
    const client = shopify.clientFor(SHOP);
    expect((await client("query ShopName { shop { id } }")).errors).toEqual([{ message: expect.stringContaining("shop { name }") }]);
    expect((await client("query ShopName { shop { name } }", { id: "1" })).errors).toEqual([
      { message: expect.stringContaining("unknown field(s) id") },
    ]);
  });
});
