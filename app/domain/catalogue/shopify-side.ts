/**
 * Shopify's side of a catalogue row, pure: a variant as Admin GraphQL or a products/update webhook
 * gives it, with what the app computes of it (excluded by the merchant's rules, the search text).
 */
import type { ProductRules } from "~/domain/orders/route-lines";
import type { ShopifyCatalogueVariant } from "~/integrations/shopify/products.server";
import type { ShopifySideRow } from "~/models/catalogue.server";
import { isExcludedByRules, searchTextOf } from "./excluded";

export function toShopifySideRow(variant: ShopifyCatalogueVariant, rules: ProductRules): ShopifySideRow {
  return { ...variant, searchText: searchTextOf(variant), excluded: isExcludedByRules(variant, rules) };
}
