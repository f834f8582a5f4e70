/**
 * A product as Shopify's product webhooks carry it (REST Product, API 2026-10: `products/create`,
 * `products/update`; `products/delete` carries only the id): tags as one comma-separated string,
 * the status in lower case, images by id with each variant's `image_id`.
 */
import type { JsonObject } from "../harness/order-payloads";
import type { FakeProduct } from "./product-catalogue";

export function restProductOf(product: FakeProduct, updatedAt: string): JsonObject {
  const images = product.variants
    .map((variant, index) => (variant.imageUrl ? { id: product.id * 100 + index + 1, src: variant.imageUrl } : null))
    .filter((image) => image !== null);
  const featured = product.featuredImageUrl ? { id: product.id * 100, src: product.featuredImageUrl } : null;
  return {
    id: product.id,
    admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
    title: product.title,
    handle: product.handle,
    vendor: product.vendor,
    product_type: product.productType,
    tags: product.tags.join(", "),
    status: (product.status ?? "ACTIVE").toLowerCase(),
    updated_at: updatedAt,
    image: featured,
    images: [...(featured ? [featured] : []), ...images],
    variants: product.variants.map((variant, index) => ({
      id: variant.id,
      admin_graphql_api_id: `gid://shopify/ProductVariant/${variant.id}`,
      product_id: product.id,
      title: variant.title,
      sku: variant.sku ?? null,
      image_id: variant.imageUrl ? product.id * 100 + index + 1 : null,
    })),
  };
}
