/** The shop's forwarding rules and identity, as the pure order functions want them. */
import type { Shop } from "~/models/shop.server";
import { env } from "~/env.server";
import type { ForwardingSettings } from "~/domain/orders/decide-forwarding";
import type { ShopIdentity } from "~/domain/orders/map-order";

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

export function getShopIdentity(shop: Shop): ShopIdentity {
  return {
    domain: shop.domain,
    name: shop.name ?? shop.domain.replace(/\.myshopify\.com$/, ""),
    platformCode: shop.platformCode ?? env.HYPERSKU_PLATFORM_CODE,
  };
}
