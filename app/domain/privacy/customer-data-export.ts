/**
 * The answer to a customers/data_request: everything the app stores about the customer, built from
 * the customer's orders as stored (the Shopify copy, what went to HyperSKU and its answer, parcels,
 * timeline), as JSON and as plain text a person can read. Only the orders that are the customer's
 * by an exact match go in (customer-match.ts), whatever the caller passes. Pure.
 */
import type { CustomerDataRequest } from "~/models/customer-data-request.server";
import type { Order } from "~/models/order.server";
import type { OrderEvent } from "~/models/order-event.server";
import type { NameValue, ShopifyAddressSnapshot, ShopifyOrderSnapshot } from "~/models/order-snapshot";
import type { Parcel } from "~/models/parcel.server";
import { isSubjectsOrder, readRequestedOrderIds, subjectOfRequest } from "./customer-match";

export type StoredOrder = Order & { events: OrderEvent[]; parcels: Parcel[] };

type ExportedOrder = {
  shopifyOrderId: string;
  name: string;
  placedAt: string;
  contact: { email: string | null; phone: string | null };
  shippingAddress: ShopifyAddressSnapshot | null;
  note: string | null;
  orderAttributes: NameValue[];
  items: { title: string; variantTitle: string | null; sku: string | null; quantity: number; properties: NameValue[] }[];
  /** What the app sent HyperSKU (the request as sent) and what HyperSKU holds (its copy of the address). */
  sentToHypersku: {
    sentAt: string | null;
    hyperskuOrderId: string | null;
    hyperskuStatus: string | null;
    request: unknown;
    addressAtHypersku: unknown;
  } | null;
  parcels: {
    trackingCompany: string | null;
    trackingNumber: string | null;
    trackingUrl: string | null;
    status: string | null;
    items: { title: string | null; variantTitle: string | null; quantity: number | null }[];
  }[];
  timeline: { at: string; kind: string; message: string | null }[];
};

export type CustomerDataExport = {
  about: string;
  shop: string;
  generatedAt: string;
  request: {
    shopifyRequestId: string | null;
    receivedAt: string;
    customer: { shopifyCustomerId: string | null; email: string | null; phone: string | null };
    ordersRequested: string[];
  };
  orders: ExportedOrder[];
};

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // kept as stored: it is what the app holds
  }
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function exportOrder(order: StoredOrder, snapshot: Partial<ShopifyOrderSnapshot>): ExportedOrder {
  const atHypersku = order.sentRequest !== null || order.hyperskuOrderId !== null;
  const parcelItems = (json: string) => {
    const items = parseJson(json);
    return Array.isArray(items)
      ? items.map((item) => ({
          title: text(field(item, "title")),
          variantTitle: text(field(item, "variantTitle")),
          quantity: typeof field(item, "quantity") === "number" ? (field(item, "quantity") as number) : null,
        }))
      : [];
  };
  return {
    shopifyOrderId: order.shopifyOrderId,
    name: order.name,
    placedAt: order.shopifyCreatedAt.toISOString(),
    contact: { email: snapshot.email ?? null, phone: snapshot.phone ?? null },
    shippingAddress: snapshot.shippingAddress ?? null,
    note: snapshot.note ?? null,
    orderAttributes: snapshot.noteAttributes ?? [],
    items: (snapshot.lineItems ?? []).map((item) => ({
      title: item.title,
      variantTitle: item.variantTitle,
      sku: item.sku,
      quantity: item.quantity,
      properties: item.properties ?? [],
    })),
    sentToHypersku: atHypersku
      ? {
          sentAt: order.sentAt?.toISOString() ?? null,
          hyperskuOrderId: order.hyperskuOrderId,
          hyperskuStatus: order.hyperskuStatusDesc,
          request: parseJson(order.sentRequest),
          addressAtHypersku: field(parseJson(order.hyperskuResponse), "orderAddressInfo") ?? null,
        }
      : null,
    parcels: order.parcels.map((parcel) => ({
      trackingCompany: parcel.trackingCompany,
      trackingNumber: parcel.trackingNumber,
      trackingUrl: parcel.trackingUrl,
      status: parcel.status,
      items: parcelItems(parcel.items),
    })),
    timeline: [...order.events]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((event) => ({ at: event.at.toISOString(), kind: event.kind, message: event.message })),
  };
}

function readSnapshot(order: StoredOrder): Partial<ShopifyOrderSnapshot> {
  const parsed = parseJson(order.snapshot);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Partial<ShopifyOrderSnapshot>) : {};
}

export function buildCustomerDataExport(input: {
  shop: string;
  request: CustomerDataRequest;
  orders: readonly StoredOrder[];
  generatedAt: Date;
}): CustomerDataExport {
  const { request } = input;
  const subject = subjectOfRequest(request);
  const orders = input.orders
    .filter((order) => order.shop === input.shop)
    .map((order) => ({ order, snapshot: readSnapshot(order) }))
    .filter(({ order, snapshot }) =>
      isSubjectsOrder(
        { shopifyOrderId: order.shopifyOrderId, customerId: snapshot.customerId, email: snapshot.email, phone: snapshot.phone },
        subject,
      ),
    )
    .sort((a, b) => a.order.shopifyCreatedAt.getTime() - b.order.shopifyCreatedAt.getTime());
  return {
    about:
      "The personal data the HyperSKU order-forwarding app stores about this customer of the shop: the customer's orders as the app " +
      "received them from Shopify, what it sent to HyperSKU (the dropshipping agent that ships them) and HyperSKU's copy, parcels " +
      "and tracking, and each order's history in the app.",
    shop: input.shop,
    generatedAt: input.generatedAt.toISOString(),
    request: {
      shopifyRequestId: request.shopifyRequestId,
      receivedAt: request.receivedAt.toISOString(),
      customer: { shopifyCustomerId: request.shopifyCustomerId, email: request.email, phone: request.phone },
      ordersRequested: readRequestedOrderIds(request),
    },
    orders: orders.map(({ order, snapshot }) => exportOrder(order, snapshot)),
  };
}

const NONE = "(none)";
const or = (value: string | null | undefined) => (value && value.trim() ? value : NONE);

function addressLines(address: unknown): string[] {
  if (!address || typeof address !== "object") return [NONE];
  const get = (key: string) => text(field(address, key))?.trim() || null;
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");
  const lines = [
    join(get("firstName"), get("lastName")),
    get("company"),
    get("address1"),
    get("address2"),
    join(get("city"), get("province"), get("zip")),
    get("country") ?? get("countryName") ?? get("countryCode"),
    get("phone") && `Phone: ${get("phone")}`,
    get("email") && `E-mail: ${get("email")}`,
    get("taxNo") && `Tax number: ${get("taxNo")}`,
    get("idNo") && `ID number: ${get("idNo")}`,
  ].filter((line): line is string => Boolean(line));
  return lines.length > 0 ? lines : [NONE];
}

const indent = (lines: string[], by = "    ") => lines.map((line) => `${by}${line}`);

function orderText(order: ExportedOrder): string[] {
  const lines = [
    `Order ${order.name} (Shopify order ${order.shopifyOrderId}), placed ${order.placedAt}`,
    `  E-mail: ${or(order.contact.email)}`,
    `  Phone: ${or(order.contact.phone)}`,
    "  Shipping address:",
    ...indent(addressLines(order.shippingAddress)),
    `  Order note: ${or(order.note)}`,
  ];
  if (order.orderAttributes.length > 0)
    lines.push("  Order details the customer gave:", ...indent(order.orderAttributes.map((a) => `${a.name}: ${a.value}`)));
  lines.push("  Items:");
  for (const item of order.items) {
    const variant = item.variantTitle ? ` (${item.variantTitle})` : "";
    lines.push(`    ${item.quantity} × ${item.title}${variant}${item.sku ? `, SKU ${item.sku}` : ""}`);
    for (const property of item.properties) lines.push(`      ${property.name}: ${property.value}`);
  }
  const sent = order.sentToHypersku;
  if (!sent) lines.push("  Sent to HyperSKU: no");
  else {
    lines.push(
      `  Sent to HyperSKU: ${or(sent.sentAt)}, HyperSKU order ${or(sent.hyperskuOrderId)}, status ${or(sent.hyperskuStatus)}`,
      "    Address sent to HyperSKU:",
      ...indent(addressLines(field(sent.request, "shippingAddress")), "      "),
    );
    const items = field(sent.request, "lineItems");
    if (Array.isArray(items)) {
      lines.push("    Items sent to HyperSKU:");
      for (const item of items) {
        const variant = text(field(item, "variantAttr"));
        lines.push(`      ${String(field(item, "quantity") ?? "?")} × ${or(text(field(item, "title")))}${variant ? ` (${variant})` : ""}`);
      }
    }
    if (sent.addressAtHypersku) lines.push("    Address HyperSKU holds:", ...indent(addressLines(sent.addressAtHypersku), "      "));
  }
  lines.push(order.parcels.length > 0 ? "  Parcels:" : "  Parcels: none");
  for (const parcel of order.parcels) {
    lines.push(`    ${or(parcel.trackingCompany)} ${or(parcel.trackingNumber)} ${parcel.trackingUrl ?? ""}`.trimEnd());
    if (parcel.status) lines.push(`      Status: ${parcel.status}`);
    for (const item of parcel.items)
      lines.push(`      ${item.quantity ?? "?"} × ${or(item.title)}${item.variantTitle ? ` (${item.variantTitle})` : ""}`);
  }
  lines.push("  History in the app:", ...order.timeline.map((event) => `    ${event.at} ${event.kind}: ${event.message ?? ""}`.trimEnd()));
  return lines;
}

/** The export as plain text, for the merchant to read and pass on. */
export function renderCustomerDataText(data: CustomerDataExport): string {
  const { customer } = data.request;
  const lines = [
    `Customer data held by the HyperSKU order-forwarding app for ${data.shop}`,
    "",
    data.about,
    "",
    `Shopify data request: ${or(data.request.shopifyRequestId)}, received ${data.request.receivedAt}`,
    `Customer: e-mail ${or(customer.email)}, phone ${or(customer.phone)}, Shopify customer ${or(customer.shopifyCustomerId)}`,
    `Orders named in the request: ${data.request.ordersRequested.length > 0 ? data.request.ordersRequested.join(", ") : NONE}`,
    `Made: ${data.generatedAt}`,
    "",
    data.orders.length === 0
      ? "The app stores no orders of this customer, so it holds no personal data about them."
      : `Orders: ${data.orders.length}`,
  ];
  for (const order of data.orders) lines.push("", ...orderText(order));
  return `${lines.join("\n")}\n`;
}
