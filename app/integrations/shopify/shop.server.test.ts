import { DEFAULT_SHOP_TIMEZONE, ShopifyAdminFake } from "../../../simulators/shopify/admin-graphql-fake";
import { setAdminGraphqlFactory, type AdminGraphql } from "./admin-graphql.server";
import { fetchShopDetails } from "./shop.server";

const SHOP = "ada-mugs.myshopify.com";
let shopify: ShopifyAdminFake;

beforeEach(() => {
  shopify = new ShopifyAdminFake();
  setAdminGraphqlFactory(async (shop) => shopify.clientFor(shop));
});
afterAll(() => setAdminGraphqlFactory(null));

/** Shopify answering ShopName with `data`, as a broken proxy or a changed API might. */
const answering = (data: unknown) => setAdminGraphqlFactory(async () => (async () => ({ data })) as AdminGraphql);

describe("fetchShopDetails", () => {
  it("reads the name the merchant gave the shop, not its handle, and the shop's time zone", async () => {
    shopify.setShopName(SHOP, "  Ada's Mugs & Co. ");
    shopify.setShopTimezone(SHOP, "Asia/Tokyo");
    await expect(fetchShopDetails(SHOP)).resolves.toEqual({ name: "Ada's Mugs & Co.", timezone: "Asia/Tokyo" });
    expect(shopify.calls).toEqual([{ shop: SHOP, operation: "ShopName", variables: {} }]);
  });

  it("answers null for a blank name or zone, so the caller keeps the one it has", async () => {
    shopify.setShopName(SHOP, "   ");
    shopify.setShopTimezone(SHOP, " ");
    await expect(fetchShopDetails(SHOP)).resolves.toEqual({ name: null, timezone: null });
  });

  it("passes a zone on as Shopify spells it; the admin falls back to UTC for one it does not know", async () => {
    shopify.setShopTimezone(SHOP, "Mars/Olympus_Mons");
    await expect(fetchShopDetails(SHOP)).resolves.toMatchObject({ timezone: "Mars/Olympus_Mons" });
  });

  it("throws Shopify's throttling as a ShopifyGraphqlError the caller can tell apart", async () => {
    shopify.throttleNext = 1;
    await expect(fetchShopDetails(SHOP)).rejects.toMatchObject({ name: "ShopifyGraphqlError", throttled: true });
  });

  it("refuses an answer of another shape", async () => {
    answering({ shop: { name: null, ianaTimezone: "UTC" } });
    await expect(fetchShopDetails(SHOP)).rejects.toMatchObject({ name: "ShopifyGraphqlError", throttled: false });
    answering({ shop: { name: "Ada Mugs" } });
    await expect(fetchShopDetails(SHOP)).rejects.toThrow(/unexpected shape/);
    answering({ shop: null });
    await expect(fetchShopDetails(SHOP)).rejects.toThrow(/unexpected shape/);
  });
});

describe("the Shopify twin's ShopName", () => {
  it("names a shop after its handle, in New York's zone, until a test renames or moves it", async () => {
    expect(DEFAULT_SHOP_TIMEZONE).toBe("America/New_York");
    await expect(fetchShopDetails(SHOP)).resolves.toEqual({ name: "Ada Mugs", timezone: DEFAULT_SHOP_TIMEZONE });
  });

  it("answers the zone only when it is selected, as Shopify does", async () => {
    const client = shopify.clientFor(SHOP);
    expect((await client("query ShopName { shop { name } }")).data).toEqual({ shop: { name: "Ada Mugs" } });
    expect((await client("query ShopName { shop { ianaTimezone name } }")).data).toEqual({
      shop: { name: "Ada Mugs", ianaTimezone: "America/New_York" },
    });
  });

  it("insists on the shop's name being selected, with no variables", async () => {
    const client = shopify.clientFor(SHOP);
    expect((await client("query ShopName { shop { id } }")).errors).toEqual([{ message: expect.stringContaining("shop { name }") }]);
    expect((await client("query ShopName { shop { name } }", { id: "1" })).errors).toEqual([
      { message: expect.stringContaining("unknown field(s) id") },
    ]);
  });
});
