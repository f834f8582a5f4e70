/**
 * Stored orders as the admin pages read them, in every forwarding state and HyperSKU status, with
 * parcels and timeline events. Realistic by construction: the snapshot comes from a Shopify order
 * payload, the request "as sent" from the app's own mapper, and HyperSKU's answer from the
 * simulator's own order builder. Override only what a test is about.
 */
import type { Order } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { mapOrderToExternalOrder } from "~/domain/orders/map-order";
import type { OrderState } from "~/models/order-state";
import { ORDER_PROBLEMS } from "~/domain/orders/describe-problems";
import { describeHyperskuStatus } from "~/domain/orders/hypersku-status";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { snapshotSearchColumns } from "~/models/order.server";
import { buildOrder } from "../../simulators/hypersku/order-builder";
import type { ExternalOrder as SimulatorExternalOrder } from "../../simulators/hypersku/validation";
import { buildRestLineItem, buildRestOrder, snapshotOfRest, type JsonObject } from "../../simulators/harness/order-payloads";
import { imageDataUri } from "../../simulators/harness/pictures";
import { TEST_SHOP } from "./shopify";

let sequence = 0;

export async function createShopRecord(
  shop = TEST_SHOP,
  overrides: Partial<{ hyperskuStatus: string; name: string; lastReconciledAt: Date }> = {},
) {
  return prisma.shop.upsert({
    where: { domain: shop },
    update: { ...overrides },
    create: { domain: shop, hyperskuStatus: "connected", ...overrides },
  });
}

export type AdminOrderInput = {
  shop?: string;
  state?: OrderState;
  /** A HyperSKU status code; implies the order is at HyperSKU ("sent"). */
  hyperskuStatus?: number;
  number?: number;
  name?: string;
  createdAt?: Date;
  stateCode?: string | null;
  stateReason?: string | null;
  flag?: { code: string; reason: string };
  /** Shopify order payload overrides (tags, test, financial_status...). */
  payload?: JsonObject;
  withEvents?: boolean;
};

const STATE_DEFAULTS: Partial<Record<OrderState, { stateCode: string; stateReason: string }>> = {
  waiting: { stateCode: "awaiting_payment", stateReason: ORDER_PROBLEMS.awaiting_payment.problem },
  held: { stateCode: "not_connected", stateReason: "HyperSKU is not connected. The order will be sent as soon as you connect." },
  needs_attention: { stateCode: "no_shipping_address", stateReason: ORDER_PROBLEMS.no_shipping_address.problem },
  failed: {
    stateCode: "hypersku_unavailable",
    stateReason: "Sending failed 12 times. Last error: HyperSKU is temporarily unavailable (503).",
  },
  skipped: { stateCode: "test_order", stateReason: ORDER_PROBLEMS.test_order.problem },
  cancelled: { stateCode: "cancelled", stateReason: ORDER_PROBLEMS.cancelled.problem },
};

/** One stored order; "sent" orders carry the request as sent and HyperSKU's full answer. */
export async function createAdminOrder(input: AdminOrderInput = {}): Promise<Order> {
  sequence += 1;
  const shop = input.shop ?? TEST_SHOP;
  const state: OrderState = input.state ?? (input.hyperskuStatus !== undefined ? "sent" : "waiting");
  const number = input.number ?? 1000 + sequence;
  const name = input.name ?? `#${number}`;
  const createdAt = input.createdAt ?? new Date(Date.UTC(2026, 6, 1) + sequence * 60_000);
  const lineItems = [
    buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2, title: "Ceramic Mug", variant_title: "Blue / Large" } }),
    buildRestLineItem({ unitPrice: "12.50", overrides: { title: "Linen Tea Towel", variant_title: "Natural" } }),
  ];
  const payload = buildRestOrder({
    lineItems,
    overrides: {
      id: 7_700_000_000_000 + sequence,
      name,
      order_number: number,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
      ...input.payload,
    },
  });
  const snapshot: ShopifyOrderSnapshot = snapshotOfRest(payload);
  const defaults = STATE_DEFAULTS[state];
  const base = {
    shop,
    shopifyOrderId: snapshot.shopifyOrderId,
    name,
    shopifyCreatedAt: createdAt,
    shopifyUpdatedAt: createdAt,
    snapshot: JSON.stringify(snapshot),
    ...snapshotSearchColumns(JSON.stringify(snapshot)),
    state,
    stateCode: input.stateCode !== undefined ? input.stateCode : (defaults?.stateCode ?? null),
    stateReason: input.stateReason !== undefined ? input.stateReason : (defaults?.stateReason ?? null),
    flagCode: input.flag?.code ?? null,
    flagReason: input.flag?.reason ?? null,
  };

  let atHypersku = {};
  if (state === "sent") {
    const mapped = mapOrderToExternalOrder(snapshot, { domain: shop, name: "Test shop", platformCode: 1 });
    if (!mapped.ok) throw new Error(`factory order did not map: ${JSON.stringify(mapped.reasons)}`);
    const request = {
      ...mapped.request,
      lineItems: mapped.request.lineItems.map((item, index) => ({
        ...item,
        variantImg: imageDataUri(index === 0 ? "#2c6ecb" : "#8a6116", index === 0 ? "Mug" : "Towel"),
      })),
    };
    let itemId = 500 + sequence * 10;
    const hyperskuOrder = buildOrder(request as SimulatorExternalOrder, {
      orderId: 880_000 + sequence,
      nextItemId: () => (itemId += 1),
      now: new Date(createdAt.getTime() + 60_000),
    });
    const status = input.hyperskuStatus ?? 8;
    const described = describeHyperskuStatus(status)!;
    hyperskuOrder.orderBaseInfo.status = status;
    hyperskuOrder.orderBaseInfo.statusDesc = described.name;
    hyperskuOrder.orderBaseInfo.isPaid = ![8, 1, 9].includes(status);
    for (const item of hyperskuOrder.orderItemInfos) Object.assign(item, { status, statusDes: described.name });
    atHypersku = {
      hyperskuOrderId: String(hyperskuOrder.orderBaseInfo.orderId),
      hyperskuStatus: status,
      hyperskuStatusDesc: described.name,
      hyperskuResponse: JSON.stringify(hyperskuOrder),
      sentRequest: JSON.stringify(request),
      sentAt: new Date(createdAt.getTime() + 60_000),
      attemptCount: 1,
      lastAttemptAt: new Date(createdAt.getTime() + 60_000),
      lastSyncedAt: new Date(createdAt.getTime() + 3_600_000),
    };
  } else if (state === "failed") {
    atHypersku = { attemptCount: 12, lastAttemptAt: createdAt, lastError: "HyperSKU is temporarily unavailable (503)." };
  }

  const order = await prisma.order.create({ data: { ...base, ...atHypersku } });
  if (input.withEvents !== false) await addStandardEvents(order);
  return order;
}

async function addStandardEvents(order: Order) {
  const at = (minutes: number) => new Date(order.shopifyCreatedAt.getTime() + minutes * 60_000);
  const events: { kind: string; outcome?: string; message: string; at: Date }[] = [
    { kind: "received", message: "Received from Shopify (webhook).", at: at(0) },
    { kind: "decision", outcome: order.state, message: order.stateReason ?? "Queued for HyperSKU.", at: at(0) },
  ];
  if (order.state === "failed") {
    events.push({ kind: "attempt", outcome: "retry", message: "HyperSKU is temporarily unavailable (503). Next try soon.", at: at(1) });
    events.push({ kind: "attempt", outcome: "failed", message: "HyperSKU is temporarily unavailable (503).", at: at(30) });
  }
  if (order.state === "sent") {
    events.push({ kind: "attempt", outcome: "sent", message: "Created at HyperSKU.", at: at(1) });
    if (order.hyperskuStatus !== null && order.hyperskuStatus !== 8) {
      events.push({
        kind: "status",
        outcome: String(order.hyperskuStatus),
        message: `HyperSKU status: Pending Sourcing → ${order.hyperskuStatusDesc}.`,
        at: at(60),
      });
    }
  }
  for (const event of events) {
    await prisma.orderEvent.create({
      data: { orderId: order.id, kind: event.kind, outcome: event.outcome ?? null, message: event.message, at: event.at },
    });
  }
}

export type ParcelInput = {
  trackingCompany?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  status?: string | null;
  fulfillmentState?: string;
  fulfillmentError?: string | null;
  items?: { title: string; variantTitle?: string; quantity: number; imgUrl?: string }[];
};

/** A parcel of a stored order, with its items and a "tracking added" event. */
export async function createParcel(order: Order, input: ParcelInput = {}) {
  sequence += 1;
  const trackingNumber = input.trackingNumber === undefined ? `YT${2_400_000_000 + sequence}` : input.trackingNumber;
  const items = (
    input.items ?? [{ title: "Ceramic Mug", variantTitle: "Blue / Large", quantity: 2, imgUrl: imageDataUri("#2c6ecb", "Mug") }]
  ).map((item, index) => ({
    storeOrderLineItemId: `li-${sequence}-${index}`,
    quantity: item.quantity,
    title: item.title,
    variantTitle: item.variantTitle ?? null,
    imgUrl: item.imgUrl ?? null,
    status: 4,
    statusDes: "Shipping",
  }));
  const parcel = await prisma.parcel.create({
    data: {
      orderId: order.id,
      shop: order.shop,
      parcelKey: trackingNumber ?? `position-${sequence}`,
      trackingCompany: input.trackingCompany === undefined ? "YunExpress" : input.trackingCompany,
      trackingNumber,
      trackingUrl: input.trackingUrl === undefined ? `https://www.yuntrack.com/parcelTracking?id=${trackingNumber}` : input.trackingUrl,
      items: JSON.stringify(items),
      status: input.status === undefined ? "In transit" : input.status,
      fulfillmentState: input.fulfillmentState ?? "created",
      fulfillmentError: input.fulfillmentError ?? null,
      shopifyFulfillmentId: (input.fulfillmentState ?? "created") === "created" ? `gid://shopify/Fulfillment/${9_000 + sequence}` : null,
    },
  });
  await prisma.orderEvent.create({
    data: {
      orderId: order.id,
      kind: "tracking",
      outcome: "added",
      message: `HyperSKU shipped a parcel: ${items.map((item) => `${item.quantity} × ${item.title}`).join(", ")}; tracking ${trackingNumber ?? "(none)"} (${parcel.trackingCompany ?? "no carrier"}).`,
      at: new Date(order.shopifyCreatedAt.getTime() + 2 * 3_600_000),
    },
  });
  if (parcel.fulfillmentState === "created") {
    await prisma.orderEvent.create({
      data: {
        orderId: order.id,
        kind: "fulfillment",
        outcome: "created",
        message: `Marked as fulfilled in Shopify, tracking ${trackingNumber ?? "(none)"}; Shopify notifies the customer.`,
        at: new Date(order.shopifyCreatedAt.getTime() + 2 * 3_600_000 + 1000),
      },
    });
  }
  return parcel;
}

/** At least one order in every forwarding state and every HyperSKU status, oldest first. */
export async function seedOrdersInEveryState(shop = TEST_SHOP, startNumber = 2001) {
  let number = startNumber;
  const start = Date.UTC(2026, 5, 1);
  const next = (input: AdminOrderInput) => {
    const n = number++;
    return createAdminOrder({ shop, number: n, createdAt: new Date(start + (n - startNumber) * 3_600_000), ...input });
  };
  const orders: Order[] = [];
  for (const state of ["waiting", "scheduled", "held", "needs_attention", "failed", "skipped", "cancelled"] as const)
    orders.push(await next({ state }));
  for (const code of [8, 1, 9, 2, 3, 14, 4, 5, 6, 7, 10, 11]) orders.push(await next({ hyperskuStatus: code }));
  return orders;
}
