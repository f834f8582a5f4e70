/**
 * The Admin GraphQL read of what the app needs to know of product variants that order webhooks do
 * not carry: the image (the variant's own, else the product's featured one), the product's handle
 * (for its URL) and what per-product forwarding rules match on (vendor, type, tags). Needs
 * `read_products`.
 *
 * One `nodes(ids:)` query per chunk of variants. Shopify prices it per id (VARIANT_FACTS_COST_PER_ID
 * points, checked against the schema by tests/contract/admin-graphql.test.ts) and refuses a query
 * above 1000 points, so a chunk holds at most VARIANT_FACTS_CHUNK_SIZE ids (also under Shopify's
 * limit of 250 items in a list argument: https://shopify.dev/docs/api/usage/limits#input-limits).
 * A deleted variant comes back as a null node and is answered as null. Transport and GraphQL
 * errors (throttling included) are thrown as ShopifyGraphqlError by adminQuery.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";
import { MAX_LIST_ARGUMENT, MAX_QUERY_COST } from "./query-limits";

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const VARIANT_FACTS_QUERY = `#graphql
query VariantFacts($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on ProductVariant {
      id
      image { url }
      product {
        id
        handle
        title
        vendor
        productType
        tags
        featuredMedia { preview { image { url } } }
      }
    }
  }
}`;

/** The variant, its image, the product, its featured media, that media's preview and its image: one point each. */
export const VARIANT_FACTS_COST_PER_ID = 6;
export const VARIANT_FACTS_CHUNK_SIZE = Math.min(MAX_LIST_ARGUMENT, Math.floor(MAX_QUERY_COST / VARIANT_FACTS_COST_PER_ID));

export type FetchedVariant = {
  /** Shopify's numeric variant id. */
  variantId: string;
  productId: string;
  imageUrl: string | null;
  productHandle: string | null;
  productTitle: string | null;
  vendor: string | null;
  productType: string | null;
  tags: string[];
};

const imageSchema = z.object({ url: z.string().nullish() }).nullish();
const variantNodeSchema = z.object({
  id: z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
  image: imageSchema,
  product: z.object({
    id: z.string().regex(/^gid:\/\/shopify\/Product\/\d+$/),
    handle: z.string().nullish(),
    title: z.string().nullish(),
    vendor: z.string().nullish(),
    productType: z.string().nullish(),
    tags: z.array(z.string()).nullish(),
    featuredMedia: z.object({ preview: z.object({ image: imageSchema }).nullish() }).nullish(),
  }),
});
// A null node is a variant Shopify no longer has; an empty one, an id of another type.
const answerSchema = z.object({ nodes: z.array(z.union([variantNodeSchema, z.object({}).strict(), z.null()])) });

const numericId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function toFetched(node: z.infer<typeof variantNodeSchema>): FetchedVariant {
  const { product } = node;
  return {
    variantId: numericId(node.id),
    productId: numericId(product.id),
    imageUrl: blankToNull(node.image?.url) ?? blankToNull(product.featuredMedia?.preview?.image?.url),
    productHandle: blankToNull(product.handle),
    productTitle: blankToNull(product.title),
    vendor: blankToNull(product.vendor),
    productType: blankToNull(product.productType),
    tags: (product.tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ""),
  };
}

/**
 * What Shopify has of these variants (numeric ids), by id: null for a variant it no longer has.
 * Asks in as few queries as the cost limit allows, one after the other.
 */
export async function fetchVariantFacts(shop: string, variantIds: readonly string[]): Promise<Map<string, FetchedVariant | null>> {
  const ids = [...new Set(variantIds)];
  const found = new Map<string, FetchedVariant | null>();
  for (let start = 0; start < ids.length; start += VARIANT_FACTS_CHUNK_SIZE) {
    const chunk = ids.slice(start, start + VARIANT_FACTS_CHUNK_SIZE);
    const answer = answerSchema.safeParse(
      await adminQuery(shop, VARIANT_FACTS_QUERY, { ids: chunk.map((id) => `gid://shopify/ProductVariant/${id}`) }),
    );
    if (!answer.success || answer.data.nodes.length !== chunk.length) {
      throw new ShopifyGraphqlError("Shopify's answer to VariantFacts had an unexpected shape", false);
    }
    answer.data.nodes.forEach((node, index) => {
      const variant = variantNodeSchema.safeParse(node);
      found.set(chunk[index], variant.success ? toFetched(variant.data) : null);
    });
  }
  return found;
}
