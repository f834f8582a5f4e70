/**
 * The merchant saved new product rules: each catalogue row's `excluded` is worked out again with the
 * same code as at sync time (excluded.ts), a batch at a time, writing only rows whose answer changed.
 * Returns the variant ids that changed (also passed to noteCatalogueChanges).
 */
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import { listRuleFacts, setExcluded } from "~/models/catalogue.server";
import { getShop } from "~/models/shop.server";
import { noteCatalogueChanges } from "./changes.server";
import { isExcludedByRules } from "./excluded";

const BATCH = 1_000;

export async function recomputeExcluded(shop: string): Promise<string[]> {
  const shopRow = await getShop(shop);
  if (!shopRow) return [];
  const { productRules } = getRoutingSettings(shopRow);
  const changed: string[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await listRuleFacts(shop, after, BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].variantId;
    const nowExcluded = rows.filter((row) => !row.excluded && isExcludedByRules(row, productRules)).map((row) => row.variantId);
    const nowIncluded = rows.filter((row) => row.excluded && !isExcludedByRules(row, productRules)).map((row) => row.variantId);
    await setExcluded(shop, nowExcluded, true);
    await setExcluded(shop, nowIncluded, false);
    changed.push(...nowExcluded, ...nowIncluded);
  }
  return noteCatalogueChanges(shop, changed, "product rules");
}
