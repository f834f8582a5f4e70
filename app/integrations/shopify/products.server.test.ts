import { mapCatalogueVariant } from "./products.server";

const node = {
  id: "gid://shopify/ProductVariant/8001",
  title: "Blue",
  sku: "",
  image: null,
  product: {
    id: "gid://shopify/Product/7001",
    title: "Mug",
    vendor: "",
    productType: "Mugs",
    tags: ["a"],
    status: "ARCHIVED",
    featuredMedia: { preview: { image: { url: "https://cdn.test/mug.jpg" } } },
  },
};

describe("mapCatalogueVariant", () => {
  it("reads numeric ids, the product's image for a variant without one, and empty texts as none", () => {
    expect(mapCatalogueVariant(node)).toEqual({
      variantId: "8001",
      productId: "7001",
      productTitle: "Mug",
      variantTitle: "Blue",
      sku: null,
      imageUrl: "https://cdn.test/mug.jpg",
      vendor: null,
      productType: "Mugs",
      tags: ["a"],
      productStatus: "ARCHIVED",
    });
    expect(mapCatalogueVariant({ ...node, image: { url: "https://cdn.test/blue.jpg" } })?.imageUrl).toBe("https://cdn.test/blue.jpg");
  });

  it("skips a node it cannot read", () => {
    expect(mapCatalogueVariant({ id: "x" })).toBeNull();
    expect(mapCatalogueVariant(null)).toBeNull();
  });
});
