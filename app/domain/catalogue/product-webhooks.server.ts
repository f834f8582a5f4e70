/**
 * products/update and products/delete: the catalogue follows the merchant's edits between syncs, from
 * the webhook's own body (REST Product), without calling Shopify. An update rewrites the product's rows
 * (titles, SKUs, images, tags, status; `excluded` by the shop's rules) and marks its variants no longer
 * listed DELETED; a delete marks every row of the product DELETED. A delivery older than what the
 * catalogue already holds (overtaken by a sync or a later delivery) changes nothing, and a redelivery
 * (same webhook or event id) is recorded once, like every delivery (WebhookDelivery). Both return the
 * variant ids that changed, after passing them to noteCatalogueChanges (orders that depend on them).
 */
import { z } from "zod";
import type { VerifiedDelivery } from "~/integrations/shopify/webhook-delivery.server";
import { getRoutingSettings } from "~/domain/shops/shop-settings.server";
import { getShop } from "~/models/shop.server";
import { getProductSyncedAt, markOtherVariantsDeleted, markProductDeleted, saveShopifySide } from "~/models/catalogue.server";
import { withTransaction } from "~/models/transactions.server";
import { findDelivery, recordDelivery } from "~/models/webhook-delivery.server";
import { NO_PRODUCT_RULES } from "~/domain/orders/route-lines";
import { noteCatalogueChanges } from "./changes.server";
import { mapRestProduct } from "./rest-product";
import { toShopifySideRow } from "./shopify-side";

const deleteBodySchema = z.object({ id: z.union([z.number(), z.string().regex(/^\d+$/)]) });

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return null;
  }
}

const recordOf = (delivery: VerifiedDelivery, outcome: "processed" | "invalid") => ({
  shop: delivery.shop,
  topic: delivery.topic,
  webhookId: delivery.webhookId,
  eventId: delivery.eventId,
  triggeredAt: delivery.triggeredAt,
  outcome,
  problem: outcome === "invalid" ? "The body is not a product Shopify would send." : null,
});

const isRepeat = (delivery: VerifiedDelivery) => findDelivery(delivery.shop, delivery.topic, delivery.webhookId, delivery.eventId);

export async function handleProductUpdate(delivery: VerifiedDelivery, now = new Date()): Promise<string[]> {
  if (await isRepeat(delivery)) return [];
  const product = mapRestProduct(parseJson(delivery.rawBody));
  if (!product) {
    await recordDelivery(recordOf(delivery, "invalid"));
    return [];
  }
  const shop = await getShop(delivery.shop);
  const rules = shop ? getRoutingSettings(shop).productRules : NO_PRODUCT_RULES;
  const changed = await withTransaction(async (tx) => {
    await recordDelivery(recordOf(delivery, "processed"), tx);
    const held = await getProductSyncedAt(tx, delivery.shop, product.productId);
    if (held && product.updatedAt && product.updatedAt < held) return [];
    const saved = await saveShopifySide(
      tx,
      delivery.shop,
      product.variants.map((variant) => toShopifySideRow(variant, rules)),
      now,
    );
    const deleted = await markOtherVariantsDeleted(
      delivery.shop,
      product.productId,
      product.variants.map((variant) => variant.variantId),
      now,
      tx,
    );
    return [...saved, ...deleted];
  });
  return noteCatalogueChanges(delivery.shop, changed, "products/update");
}

export async function handleProductDelete(delivery: VerifiedDelivery, now = new Date()): Promise<string[]> {
  if (await isRepeat(delivery)) return [];
  const parsed = deleteBodySchema.safeParse(parseJson(delivery.rawBody));
  if (!parsed.success) {
    await recordDelivery(recordOf(delivery, "invalid"));
    return [];
  }
  const changed = await withTransaction(async (tx) => {
    await recordDelivery(recordOf(delivery, "processed"), tx);
    return markProductDeleted(delivery.shop, String(parsed.data.id), now, tx);
  });
  return noteCatalogueChanges(delivery.shop, changed, "products/delete");
}
