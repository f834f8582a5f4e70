/**
 * Whether the merchant's product rules keep a catalogue variant from HyperSKU: the same rules, read
 * by the same code (route-lines.ts ruleSkip), as an order's lines are. Pure.
 */
import { ruleSkip, type ProductRules } from "~/domain/orders/route-lines";

export interface RuleFacts {
  productId: string;
  vendor: string | null;
  productType: string | null;
  tags: readonly string[];
}

export function isExcludedByRules(row: RuleFacts, rules: ProductRules): boolean {
  return ruleSkip({ productId: row.productId }, rules, { vendor: row.vendor, productType: row.productType, tags: row.tags }) !== null;
}

/** Lower-cased "product title / variant title / sku": what the Products page's search looks in. */
export function searchTextOf(row: { productTitle: string; variantTitle: string; sku: string | null }): string {
  return [row.productTitle, row.variantTitle, row.sku ?? ""].join(" / ").toLowerCase();
}
