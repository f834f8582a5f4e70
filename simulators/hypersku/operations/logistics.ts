/** Logistics operations: parcels of an order, destination countries, and shipping quotes. */
import { COUNTRIES } from "../catalog";
import { BUSINESS, businessError, success, type Reply } from "../responses";
import { logisticsSkuRequestSchema, validate } from "../validation";
import type { OperationContext } from "./context";

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

/** Quotes are made up but deterministic: a base price plus a per-unit price for each service. */
export function getLogisticsSku(ctx: OperationContext): Reply {
  const parsed = validate(logisticsSkuRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const { countryCode, skuItems } = parsed.value;
  if (!COUNTRIES.some((country) => country.countryCode === countryCode)) {
    return businessError(ctx.options, BUSINESS.invalidRequest, `countryCode ${countryCode} is not a shipping destination`);
  }
  const units = skuItems.reduce((sum, item) => sum + item.num, 0);
  const quote = (base: number, perUnit: number) => Math.round((base + perUnit * (units - 1)) * 100) / 100;
  return success(ctx.options, [
    { logisticsName: "YunExpress Standard", freight: quote(4.5, 1.2), deliveryDays: "7-15" },
    { logisticsName: "4PX Priority", freight: quote(7.9, 1.8), deliveryDays: "5-9" },
  ]);
}
