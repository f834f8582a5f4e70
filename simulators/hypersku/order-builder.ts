/** Pure conversion of a validated external order (spec 2.4) into the stored Order (spec 2.7). */
import { catalogueId, countryName, currencySymbol } from "./catalog";
import type { CatalogueSku, StoredPrivateProduct } from "./private-products";
import { quoteParcel } from "./shipping-table";
import { STATUS, statusName } from "./statuses";
import type { Order, OrderAddressInfo, OrderItemInfo } from "./types";
import type { ExternalOrder, ShippingAddressInput } from "./validation";

/** Not published; what the simulator reports when the request names no currency. */
const DEFAULT_CURRENCY = "USD";

export interface BuildIds {
  orderId: number;
  nextItemId: () => number;
  now: Date;
  /** The merchant's catalogue: an order of SKUs it offers is charged at their cost and the shipping table's freight. */
  catalogue?: readonly StoredPrivateProduct[];
}

/**
 * What HyperSKU charges when it can price every line: the catalogue's unit cost × quantity for the
 * goods, the cheapest method of the shipping table for the freight (quoteParcel), in the SKUs'
 * currency. Null when a line is not an offered SKU of the catalogue (not sourced yet: the order is
 * Pending Sourcing and its amounts stay what the store's order said) or nothing ships there.
 */
export function chargeFor(input: ExternalOrder, catalogue: readonly StoredPrivateProduct[]) {
  const skus = new Map<string, CatalogueSku>();
  for (const product of catalogue) for (const sku of product.skus) if (sku.offered) skus.set(sku.storeVariantId, sku);
  const items = input.lineItems.map((item) => ({
    sku: item.storeVariantId ? skus.get(item.storeVariantId) : undefined,
    num: item.quantity,
  }));
  if (items.length === 0 || items.some((item) => !item.sku)) return null;
  const priced = items as { sku: CatalogueSku; num: number }[];
  const currency = priced[0].sku.currencyCode;
  if (priced.some((item) => item.sku.currencyCode !== currency)) return null;
  const [cheapest] = quoteParcel(priced, input.shippingAddress.countryCode).sort((a, b) => a.freight - b.freight);
  if (!cheapest) return null;
  return {
    currency,
    goods: round2(priced.reduce((sum, item) => sum + item.sku.unitPrice * item.num, 0)),
    freight: cheapest.freight,
    logisticsName: cheapest.logisticsName,
    unitPrices: new Map(priced.map((item) => [item.sku.storeVariantId, item.sku.unitPrice])),
  };
}

export function buildOrder(input: ExternalOrder, ids: BuildIds): Order {
  const charge = ids.catalogue ? chargeFor(input, ids.catalogue) : null;
  const currencyCode = charge?.currency ?? input.currency ?? DEFAULT_CURRENCY;
  const symbol = currencySymbol(currencyCode);
  const status = STATUS.pendingSourcing;
  const goodsAmount = charge?.goods ?? round2(input.lineItems.reduce((sum, item) => sum + item.price * item.quantity, 0));
  const freight = charge?.freight ?? input.totalShippingPrice ?? 0;
  const amount = charge ? round2(goodsAmount + freight) : (input.totalPrice ?? round2(goodsAmount + freight + (input.taxAmount ?? 0)));
  const platform = input.platform ?? 0;

  const orderItemInfos: OrderItemInfo[] = input.lineItems.map((item) => ({
    currencyCode,
    currencySymbol: symbol,
    goodsAttr: item.variantAttr ?? "",
    goodsId: catalogueId("sku", item.storeVariantId ?? item.storeSkuId ?? item.storeOrderLineItemId),
    id: ids.nextItemId(),
    imgUrl: item.variantImg ?? "",
    productId: catalogueId("spu", item.storeProductId ?? item.storeOrderLineItemId),
    quantity: item.quantity,
    status,
    statusDes: statusName(status),
    storeOrderLineItemId: item.storeOrderLineItemId,
    storeProductId: item.storeProductId ?? "",
    storeSkuId: item.storeSkuId ?? "",
    storeVariantId: item.storeVariantId ?? "",
    title: item.title ?? "",
    // 1 = an ordinary sourced item; other values are not published.
    type: 1,
    unitPrice: charge?.unitPrices.get(item.storeVariantId ?? "") ?? item.price,
  }));

  return {
    logisticsItems: [],
    orderAddressInfo: mapAddress(input.shippingAddress),
    orderBaseInfo: {
      actualAmount: amount,
      amount,
      createTime: ids.now.toISOString(),
      currencyCode,
      currencySymbol: symbol,
      freight,
      goodsAmount,
      isPaid: input.isPaid ?? false,
      logisticsName: charge?.logisticsName ?? "",
      orderId: ids.orderId,
      payTime: input.paidAt ? new Date(input.paidAt).toISOString() : null,
      platform,
      platformDesc: platform === 0 ? "External store" : `Platform ${platform}`,
      purchaseTime: null,
      shelfTime: null,
      status,
      statusDesc: statusName(status),
      storeOrderId: input.storeOrderId,
      storeOrderNo: input.storeOrderNo ?? "",
    },
    orderItemInfos,
  };
}

/** The response address has every 2.7 field as a string, never the e-mail (spec 2.7). */
export function mapAddress(address: ShippingAddressInput): OrderAddressInfo {
  return {
    address1: address.address1,
    address2: address.address2 ?? "",
    city: address.city,
    countryCode: address.countryCode,
    countryName: address.countryName || countryName(address.countryCode),
    firstName: address.firstName ?? "",
    idNo: address.idNo ?? "",
    lastName: address.lastName ?? "",
    phone: address.phone ?? "",
    province: address.province ?? "",
    // Meaning unpublished; the simulator echoes the province so the field is never missing.
    region: address.province ?? "",
    taxNo: address.taxNo ?? "",
    // Meaning unpublished (a VAT number distinct from taxNo); empty until a real account shows otherwise.
    vatNo: "",
    zip: address.zip ?? "",
  };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
