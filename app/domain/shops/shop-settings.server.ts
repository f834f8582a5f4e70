/** The shop's forwarding rules and identity, as the pure order functions want them. */
import { z } from "zod";
import type { Shop } from "~/models/shop.server";
import { env } from "~/env.server";
import type { ForwardingSettings } from "~/domain/orders/decide-forwarding";
import type { ShopIdentity } from "~/domain/orders/map-order";
import { NO_PRODUCT_RULES, type ProductRules, type RoutingSettings } from "~/domain/orders/route-lines";

function parseTags(json: string): string[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

export function getForwardingSettings(shop: Shop): ForwardingSettings {
  return {
    trigger: shop.forwardTrigger === "created" ? "created" : "paid",
    holdMinutes: Math.max(0, shop.holdMinutes),
    skipTestOrders: shop.skipTestOrders,
    excludedTags: parseTags(shop.excludedTags),
  };
}

const ruleSchema = z.object({ field: z.enum(["product", "vendor", "product_type", "tag"]), value: z.string().min(1) });
const rulesSchema = z.object({ include: z.array(ruleSchema), exclude: z.array(ruleSchema) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Stored rules; anything unreadable counts as no rules (every product goes), as a new shop has. */
function parseProductRules(json: string): ProductRules {
  const parsed = rulesSchema.safeParse(parseJson(json));
  return parsed.success ? parsed.data : NO_PRODUCT_RULES;
}

/** Which lines HyperSKU fulfils: the locations it ships for and the product rules. */
export function getRoutingSettings(shop: Pick<Shop, "hyperskuLocationIds" | "productRules">): RoutingSettings {
  const locations = z.array(z.string()).safeParse(parseJson(shop.hyperskuLocationIds));
  return { hyperskuLocationIds: locations.success ? locations.data : [], productRules: parseProductRules(shop.productRules) };
}

export function getShopIdentity(shop: Shop): ShopIdentity {
  return {
    domain: shop.domain,
    name: shop.name ?? shop.domain.replace(/\.myshopify\.com$/, ""),
    platformCode: shop.platformCode ?? env.HYPERSKU_PLATFORM_CODE,
  };
}
