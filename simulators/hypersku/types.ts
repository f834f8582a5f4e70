/** The HyperSKU Order as returned by `createOrderFromExternal` (spec 2.7), and what the simulator keeps. */

export interface ShippingItem {
  imgUrl: string;
  lineItemId: number;
  num: number;
  skuId: number;
  skuProductUrl: string;
  spuId: number;
  status: number;
  statusDes: string;
  storeOrderLineItemId: string;
  storeProductId: string;
  storeSkuId: string;
  storeVariantId: string;
  title: string;
  variantTitle: string;
}

export interface LogisticsItem {
  orderId: number;
  shippingItems: ShippingItem[];
  trackingCompany: string;
  trackingNumber: string;
  trackingUrl: string;
}

export interface OrderAddressInfo {
  address1: string;
  address2: string;
  city: string;
  countryCode: string;
  countryName: string;
  firstName: string;
  idNo: string;
  lastName: string;
  phone: string;
  province: string;
  region: string;
  taxNo: string;
  vatNo: string;
  zip: string;
}

interface OrderBaseInfo {
  actualAmount: number;
  amount: number;
  createTime: string;
  currencyCode: string;
  currencySymbol: string;
  freight: number;
  goodsAmount: number;
  isPaid: boolean;
  logisticsName: string;
  orderId: number;
  /** null until the event happened: the spec types these as date-time but shows no value for "not yet". */
  payTime: string | null;
  platform: number;
  platformDesc: string;
  purchaseTime: string | null;
  shelfTime: string | null;
  status: number;
  statusDesc: string;
  storeOrderId: string;
  storeOrderNo: string;
}

export interface OrderItemInfo {
  currencyCode: string;
  currencySymbol: string;
  goodsAttr: string;
  goodsId: number;
  id: number;
  imgUrl: string;
  productId: number;
  quantity: number;
  status: number;
  statusDes: string;
  storeOrderLineItemId: string;
  storeProductId: string;
  storeSkuId: string;
  storeVariantId: string;
  title: string;
  type: number;
  unitPrice: number;
}

export interface Order {
  logisticsItems: LogisticsItem[];
  orderAddressInfo: OrderAddressInfo;
  orderBaseInfo: OrderBaseInfo;
  orderItemInfos: OrderItemInfo[];
}

/** An order plus what HyperSKU knows about it but does not return in 2.7. */
export interface StoredOrder {
  storeCode: string;
  /** Epoch ms of the last status change; drives `autoAdvanceMs`. */
  stateSince: number;
  order: Order;
}
