/**
 * The catalogue's settings (Settings, "Catalogue and stock"): the low-stock threshold, and whether a
 * sync keeps Shopify's inventory in step with the stock HyperSKU holds (off by default), with where it
 * would write. Its own small form, saved apart from the forwarding settings.
 */
import { z } from "zod";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import { getCatalogueSettings, saveCatalogueSettings, type CatalogueSettings } from "~/models/catalogue.server";
import { ensureShop, getShop } from "~/models/shop.server";
import { inventoryLocationOf } from "./inventory.server";

const MAX_LOW_STOCK_THRESHOLD = 100_000;

export interface CatalogueSettingsView extends CatalogueSettings {
  /** The location the inventory push writes to; null: none chosen (the push changes nothing). */
  inventoryLocationId: string | null;
}

export async function getCatalogueSettingsView(shop: string): Promise<CatalogueSettingsView> {
  const [settings, shopRow] = await Promise.all([getCatalogueSettings(shop), getShop(shop)]);
  return { ...settings, inventoryLocationId: shopRow ? inventoryLocationOf(getRoutingSettings(shopRow).hyperskuLocationIds) : null };
}

const formSchema = z.object({
  lowStockThreshold: z
    .string()
    .trim()
    .regex(/^\d+$/, "Enter a whole number of units, 0 or more.")
    .transform(Number)
    .refine((value) => value <= MAX_LOW_STOCK_THRESHOLD, `Enter at most ${MAX_LOW_STOCK_THRESHOLD.toLocaleString("en-US")}.`),
  syncInventory: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export type CatalogueSettingsResult = { ok: true } | { ok: false; errors: { lowStockThreshold?: string } };

export async function saveCatalogueSettingsForm(shop: string, form: FormData): Promise<CatalogueSettingsResult> {
  const parsed = formSchema.safeParse({
    lowStockThreshold: form.get("lowStockThreshold") ?? "",
    syncInventory: form.get("syncInventory") ?? "false",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === "lowStockThreshold");
    return { ok: false, errors: { lowStockThreshold: issue?.message ?? "Enter a whole number of units." } };
  }
  await ensureShop(shop);
  await saveCatalogueSettings(shop, parsed.data);
  return { ok: true };
}
