/**
 * The Shopify fake's products: a small demo catalogue every shop starts with, which tests extend
 * (putProduct) or trim (deleteVariant) as a merchant would. The fake answers `nodes(ids:)` from
 * it the way Shopify does: a ProductVariant id it has gets the variant, one it does not have
 * (deleted, never existed) gets null, and an id of another type gets an empty object (the query's
 * `... on ProductVariant` does not apply to it).
 */

export type FakeVariant = {
  id: number;
  title: string;
  imageUrl: string | null;
  /** The merchant's SKU code; absent: none. */
  sku?: string | null;
  /** Whether Shopify tracks its inventory (absent: tracked). */
  tracked?: boolean;
};

export type FakeProduct = {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  /** The product's featured media image; null for a product without media. */
  featuredImageUrl: string | null;
  /** ACTIVE (absent), DRAFT or ARCHIVED. */
  status?: "ACTIVE" | "DRAFT" | "ARCHIVED";
  variants: FakeVariant[];
};

const CDN = "https://cdn.shopify.com/s/files/1/0612/3456/7890/files";

export const DEMO_CATALOGUE: readonly FakeProduct[] = [
  {
    id: 7_200_000_000_001,
    handle: "ceramic-mug",
    title: "Ceramic Mug",
    vendor: "Ada Ceramics",
    productType: "Mugs",
    tags: ["dropship", "kitchen"],
    featuredImageUrl: `${CDN}/ceramic-mug.jpg?v=1720000001`,
    variants: [
      { id: 43_200_000_000_011, title: "Blue / Large", imageUrl: `${CDN}/ceramic-mug-blue.jpg?v=1720000002` },
      // No image of its own: Shopify's storefront shows the product's featured image.
      { id: 43_200_000_000_012, title: "White / Large", imageUrl: null },
    ],
  },
  {
    id: 7_200_000_000_002,
    handle: "linen-tote-bag",
    title: "Linen Tote Bag",
    vendor: "Loom & Co",
    productType: "Bags",
    tags: ["dropship", "summer-sale"],
    featuredImageUrl: `${CDN}/linen-tote.jpg?v=1720000003`,
    variants: [{ id: 43_200_000_000_021, title: "Natural", imageUrl: `${CDN}/linen-tote-natural.jpg?v=1720000004` }],
  },
  {
    id: 7_200_000_000_003,
    handle: "engraved-keyring",
    title: "Engraved Keyring",
    vendor: "Ada Ceramics",
    productType: "Accessories",
    tags: ["personalised"],
    // A product without media: its variants have no image anywhere.
    featuredImageUrl: null,
    variants: [{ id: 43_200_000_000_031, title: "Brass", imageUrl: null }],
  },
];

/** The variant as the app's VariantFacts query selects it. */
export function variantNode(product: FakeProduct, variant: FakeVariant) {
  return {
    id: `gid://shopify/ProductVariant/${variant.id}`,
    image: variant.imageUrl ? { url: variant.imageUrl } : null,
    product: {
      id: `gid://shopify/Product/${product.id}`,
      handle: product.handle,
      title: product.title,
      vendor: product.vendor,
      productType: product.productType,
      tags: [...product.tags],
      featuredMedia: product.featuredImageUrl ? { preview: { image: { url: product.featuredImageUrl } } } : null,
    },
  };
}
