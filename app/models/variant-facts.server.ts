/**
 * The per-variant facts cache (VariantFacts): what Shopify's Admin API said of a variant and its
 * product, per shop. The domain decides when a row is stale (app/domain/orders/variant-facts.server.ts);
 * this file only reads and writes rows. Tags are stored as a JSON array and handed out as string[].
 */
import type { VariantFacts as VariantFactsRow } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { lean, toModel } from "~/models/db/kysely.server";
import type { Db } from "./db-types";

export type VariantFacts = {
  variantId: string;
  /** Null when Shopify no longer has the variant (it answered a null node). */
  productId: string | null;
  imageUrl: string | null;
  productHandle: string | null;
  productTitle: string | null;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  fetchedAt: Date;
};

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

function toFacts(row: VariantFactsRow): VariantFacts {
  const { shop: _shop, tags, ...rest } = row;
  return { ...rest, tags: parseTags(tags) };
}

/**
 * The cached facts of these variants of the shop, by variant id (absent ids are not in the map). On
 * the lean path: every send reads them (docs/decisions/0025).
 */
export async function getVariantFacts(shop: string, variantIds: readonly string[]): Promise<Map<string, VariantFacts>> {
  if (variantIds.length === 0) return new Map();
  const found = await lean
    .selectFrom("VariantFacts")
    .selectAll()
    .where("shop", "=", shop)
    .where("variantId", "in", [...new Set(variantIds)])
    .execute();
  const rows = found.map((row) => toModel<"VariantFacts", VariantFactsRow>("VariantFacts", row));
  return new Map(rows.map((row) => [row.variantId, toFacts(row)]));
}

/** Stores what Shopify said of these variants, replacing what was cached. */
export async function saveVariantFacts(shop: string, facts: readonly VariantFacts[], db: Db = prisma): Promise<void> {
  for (const { variantId, tags, ...rest } of facts) {
    const data = { ...rest, tags: JSON.stringify(tags) };
    await db.variantFacts.upsert({
      where: { shop_variantId: { shop, variantId } },
      create: { shop, variantId, ...data },
      update: data,
    });
  }
}

/** shop/redact: nothing of the shop's catalogue stays. Returns how many rows went. */
export async function deleteVariantFactsForShop(shop: string, db: Db = prisma): Promise<number> {
  const { count } = await db.variantFacts.deleteMany({ where: { shop } });
  return count;
}
