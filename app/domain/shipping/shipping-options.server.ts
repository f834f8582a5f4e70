/**
 * The shipping methods HyperSKU offers for an order's HyperSKU items to its destination, with cost and
 * delivery time (getLogisticsSku), for the order page's shipping card. Asked for the whole parcel at
 * once (the methods all its SKUs can use, as HyperSKU ships an order as one parcel), not SKU by SKU.
 *
 * Read by a resource route the card loads after the page (app/routes/app.order-shipping.$id.tsx), so
 * the order page never waits on HyperSKU; answers are kept in memory per process for ten minutes per
 * (shop, country, SKUs and quantities). A failed call says "could not read shipping" and is not kept.
 */
import { getHypersku, withHyperskuAccess } from "~/domain/connection/hypersku.server";
import { formatMoney } from "~/domain/admin/format";
import { getShopIdentity } from "~/domain/shops/shop-settings.server";
import { mapOrderToExternalOrder } from "~/domain/orders/map-order";
import type { ExternalOrder, LogisticsSkuOption } from "~/integrations/hypersku/schemas";
import { HyperskuError } from "~/integrations/hypersku/errors";
import { logger } from "~/logger.server";
import { getCatalogueEntries } from "~/models/catalogue.server";
import { findShopOrder, readSnapshot } from "~/models/order.server";
import { getShop } from "~/models/shop.server";

type ShippingMethodView = { name: string; cost: string; deliveryDays: string | null };

export type ShippingOptionsView =
  | { kind: "options"; countryCode: string; methods: ShippingMethodView[]; itemsWithoutSku: string[] }
  | { kind: "none"; message: string }
  | { kind: "error"; message: string };

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 1_000;
const cache = new Map<string, { at: number; options: LogisticsSkuOption[] }>();

function remember(key: string, options: LogisticsSkuOption[], now: number) {
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: now, options });
}

/** The lines HyperSKU ships: as sent, or before sending as the order maps without routing. */
function hyperskuLines(order: NonNullable<Awaited<ReturnType<typeof findShopOrder>>>, identity: ReturnType<typeof getShopIdentity>) {
  if (order.sentRequest) {
    try {
      return JSON.parse(order.sentRequest) as ExternalOrder;
    } catch {
      // Unreadable: map the order again.
    }
  }
  const mapped = mapOrderToExternalOrder(readSnapshot(order), identity);
  return mapped.ok ? mapped.request : null;
}

function describeDays(option: LogisticsSkuOption): string | null {
  if (option.minDeliveryDays != null && option.maxDeliveryDays != null) return `${option.minDeliveryDays}–${option.maxDeliveryDays} days`;
  return option.deliveryDays != null ? `${option.deliveryDays} days` : null;
}

export async function getShippingOptions(shopDomain: string, orderId: string, now = Date.now()): Promise<ShippingOptionsView> {
  const [order, shop] = await Promise.all([findShopOrder(shopDomain, orderId), getShop(shopDomain)]);
  if (!order || !shop) return { kind: "none", message: "Order not found." };
  const request = hyperskuLines(order, getShopIdentity(shop));
  if (!request || request.lineItems.length === 0) return { kind: "none", message: "No items or no destination for HyperSKU to ship yet." };
  const countryCode = request.shippingAddress.countryCode;
  const entries = await getCatalogueEntries(
    shopDomain,
    request.lineItems.flatMap((line) => (line.storeVariantId ? [line.storeVariantId] : [])),
  );
  const quantities = new Map<number, number>();
  const itemsWithoutSku: string[] = [];
  for (const line of request.lineItems) {
    const skuId = Number(line.storeVariantId ? entries.get(line.storeVariantId)?.hyperskuSkuId : NaN);
    if (Number.isSafeInteger(skuId) && skuId > 0) quantities.set(skuId, (quantities.get(skuId) ?? 0) + line.quantity);
    else itemsWithoutSku.push(line.title || line.storeOrderLineItemId);
  }
  if (quantities.size === 0) {
    return { kind: "none", message: "HyperSKU has no SKU for these items yet (not sourced, or the catalogue has not been read)." };
  }
  const skuItems = [...quantities].sort(([a], [b]) => a - b).map(([skuId, num]) => ({ skuId, num }));
  const key = `${shopDomain}|${countryCode}|${skuItems.map((item) => `${item.skuId}x${item.num}`).join(",")}`;
  let cached = cache.get(key);
  if (!cached || now - cached.at > TTL_MS) {
    try {
      const options = await withHyperskuAccess(shopDomain, (auth) => getHypersku().client.getLogisticsSku(auth, { countryCode, skuItems }));
      remember(key, options, now);
      cached = { at: now, options };
    } catch (error) {
      if (!(error instanceof HyperskuError)) throw error;
      logger.warn({ shop: shopDomain, orderId, err: error.message }, "shipping options could not be read");
      return { kind: "error", message: "Could not read shipping from HyperSKU. Try again in a few minutes." };
    }
  }
  const methods = cached.options.map((option) => ({
    name: option.logisticsName ?? "Unnamed method",
    cost: formatMoney(option.freight, option.currencyCode) ?? String(option.freight ?? ""),
    deliveryDays: describeDays(option),
  }));
  if (methods.length === 0) return { kind: "none", message: `HyperSKU has no shipping method for these items to ${countryCode}.` };
  return { kind: "options", countryCode, methods, itemsWithoutSku };
}
