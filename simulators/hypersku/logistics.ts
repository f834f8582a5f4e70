/**
 * Parcels for an order reaching Shipping: one parcel with everything, or (split shipment) at least two
 * dividing the items, or the units of a single item. Carriers and number formats look like the ones
 * HyperSKU's tracking pages show, so a tracking-link builder meets realistic values.
 */
import type { Rng } from "./rng";
import type { LogisticsItem, Order, OrderItemInfo, ShippingItem } from "./types";

interface Carrier {
  name: string;
  /** Builds a number from a unique sequence part and random filler digits. */
  number(sequence: string, digits: (count: number) => string): string;
  url(trackingNumber: string): string;
}

const CARRIERS: readonly Carrier[] = [
  {
    name: "YunExpress",
    number: (seq, digits) => `YT${seq}${digits(10)}`,
    url: (n) => `https://www.yuntrack.com/parcelTracking?id=${n}`,
  },
  {
    name: "4PX",
    number: (seq, digits) => `4PX${seq}${digits(7)}CN`,
    url: (n) => `https://track.4px.com/#/result/0/${n}`,
  },
  {
    name: "USPS",
    number: (seq, digits) => `9400${seq}${digits(12)}`,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  {
    name: "China Post",
    number: (seq, digits) => `LX${seq}${digits(3)}CN`,
    url: (n) => `https://t.17track.net/en#nums=${n}`,
  },
];

export interface ParcelContext {
  rng: Rng;
  /** Next value of the persisted tracking sequence: keeps tracking numbers unique across restarts. */
  nextTrackingSeq: () => number;
  status: number;
  statusDes: string;
}

export function totalUnits(order: Order): number {
  return order.orderItemInfos.reduce((sum, item) => sum + item.quantity, 0);
}

export function makeParcels(order: Order, split: boolean, ctx: ParcelContext): LogisticsItem[] {
  return groupItems(order.orderItemInfos, split).map((group) => {
    const carrier = ctx.rng.pick(CARRIERS);
    const sequence = String(ctx.nextTrackingSeq()).padStart(6, "0");
    const digits = (count: number) => Array.from({ length: count }, () => ctx.rng.int(0, 9)).join("");
    const trackingNumber = carrier.number(sequence, digits);
    return {
      orderId: order.orderBaseInfo.orderId,
      shippingItems: group.map(({ item, num }) => shippingItem(item, num, ctx)),
      trackingCompany: carrier.name,
      trackingNumber,
      trackingUrl: carrier.url(trackingNumber),
    };
  });
}

type Portion = { item: OrderItemInfo; num: number };

function groupItems(items: OrderItemInfo[], split: boolean): Portion[][] {
  const whole = items.map((item) => ({ item, num: item.quantity }));
  if (!split) return [whole];
  if (items.length >= 2) {
    // Alternate items between two parcels, so both carry something.
    return [whole.filter((_, index) => index % 2 === 0), whole.filter((_, index) => index % 2 === 1)];
  }
  const only = items[0];
  const first = Math.ceil(only.quantity / 2);
  return [[{ item: only, num: first }], [{ item: only, num: only.quantity - first }]];
}

function shippingItem(item: OrderItemInfo, num: number, ctx: ParcelContext): ShippingItem {
  return {
    imgUrl: item.imgUrl,
    lineItemId: item.id,
    num,
    skuId: item.goodsId,
    skuProductUrl: `https://app.hypersku.com/product/detail/${item.productId}`,
    spuId: item.productId,
    status: ctx.status,
    statusDes: ctx.statusDes,
    storeOrderLineItemId: item.storeOrderLineItemId,
    storeProductId: item.storeProductId,
    storeSkuId: item.storeSkuId,
    storeVariantId: item.storeVariantId,
    title: item.title,
    variantTitle: item.goodsAttr,
  };
}
