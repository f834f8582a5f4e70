/** Logistics operations: parcels of an order, destination countries, and shipping quotes. */
import { COUNTRIES } from "../catalog";
import { BUSINESS, businessError, success, type Reply } from "../responses";
import { logisticsSkuRequestSchema, validate } from "../validation";
import { quoteParcel } from "../shipping-table";
import type { OperationContext } from "./context";
import { requireOfferedSkus } from "./products";

/** Every parcel of every order with this storeOrderId; an unknown id has no parcels yet. */
export function internationalLogisticsInfo(ctx: OperationContext): Reply {
  const parcels = ctx.state.orders
    .filter((stored) => stored.order.orderBaseInfo.storeOrderId === ctx.params.storeOrderId)
    .flatMap((stored) => stored.order.logisticsItems);
  return success(ctx.options, parcels);
}

export function getCountryCode(ctx: OperationContext): Reply {
  return success(ctx.options, COUNTRIES);
}

/**
 * Quotes from the catalogue's shipping table (shipping-table.ts) for the given SKUs and quantities:
 * the methods every SKU can use to that country, or none when one of them does not ship there.
 */
export function getLogisticsSku(ctx: OperationContext): Reply {
  const parsed = validate(logisticsSkuRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const { countryCode, skuItems } = parsed.value;
  if (!COUNTRIES.some((country) => country.countryCode === countryCode)) {
    return businessError(ctx.options, BUSINESS.invalidRequest, `countryCode ${countryCode} is not a shipping destination`);
  }
  const checked = requireOfferedSkus(ctx, skuItems);
  if ("reply" in checked) return checked.reply;
  return success(ctx.options, quoteParcel(checked.skus, countryCode));
}
