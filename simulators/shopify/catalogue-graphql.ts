/**
 * The Shopify twin's answers to the catalogue's Admin GraphQL (app/integrations/shopify/products.server.ts,
 * inventory.server.ts): the store's variants a page at a time by id (`productVariants`), their count,
 * each variant's inventory at a location, and `inventorySetQuantities`. Priced as Shopify prices them
 * and strict about their variables, like the rest of the twin. Inventory is kept per inventory item
 * (one per variant, `gid://shopify/InventoryItem/<variant id>`) and location.
 */
import type { GraphqlResponse } from "~/integrations/shopify/admin-graphql.server";
import { MAX_LIST_ARGUMENT, MAX_QUERY_COST } from "~/integrations/shopify/query-limits";
import type { FakeProduct, FakeVariant } from "./product-catalogue";

const THROTTLE = { maximumAvailable: 2000, currentlyAvailable: 2000, restoreRate: 100 };
/** The variant, its image, the product, its featured media, the preview and its image. */
const VARIANT_PAGE_COST_PER_NODE = 6;

const isInt32 = (value: unknown) => Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) <= 2 ** 31 - 1;

export class CatalogueInputError extends Error {}

const cost = (requestedQueryCost: number) => ({ cost: { requestedQueryCost, throttleStatus: THROTTLE } });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function refuseOverLimit(requested: number): GraphqlResponse<unknown> | null {
  if (requested <= MAX_QUERY_COST) return null;
  return {
    errors: [
      {
        message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
        extensions: { code: "MAX_COST_EXCEEDED" },
      },
    ],
    extensions: cost(requested),
  };
}

type Listed = { product: FakeProduct; variant: FakeVariant };
/** The last listing per catalogue array, reused while it holds the same product and variant lists. */
const listings = new WeakMap<readonly FakeProduct[], { seen: (FakeProduct | FakeVariant[])[]; list: Listed[] }>();

function variantsById(products: readonly FakeProduct[]): Listed[] {
  // Checked by identity (cheap), so a merchant's edit (putProduct, deleteVariant) is never served stale.
  const seen = products.flatMap((product) => [product, product.variants]);
  const cached = listings.get(products);
  if (cached && cached.seen.length === seen.length && cached.seen.every((item, index) => item === seen[index])) return cached.list;
  const list = products
    .flatMap((product) => product.variants.map((variant) => ({ product, variant })))
    .sort((a, b) => a.variant.id - b.variant.id);
  listings.set(products, { seen, list });
  return list;
}

/** Index of the first listed variant with an id above `afterId` (the list is sorted by id). */
function firstAfter(list: Listed[], afterId: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle].variant.id > afterId) high = middle;
    else low = middle + 1;
  }
  return low;
}

function pageNode(product: FakeProduct, variant: FakeVariant) {
  return {
    id: `gid://shopify/ProductVariant/${variant.id}`,
    title: variant.title,
    sku: variant.sku ?? null,
    image: variant.imageUrl ? { url: variant.imageUrl } : null,
    product: {
      id: `gid://shopify/Product/${product.id}`,
      title: product.title,
      vendor: product.vendor,
      productType: product.productType,
      tags: [...product.tags],
      status: product.status ?? "ACTIVE",
      featuredMedia: product.featuredImageUrl ? { preview: { image: { url: product.featuredImageUrl } } } : null,
    },
  };
}

/** productVariants(first:, after:, sortKey: ID): the cursor is the last variant id of the page before. */
export function answerCatalogueVariants(
  products: readonly FakeProduct[],
  query: string,
  variables: Record<string, unknown>,
): GraphqlResponse<unknown> {
  const first = Number(/productVariants\s*\(\s*first:\s*(\d+)/.exec(query)?.[1] ?? NaN);
  if (!Number.isInteger(first) || first < 1 || first > MAX_LIST_ARGUMENT)
    throw new CatalogueInputError("productVariants needs first: 1..250");
  if (!/sortKey:\s*ID\b/.test(query)) throw new CatalogueInputError("the twin pages productVariants by sortKey: ID only");
  const extra = Object.keys(variables).filter((key) => key !== "after");
  if (extra.length > 0) throw new CatalogueInputError(`variables has unknown field(s) ${extra.join(", ")}`);
  const after = variables.after;
  if (after !== undefined && after !== null && (typeof after !== "string" || !/^\d+$/.test(after)))
    throw new CatalogueInputError(`after must be a cursor this twin gave, got ${JSON.stringify(after)}`);
  const requested = first * VARIANT_PAGE_COST_PER_NODE + 2;
  const refused = refuseOverLimit(requested);
  if (refused) return refused;
  const all = variantsById(products);
  const start = after ? firstAfter(all, Number(after)) : 0;
  const slice = all.slice(start, start + first);
  const hasNextPage = start + first < all.length;
  return {
    data: {
      productVariants: {
        nodes: slice.map(({ product, variant }) => pageNode(product, variant)),
        pageInfo: { hasNextPage, endCursor: slice.length ? String(slice[slice.length - 1].variant.id) : null },
      },
    },
    extensions: cost(requested),
  };
}

export function answerVariantsCount(products: readonly FakeProduct[]): GraphqlResponse<unknown> {
  const count = products.reduce((sum, product) => sum + product.variants.length, 0);
  return { data: { productVariantsCount: { count, precision: "EXACT" } }, extensions: cost(1) };
}

/** Inventory quantities ("available") per inventory item and location. */
export class FakeInventory {
  private readonly levels = new Map<string, number>();

  private key(inventoryItemId: string, locationId: string) {
    return `${inventoryItemId}|${locationId}`;
  }

  /** What Shopify holds as available (null: the item is not stocked at the location). */
  available(variantId: number, locationId: string): number | null {
    return this.levels.get(this.key(`gid://shopify/InventoryItem/${variantId}`, locationId)) ?? null;
  }

  /** The merchant (or a sale) changes the count. */
  setAvailable(variantId: number, locationId: string, quantity: number) {
    this.levels.set(this.key(`gid://shopify/InventoryItem/${variantId}`, locationId), quantity);
  }

  answerVariantInventory(products: readonly FakeProduct[], variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const { ids, locationId } = variables;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string")) throw new CatalogueInputError("ids must be a list of IDs");
    if (typeof locationId !== "string" || !/^gid:\/\/shopify\/Location\/\d+$/.test(locationId))
      throw new CatalogueInputError("locationId must be a Location ID");
    if (ids.length > MAX_LIST_ARGUMENT)
      throw new CatalogueInputError(`The input array size of ${ids.length} is greater than the maximum allowed`);
    const requested = ids.length * 4;
    const refused = refuseOverLimit(requested);
    if (refused) return refused;
    const byId = new Map(variantsById(products).map((entry) => [`gid://shopify/ProductVariant/${entry.variant.id}`, entry.variant]));
    const nodes = (ids as string[]).map((id) => {
      const variant = byId.get(id);
      if (!variant) return null;
      const available = this.available(variant.id, locationId);
      return {
        id,
        inventoryItem: {
          id: `gid://shopify/InventoryItem/${variant.id}`,
          tracked: variant.tracked ?? true,
          inventoryLevel: available === null ? null : { quantities: [{ name: "available", quantity: available }] },
        },
      };
    });
    return { data: { nodes }, extensions: cost(requested) };
  }

  /** inventorySetQuantities: all or nothing, refused when a changeFromQuantity is not what Shopify holds. */
  answerSetQuantities(variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const input = variables.input;
    if (!isObject(input)) throw new CatalogueInputError("input must be an InventorySetQuantitiesInput");
    if (input.name !== "available" && input.name !== "on_hand") throw new CatalogueInputError("input.name must be available or on_hand");
    if (typeof input.reason !== "string") throw new CatalogueInputError("input.reason is required");
    const quantities = input.quantities;
    if (!Array.isArray(quantities) || quantities.length === 0 || quantities.length > MAX_LIST_ARGUMENT)
      throw new CatalogueInputError("input.quantities must hold 1..250 items");
    const parsed = quantities.map((item, index) => {
      if (!isObject(item)) throw new CatalogueInputError(`input.quantities[${index}] must be an object`);
      const { inventoryItemId, locationId, quantity, changeFromQuantity } = item;
      if (typeof inventoryItemId !== "string" || !/^gid:\/\/shopify\/InventoryItem\/\d+$/.test(inventoryItemId))
        throw new CatalogueInputError(`input.quantities[${index}].inventoryItemId must be an InventoryItem ID`);
      if (typeof locationId !== "string" || !/^gid:\/\/shopify\/Location\/\d+$/.test(locationId))
        throw new CatalogueInputError(`input.quantities[${index}].locationId must be a Location ID`);
      // GraphQL's Int is a 32-bit signed integer: Shopify refuses anything beyond it as the variable's coercion.
      if (!isInt32(quantity))
        throw new CatalogueInputError(`input.quantities[${index}].quantity must be an Int (32-bit), got ${String(quantity)}`);
      if (changeFromQuantity !== null && changeFromQuantity !== undefined && !isInt32(changeFromQuantity))
        throw new CatalogueInputError(`input.quantities[${index}].changeFromQuantity must be an Int or null`);
      return {
        key: this.key(inventoryItemId, locationId),
        quantity: quantity as number,
        changeFromQuantity: changeFromQuantity as number | null | undefined,
      };
    });
    const userErrors = parsed.flatMap((item, index) =>
      item.changeFromQuantity !== undefined && item.changeFromQuantity !== (this.levels.get(item.key) ?? null)
        ? [
            {
              field: ["input", "quantities", String(index), "changeFromQuantity"],
              message: "The quantity changed since it was read.",
              code: "CHANGE_FROM_QUANTITY_STALE",
            },
          ]
        : [],
    );
    if (userErrors.length === 0) for (const item of parsed) this.levels.set(item.key, item.quantity);
    return {
      data: {
        inventorySetQuantities: {
          inventoryAdjustmentGroup: userErrors.length ? null : { id: "gid://shopify/InventoryAdjustmentGroup/1" },
          userErrors,
        },
      },
      extensions: cost(10),
    };
  }
}

/** A store of `count` variants for the bench and the page's tests: products of up to 5 variants, deterministic. */
export function generateCatalogue(
  count: number,
  { firstProductId = 8_100_000_000_000, firstVariantId = 48_100_000_000_000 } = {},
): FakeProduct[] {
  const products: FakeProduct[] = [];
  const colours = ["Red", "Blue", "Green", "Black", "White"];
  for (let made = 0, p = 0; made < count; p += 1) {
    const size = Math.min(1 + (p % 5), count - made);
    products.push({
      id: firstProductId + p,
      handle: `product-${p}`,
      title: `Product ${String(p).padStart(6, "0")}`,
      vendor: `Vendor ${p % 7}`,
      productType: ["Mugs", "Bags", "Shirts", "Posters"][p % 4],
      tags: p % 10 === 0 ? ["in-house"] : ["dropship"],
      featuredImageUrl: `https://cdn.shopify.com/s/files/1/bench/product-${p}.jpg`,
      variants: Array.from({ length: size }, (_, v) => ({
        id: firstVariantId + made + v,
        title: colours[v],
        imageUrl: null,
        sku: `SKU-${p}-${v}`,
      })),
    });
    made += size;
  }
  return products;
}

/** A products/update webhook body (REST Product) of a twin product, as Shopify sends it. */
export function productWebhookPayload(product: FakeProduct) {
  const images = product.featuredImageUrl ? [{ id: product.id * 10, src: product.featuredImageUrl, position: 1 }] : [];
  const variantImages = product.variants.flatMap((variant, index) =>
    variant.imageUrl ? [{ id: product.id * 10 + index + 1, src: variant.imageUrl, position: index + 2, variant_ids: [variant.id] }] : [],
  );
  return {
    id: product.id,
    admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
    title: product.title,
    handle: product.handle,
    vendor: product.vendor,
    product_type: product.productType,
    tags: product.tags.join(", "),
    status: (product.status ?? "ACTIVE").toLowerCase(),
    image: images[0] ?? null,
    images: [...images, ...variantImages],
    variants: product.variants.map((variant, index) => ({
      id: variant.id,
      admin_graphql_api_id: `gid://shopify/ProductVariant/${variant.id}`,
      product_id: product.id,
      title: variant.title,
      sku: variant.sku ?? "",
      position: index + 1,
      image_id: variantImages.find((image) => image.variant_ids.includes(variant.id))?.id ?? null,
    })),
  };
}
