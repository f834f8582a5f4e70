/**
 * Completes an order's lines with what its webhook payload lacks (image, product handle), from the
 * per-variant facts cache, and hands back every variant's facts (vendor, product type, tags) for
 * per-product forwarding rules. Only variants not cached, or cached too long ago
 * (VARIANT_FACTS_TTL_MS), are read from Shopify, in one query per chunk the cost limit allows: a
 * second order of the same variants costs no Admin API call. A variant Shopify no longer has is
 * remembered as such (no image, no handle) for as long.
 *
 * Shopify's errors (throttling included) are thrown as ShopifyGraphqlError for the caller's job to
 * retry; nothing is cached from a failed read.
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { getVariantFacts, saveVariantFacts, type VariantFacts } from "~/models/variant-facts.server";
import { fetchVariantFacts, type FetchedVariant } from "~/integrations/shopify/variant-facts.server";
import { applyVariantFacts, variantIdsOf, variantIdsToRead } from "./variant-facts";

export type OrderWithVariantFacts = {
  snapshot: ShopifyOrderSnapshot;
  /** By variant id, for every line that has a variant. */
  facts: Map<string, VariantFacts>;
};

function toFacts(variantId: string, fetched: FetchedVariant | null, fetchedAt: Date): VariantFacts {
  if (fetched) return { ...fetched, fetchedAt };
  return {
    variantId,
    productId: null,
    imageUrl: null,
    productHandle: null,
    productTitle: null,
    vendor: null,
    productType: null,
    tags: [],
    fetchedAt,
  };
}

export async function withVariantFacts(shop: string, snapshot: ShopifyOrderSnapshot, now = new Date()): Promise<OrderWithVariantFacts> {
  const variantIds = variantIdsOf(snapshot);
  if (variantIds.length === 0) return { snapshot, facts: new Map() };
  const facts = await getVariantFacts(shop, variantIds);
  const toRead = variantIdsToRead(variantIds, facts, now);
  if (toRead.length > 0) {
    const fetched = await fetchVariantFacts(shop, toRead);
    const fresh = toRead.map((id) => toFacts(id, fetched.get(id) ?? null, now));
    await saveVariantFacts(shop, fresh);
    for (const entry of fresh) facts.set(entry.variantId, entry);
  }
  return { snapshot: applyVariantFacts(snapshot, facts), facts };
}
