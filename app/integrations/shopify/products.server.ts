/**
 * The Admin GraphQL read of the store's catalogue for the catalogue sync (app/domain/catalogue): every
 * variant with its product, a page at a time. Paged by variant (`productVariants`), not by product, so a
 * product with hundreds of variants needs no nested paging and every page costs the same.
 *
 * Priced per variant (CATALOGUE_COST_PER_VARIANT points, checked against the schema by
 * tests/contract/admin-graphql.test.ts): the variant, its image, the product, its featured media, that
 * media's preview and its image. A page of CATALOGUE_PAGE_SIZE stays under Shopify's 1000-point limit.
 * Needs `read_products`. Transport and GraphQL errors (throttling included) are thrown as
 * ShopifyGraphqlError by adminQuery; the sync turns them into the queue's answers.
 */
import { z } from "zod";
import { adminQuery, ShopifyGraphqlError } from "./admin-graphql.server";
import { MAX_QUERY_COST } from "./query-limits";

export const CATALOGUE_COST_PER_VARIANT = 6;
export const CATALOGUE_PAGE_SIZE = Math.min(250, Math.floor((MAX_QUERY_COST - 2) / CATALOGUE_COST_PER_VARIANT));

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const CATALOGUE_VARIANTS_QUERY = `#graphql
query CatalogueVariants($after: String) {
  productVariants(first: ${CATALOGUE_PAGE_SIZE}, after: $after, sortKey: ID) {
    nodes {
      id
      title
      sku
      image { url }
      product {
        id
        title
        vendor
        productType
        tags
        status
        featuredMedia { preview { image { url } } }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** @adminGraphqlDocument exported so tests/contract/admin-graphql.test.ts can validate it against Shopify's schema. */
export const CATALOGUE_VARIANTS_COUNT_QUERY = `#graphql
query CatalogueVariantsCount {
  productVariantsCount(limit: null) { count }
}`;

const numericId = (gid: string) => gid.replace(/^.*\//, "");
const text = z.string().nullish();

const variantSchema = z.object({
  id: z.string(),
  title: text,
  sku: text,
  image: z.object({ url: z.string() }).nullish(),
  product: z.object({
    id: z.string(),
    title: text,
    vendor: text,
    productType: text,
    tags: z.array(z.string()).nullish(),
    status: text,
    featuredMedia: z.object({ preview: z.object({ image: z.object({ url: z.string() }).nullish() }).nullish() }).nullish(),
  }),
});

const pageSchema = z.object({
  productVariants: z.object({
    nodes: z.array(z.unknown()),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
  }),
});

/** A store variant with its product, as the catalogue stores it (numeric ids). */
export interface ShopifyCatalogueVariant {
  variantId: string;
  productId: string;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  /** The variant's image, else the product's featured image. */
  imageUrl: string | null;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  productStatus: string;
}

export interface CatalogueVariantsPage {
  variants: ShopifyCatalogueVariant[];
  /** Nodes Shopify sent that the app could not read (skipped, never fatal). */
  unreadable: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export function mapCatalogueVariant(node: unknown): ShopifyCatalogueVariant | null {
  const parsed = variantSchema.safeParse(node);
  if (!parsed.success) return null;
  const { id, title, sku, image, product } = parsed.data;
  return {
    variantId: numericId(id),
    productId: numericId(product.id),
    productTitle: product.title ?? "",
    variantTitle: title ?? "",
    sku: sku ? sku : null,
    imageUrl: image?.url ?? product.featuredMedia?.preview?.image?.url ?? null,
    vendor: product.vendor ? product.vendor : null,
    productType: product.productType ? product.productType : null,
    tags: product.tags ?? [],
    productStatus: product.status ?? "ACTIVE",
  };
}

/** One page of the store's variants, by id, after `after` (Shopify's cursor; null: the first page). */
export async function fetchCatalogueVariantsPage(shop: string, after: string | null): Promise<CatalogueVariantsPage> {
  const data = await adminQuery<unknown>(shop, CATALOGUE_VARIANTS_QUERY, { after });
  const parsed = pageSchema.safeParse(data);
  if (!parsed.success) throw new ShopifyGraphqlError("Shopify answered the catalogue page in an unexpected shape", false);
  const { nodes, pageInfo } = parsed.data.productVariants;
  const variants = nodes.map(mapCatalogueVariant).filter((variant): variant is ShopifyCatalogueVariant => variant !== null);
  return { variants, unreadable: nodes.length - variants.length, endCursor: pageInfo.endCursor ?? null, hasNextPage: pageInfo.hasNextPage };
}

/** How many variants the store has (for the sync's progress bar); null when Shopify does not say. */
export async function countCatalogueVariants(shop: string): Promise<number | null> {
  const data = await adminQuery<{ productVariantsCount?: { count?: number } | null }>(shop, CATALOGUE_VARIANTS_COUNT_QUERY);
  return data.productVariantsCount?.count ?? null;
}
