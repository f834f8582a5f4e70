/**
 * Pure halves of the variant facts cache (variant-facts.server.ts does the I/O): which of an
 * order's variants must be read from Shopify again, and an order's lines completed from the facts.
 */
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import type { VariantFacts } from "~/models/variant-facts.server";

/**
 * How long facts read from Shopify are trusted. Images, handles, vendors, types and tags change
 * seldom, and a stale image or link costs little; but a merchant who re-tags a product to route it
 * away from HyperSKU expects that within the working day, not never. Six hours re-reads a busy
 * store's best sellers four times a day (a few points each) and bounds how long a product edit
 * goes unseen. Decision 0019 says why a TTL and not products/update webhooks.
 */
export const VARIANT_FACTS_TTL_MS = 6 * 60 * 60 * 1000;

/** The order's distinct variant ids, in line order; custom lines (no variant) have none. */
export function variantIdsOf(snapshot: ShopifyOrderSnapshot): string[] {
  return [...new Set(snapshot.lineItems.map((line) => line.variantId).filter((id): id is string => id !== null))];
}

/** The ids with no cached facts, or facts read TTL or longer ago. */
export function variantIdsToRead(variantIds: readonly string[], cached: ReadonlyMap<string, VariantFacts>, now: Date): string[] {
  return variantIds.filter((id) => {
    const facts = cached.get(id);
    return !facts || now.getTime() - facts.fetchedAt.getTime() >= VARIANT_FACTS_TTL_MS;
  });
}

/** Each line's missing image and handle from its variant's facts; what the order carried stays. */
export function applyVariantFacts(snapshot: ShopifyOrderSnapshot, facts: ReadonlyMap<string, VariantFacts>): ShopifyOrderSnapshot {
  return {
    ...snapshot,
    lineItems: snapshot.lineItems.map((line) => {
      const known = line.variantId === null ? undefined : facts.get(line.variantId);
      if (!known) return line;
      return { ...line, imageUrl: line.imageUrl ?? known.imageUrl, productHandle: line.productHandle ?? known.productHandle };
    }),
  };
}
