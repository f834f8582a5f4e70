/**
 * A products/update webhook body (REST Product) as the catalogue's variants, pure. Tags come as one
 * comma-separated string, the status in lower case, images by id (a variant's `image_id`; else the
 * product's first image). Unreadable: null (the delivery changes nothing).
 */
import { z } from "zod";
import type { ShopifyCatalogueVariant } from "~/integrations/shopify/products.server";

const id = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(String);
const text = z.string().nullish();

const restProductSchema = z.object({
  id,
  title: text,
  vendor: text,
  product_type: text,
  tags: z.union([z.string(), z.array(z.string())]).nullish(),
  status: text,
  updated_at: text,
  image: z.object({ src: z.string() }).nullish(),
  images: z.array(z.object({ id, src: z.string() })).nullish(),
  variants: z.array(z.object({ id, title: text, sku: text, image_id: id.nullish() })),
});

export interface RestProduct {
  productId: string;
  updatedAt: Date | null;
  variants: ShopifyCatalogueVariant[];
}

function tagsOf(tags: string | string[] | null | undefined): string[] {
  const list = Array.isArray(tags) ? tags : (tags ?? "").split(",");
  return list.map((tag) => tag.trim()).filter(Boolean);
}

export function mapRestProduct(body: unknown): RestProduct | null {
  const parsed = restProductSchema.safeParse(body);
  if (!parsed.success) return null;
  const product = parsed.data;
  const images = new Map((product.images ?? []).map((image) => [image.id, image.src]));
  const featured = product.image?.src ?? product.images?.[0]?.src ?? null;
  const updatedAt = product.updated_at ? new Date(product.updated_at) : null;
  return {
    productId: product.id,
    updatedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null,
    variants: product.variants.map((variant) => ({
      variantId: variant.id,
      productId: product.id,
      productTitle: product.title ?? "",
      variantTitle: variant.title ?? "",
      sku: variant.sku ? variant.sku : null,
      imageUrl: (variant.image_id ? images.get(variant.image_id) : undefined) ?? featured,
      vendor: product.vendor ? product.vendor : null,
      productType: product.product_type ? product.product_type : null,
      tags: tagsOf(product.tags),
      productStatus: (product.status ?? "active").toUpperCase(),
    })),
  };
}
