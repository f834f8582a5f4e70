import { mapRestProduct } from "./rest-product";

const body = {
  id: 7001,
  title: "Mug",
  vendor: "Ada",
  product_type: "Mugs",
  tags: "dropship, kitchen ,",
  status: "draft",
  updated_at: "2026-11-24T10:00:00-05:00",
  image: { id: 1, src: "https://cdn.test/mug.jpg" },
  images: [
    { id: 1, src: "https://cdn.test/mug.jpg" },
    { id: 2, src: "https://cdn.test/blue.jpg" },
  ],
  variants: [
    { id: 8001, title: "Blue", sku: "MUG-B", image_id: 2 },
    { id: "8002", title: "White", sku: "", image_id: null },
  ],
};

describe("mapRestProduct", () => {
  it("reads a products/update body as the catalogue's variants", () => {
    const product = mapRestProduct(body)!;
    expect(product.productId).toBe("7001");
    expect(product.updatedAt?.toISOString()).toBe("2026-11-24T15:00:00.000Z");
    expect(product.variants).toEqual([
      {
        variantId: "8001",
        productId: "7001",
        productTitle: "Mug",
        variantTitle: "Blue",
        sku: "MUG-B",
        imageUrl: "https://cdn.test/blue.jpg",
        vendor: "Ada",
        productType: "Mugs",
        tags: ["dropship", "kitchen"],
        productStatus: "DRAFT",
      },
      expect.objectContaining({ variantId: "8002", sku: null, imageUrl: "https://cdn.test/mug.jpg" }),
    ]);
  });

  it("answers null to a body that is not a product", () => {
    expect(mapRestProduct(null)).toBeNull();
    expect(mapRestProduct({ id: 1 })).toBeNull();
    expect(mapRestProduct({ ...body, id: "abc" })).toBeNull();
  });
});
