/** Pure conversion of a validated external order (spec 2.4) into the stored Order (spec 2.7). */
import { catalogueId, countryName, currencySymbol } from "./catalog";
import { STATUS, statusName } from "./statuses";
import type { Order, OrderAddressInfo, OrderItemInfo } from "./types";
import type { ExternalOrder, ShippingAddressInput } from "./validation";

/** Not published; what the simulator reports when the request names no currency. */
const DEFAULT_CURRENCY = "USD";

export interface BuildIds {
  orderId: number;
  nextItemId: () => number;
  now: Date;
}

export function buildOrder(input: ExternalOrder, ids: BuildIds): Order {
  const currencyCode = input.currency ?? DEFAULT_CURRENCY;
  const symbol = currencySymbol(currencyCode);
  const status = STATUS.pendingSourcing;
  const goodsAmount = round2(input.lineItems.reduce((sum, item) => sum + item.price * item.quantity, 0));
  const freight = input.totalShippingPrice ?? 0;
  const amount = input.totalPrice ?? round2(goodsAmount + freight + (input.taxAmount ?? 0));
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
    unitPrice: item.price,
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
      logisticsName: "",
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
