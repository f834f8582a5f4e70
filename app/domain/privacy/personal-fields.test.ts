/**
 * Every field of every stored shape, filled: each personal one with a marker found nowhere else.
 * The fixtures are typed with every key required, so a field added to a shape does not compile
 * here either until it is given a value; a personal value the list leaves uncovered then survives
 * the anonymisation and fails the test, and a non-personal one the list erases fails it too.
 */
import type {
  ExternalLineItem,
  ExternalOrder,
  ExternalShippingAddress,
  logisticsItemSchema,
  orderAddressInfoSchema,
  orderBaseInfoSchema,
  orderItemInfoSchema,
  orderSchema,
  shippingItemSchema,
} from "~/integrations/hypersku/schemas";
import { serializeStoredHyperskuOrder } from "~/domain/orders/stored-hypersku-order";
import type { NameValue, ShopifyAddressSnapshot, ShopifyLineItemSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { anonymiseHyperskuResponse, anonymiseSentRequest, anonymiseSnapshot, collectPersonalValues, REDACTED } from "./anonymise";

const MARKER = "Qzmarker";
/** A personal value: unique, so finding it anywhere means it survived. */
const personal = (what: string) => `${MARKER}-${what}`;

/** Every key of a zod object schema's shape (HyperSKU's answers), with a value. */
type EveryKeyOf<S extends { shape: object }> = Record<keyof S["shape"], unknown>;

const snapshotAddress: Required<ShopifyAddressSnapshot> = {
  firstName: personal("first-name"),
  lastName: personal("last-name"),
  company: personal("company"),
  address1: personal("address1"),
  address2: personal("address2"),
  city: personal("city"),
  province: personal("province"),
  provinceCode: personal("province-code"),
  country: "United Kingdom",
  countryCode: "GB",
  zip: personal("zip"),
  phone: personal("address-phone"),
};

const entry = (name: string, value: string): Required<NameValue> => ({ name, value });

const snapshotLineItem: Required<ShopifyLineItemSnapshot> = {
  id: "1001",
  productId: "7001",
  variantId: "8001",
  sku: "MUG-BLUE",
  title: "Mug",
  variantTitle: "Blue",
  name: "Mug - Blue",
  options: [entry("Color", "Blue")],
  properties: [entry("Engraving", personal("engraving"))],
  quantity: 2,
  currentQuantity: 2,
  fulfillableQuantity: 2,
  refundedQuantity: 0,
  requiresShipping: true,
  isGiftCard: false,
  unitPrice: "19.99",
  discountTotal: "0.00",
  productHandle: "mug",
  imageUrl: "https://cdn.shopify.com/mug-blue.png",
};

const snapshot: Required<ShopifyOrderSnapshot> = {
  shopifyOrderId: "450789469",
  adminGraphqlId: "gid://shopify/Order/450789469",
  name: "#1001",
  orderNumber: 1001,
  createdAt: "2024-05-01T12:00:00.000Z",
  processedAt: "2024-05-01T12:00:00.000Z",
  updatedAt: "2024-05-01T12:05:00.000Z",
  cancelledAt: "2024-05-03T09:00:00.000Z",
  closedAt: "2024-05-04T09:00:00.000Z",
  paidAt: "2024-05-01T12:00:01.000Z",
  financialStatus: "paid",
  fulfillmentStatus: "unfulfilled",
  test: false,
  tags: ["dropship"],
  email: personal("email@example.org"),
  phone: personal("phone"),
  customerId: "207119551",
  currency: "GBP",
  shopCurrency: "GBP",
  totalPrice: "45.97",
  currentTotalPrice: "45.97",
  totalTax: "0.00",
  totalShipping: "5.99",
  totalDiscounts: "0.00",
  taxesIncluded: true,
  totalDuties: "0.00",
  totalTip: "0.00",
  unallocatedDiscount: "0.00",
  lineItems: [snapshotLineItem],
  shippingAddress: snapshotAddress,
  noteAttributes: [entry("tax_id", personal("tax-id"))],
  note: `Please call ${personal("note-name")} on ${personal("note-phone")}`,
  deliveryMethod: "shipping",
  lineItemsTruncated: false,
};

const sentAddress: Required<ExternalShippingAddress> = {
  address1: personal("sent-address1"),
  address2: personal("sent-address2"),
  city: personal("sent-city"),
  countryCode: "GB",
  countryName: "United Kingdom",
  email: personal("sent-email@example.org"),
  firstName: personal("sent-first-name"),
  idNo: personal("sent-id-no"),
  lastName: personal("sent-last-name"),
  phone: personal("sent-phone"),
  province: personal("sent-province"),
  taxNo: personal("sent-tax-no"),
  zip: personal("sent-zip"),
};

const sentLineItem: Required<ExternalLineItem> = {
  price: 19.99,
  productUrl: "https://shop.example/products/mug",
  quantity: 2,
  storeOrderLineItemId: "1001",
  storeProductId: "7001",
  storeSkuId: "MUG-BLUE",
  storeVariantId: "8001",
  title: "Mug",
  variantAttr: `Blue | Engraving: ${personal("sent-engraving")}`,
  variantImg: "https://cdn.shopify.com/mug-blue.png",
};

const sentRequest: Required<ExternalOrder> = {
  createdAt: "2024-05-01T12:00:00.000Z",
  currency: "GBP",
  isPaid: true,
  lineItems: [sentLineItem],
  paidAt: "2024-05-01T12:00:01.000Z",
  platform: 1,
  shippingAddress: sentAddress,
  status: "paid",
  storeCode: "store-1",
  storeName: "Ada's Mugs",
  storeOrderId: "450789469",
  storeOrderNo: "#1001",
  taxAmount: 0,
  totalPrice: 45.97,
  totalShippingPrice: 5.99,
};

const answerAddress: EveryKeyOf<typeof orderAddressInfoSchema> = {
  address1: personal("answer-address1"),
  address2: personal("answer-address2"),
  city: personal("answer-city"),
  countryCode: "GB",
  countryName: "United Kingdom",
  firstName: personal("answer-first-name"),
  idNo: personal("answer-id-no"),
  lastName: personal("answer-last-name"),
  phone: personal("answer-phone"),
  province: personal("answer-province"),
  region: personal("answer-region"),
  taxNo: personal("answer-tax-no"),
  vatNo: personal("answer-vat-no"),
  zip: personal("answer-zip"),
};

const answerBaseInfo: EveryKeyOf<typeof orderBaseInfoSchema> & { storeCode: unknown } = {
  actualAmount: 45.18,
  amount: 45.18,
  createTime: "2024-05-01T12:00:05.123Z",
  currencyCode: "USD",
  currencySymbol: "$",
  freight: 2,
  goodsAmount: 39.98,
  isPaid: true,
  logisticsName: "YunExpress Standard",
  payTime: "2024-05-01T13:00:00.000Z",
  platform: 1,
  platformDesc: "Shopify",
  purchaseTime: "2024-05-02T08:00:00.000Z",
  shelfTime: "2024-05-03T08:00:00.000Z",
  storeOrderNo: "#1001",
  orderId: 1000001,
  status: 4,
  statusDesc: "Shipping",
  storeOrderId: "450789469",
  storeCode: "store-1",
};

const answerItem: EveryKeyOf<typeof orderItemInfoSchema> = {
  currencyCode: "USD",
  currencySymbol: "$",
  goodsAttr: `Blue | Engraving: ${personal("answer-goods-attr")}`,
  goodsId: 301,
  id: 1,
  imgUrl: "https://cdn.example.test/mug-blue.png",
  productId: 201,
  quantity: 2,
  status: 4,
  statusDes: "Shipping",
  storeOrderLineItemId: "1001",
  storeProductId: "7001",
  storeSkuId: "MUG-BLUE",
  storeVariantId: "8001",
  title: "Mug",
  type: 1,
  unitPrice: 19.99,
};

const answerShippingItem: EveryKeyOf<typeof shippingItemSchema> = {
  imgUrl: "https://cdn.example.test/mug-blue.png",
  lineItemId: 1,
  num: 2,
  skuId: 301,
  skuProductUrl: "https://hypersku.test/p/301",
  spuId: 201,
  status: 4,
  statusDes: "Shipping",
  storeOrderLineItemId: "1001",
  storeProductId: "7001",
  storeSkuId: "MUG-BLUE",
  storeVariantId: "8001",
  title: "Mug",
  variantTitle: `Blue | Engraving: ${personal("answer-variant-title")}`,
};

const answerParcel: EveryKeyOf<typeof logisticsItemSchema> = {
  orderId: 1000001,
  shippingItems: [answerShippingItem],
  trackingCompany: "YunExpress",
  trackingNumber: "YT0000000001",
  trackingUrl: "https://t.example.test/YT0000000001",
};

const answer: EveryKeyOf<typeof orderSchema> = {
  logisticsItems: [answerParcel],
  orderAddressInfo: answerAddress,
  orderBaseInfo: answerBaseInfo,
  orderItemInfos: [answerItem],
};

/** Every scalar of `value` with its path. */
function leaves(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((element, index) => leaves(element, [...path, String(index)]));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, field]) => leaves(field, [...path, key]));
  return [{ path, value }];
}

const at = (value: unknown, path: string[]) =>
  path.reduce<unknown>(
    (current, key) => (current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined),
    value,
  );

const holdsMarker = (value: unknown) => typeof value === "string" && value.includes(MARKER);

/** The anonymised copy has no marker left, and every value without one is still where it was. */
function expectOnlyPersonalErased(filled: unknown, anonymised: unknown) {
  const all = leaves(filled);
  expect(all.filter((leaf) => holdsMarker(leaf.value)).length).toBeGreaterThan(0);
  for (const leaf of all) {
    const now = at(anonymised, leaf.path);
    if (holdsMarker(leaf.value)) expect([null, undefined, REDACTED], `${leaf.path.join(".")} is personal`).toContain(now);
    else expect(now, `${leaf.path.join(".")} is not personal`).toEqual(leaf.value);
  }
  expect(JSON.stringify(anonymised)).not.toContain(MARKER);
}

describe("the list of personal fields covers every field the app stores", () => {
  it("the Shopify order: names, address, e-mail, phone, note, attributes and properties go, the rest stays", () => {
    const anonymised = anonymiseSnapshot(snapshot);
    expectOnlyPersonalErased(snapshot, anonymised);
    expect(anonymised.note).toBe(REDACTED);
    expect(anonymised.shippingAddress).toMatchObject({ firstName: null, country: "United Kingdom", countryCode: "GB" });
  });

  it("the request sent to HyperSKU: the address keeps its country, the items lose what the customer entered", () => {
    const anonymised = JSON.parse(anonymiseSentRequest(JSON.stringify(sentRequest))!);
    expectOnlyPersonalErased(sentRequest, anonymised);
    expect(anonymised.shippingAddress).toEqual({ countryCode: "GB", countryName: "United Kingdom" });
    expect(anonymised.lineItems[0].variantAttr).toBe(REDACTED);
  });

  it("HyperSKU's answer as stored: its address keeps the country, its copies of the items' entries go", () => {
    const stored = serializeStoredHyperskuOrder(answer)!;
    expect(stored).toContain(personal("answer-vat-no")); // the store keeps what the test fills
    const anonymised = JSON.parse(anonymiseHyperskuResponse(stored)!);
    expectOnlyPersonalErased(JSON.parse(stored), anonymised);
    expect(anonymised.orderAddressInfo).toMatchObject({ firstName: null, countryCode: "GB", countryName: "United Kingdom" });
    expect(anonymised.logisticsItems[0].trackingNumber).toBe("YT0000000001");
  });

  it("anonymising again changes nothing", () => {
    const once = anonymiseSnapshot(snapshot);
    expect(anonymiseSnapshot(once)).toEqual(once);
    const request = anonymiseSentRequest(JSON.stringify(sentRequest));
    expect(anonymiseSentRequest(request)).toBe(request);
  });

  it("searches the order's free text for every personal value the three copies hold", () => {
    const values = collectPersonalValues({
      snapshot: JSON.stringify(snapshot),
      sentRequest: JSON.stringify(sentRequest),
      hyperskuResponse: serializeStoredHyperskuOrder(answer),
    });
    // Whole values; a text holding one among other words (the variant) is erased whole instead.
    const whole = [snapshot, sentRequest, answer]
      .flatMap((filled) => leaves(filled))
      .map((leaf) => leaf.value)
      .filter((value): value is string => typeof value === "string" && value.startsWith(MARKER));
    expect(whole.length).toBeGreaterThan(30);
    expect(values).toEqual(expect.arrayContaining(whole));
    expect(values).toContain(snapshot.note);
    expect(values).toContain(`${personal("first-name")} ${personal("last-name")}`);
    expect(values).not.toContain("United Kingdom");
  });
});
