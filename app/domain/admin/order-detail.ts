/**
 * The order page's view model, from the stored record: the Shopify order, where it stands with
 * HyperSKU (as HyperSKU last described it), the address exactly as sent, each parcel, the timeline
 * and which actions make sense now. Pure: stored JSON is parsed tolerantly; a column that does not
 * parse is shown as missing, never as a crash.
 */
import { LINE_SKIP_REASONS } from "~/domain/orders/describe-problems";
import { lineSkipCode } from "~/domain/orders/map-line-items";
import { z } from "zod";
import { getStateFix } from "~/domain/extension/problem-fixes";
import {
  describeHyperskuStatus,
  getHyperskuStatusRow,
  HYPERSKU_STATUS,
  isBeforeShipping,
  isFinalStatus,
} from "~/domain/orders/hypersku-status";
import type { Order } from "~/models/order.server";
import type { OrderEvent } from "~/models/order-event.server";
import { describeOrderState, getHeldFix, isInFlight, isUnsent } from "~/models/order-state";
import type { Parcel } from "~/models/parcel.server";
import type { ShopifyOrderSnapshot } from "~/models/order-snapshot";
import { externalShippingAddressSchema, orderSchema, type HyperskuOrder } from "~/integrations/hypersku/schemas";
import { describeWaitDuringOutage, type CallHealth } from "~/domain/connection/health";
import { formatDateTime, formatMoney, humanize } from "./format";
import { describePipeline, pipelineOrderOf } from "./pipeline";

export type OrderWithDetails = Order & { parcels: Parcel[]; events: OrderEvent[] };

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * HyperSKU's answer as stored. A field that no longer parses (stored by an older version, or sent in
 * a format the schema does not take) is left out rather than hiding the whole answer.
 */
function readHyperskuOrder(text: string | null): HyperskuOrder | null {
  let value = parseJson(text);
  for (let round = 0; round < 3; round++) {
    const parsed = orderSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    if (!value || typeof value !== "object") return null;
    value = withoutPaths(
      value,
      parsed.error.issues.map((issue) => issue.path),
    );
  }
  return null;
}

function withoutPaths(value: object, paths: PropertyKey[][]): unknown {
  const copy = structuredClone(value) as Record<PropertyKey, unknown>;
  for (const path of paths) {
    if (path.length === 0) return null;
    let parent: unknown = copy;
    for (const key of path.slice(0, -1))
      parent = parent && typeof parent === "object" ? (parent as Record<PropertyKey, unknown>)[key as string] : undefined;
    if (parent && typeof parent === "object") delete (parent as Record<PropertyKey, unknown>)[path[path.length - 1] as string];
  }
  return copy;
}

const sentRequestSchema = z.looseObject({ shippingAddress: externalShippingAddressSchema.partial().nullish() });

const parcelItemSchema = z.looseObject({
  storeOrderLineItemId: z.string().nullish(),
  quantity: z.number().nullish(),
  title: z.string().nullish(),
  variantTitle: z.string().nullish(),
  imgUrl: z.string().nullish(),
  status: z.union([z.number(), z.string()]).nullish(),
  statusDes: z.string().nullish(),
});

const join = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");

/** Image URLs come from another system: only http(s) (and inline images) are shown. */
const safeImage = (url: string | null | undefined) => (url && /^(https?:\/\/|data:image\/)/i.test(url) ? url : null);
/** A tracking link must be a web page, never `javascript:` or the like. */
const safeLink = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

export type AddressView = { source: "sent" | "hypersku" | "shopify"; lines: string[]; phone: string | null; email: string | null };

function addressView(order: Order, hypersku: HyperskuOrder | null, snapshot: ShopifyOrderSnapshot | null): AddressView | null {
  // The request is stored as it leaves; it is "the address HyperSKU has" only once HyperSKU has the order.
  const sent = sentRequestSchema.safeParse(order.state === "sent" ? parseJson(order.sentRequest) : null);
  const address = sent.success ? sent.data.shippingAddress : null;
  if (address) {
    return {
      source: "sent",
      lines: [
        join(address.firstName, address.lastName),
        address.address1 ?? "",
        address.address2 ?? "",
        join(address.city, address.province, address.zip),
        address.countryName ? `${address.countryName} (${address.countryCode ?? ""})` : (address.countryCode ?? ""),
      ].filter(Boolean),
      phone: address.phone ?? null,
      email: address.email ?? null,
    };
  }
  const atHypersku = hypersku?.orderAddressInfo;
  if (atHypersku) {
    return {
      source: "hypersku",
      lines: [
        join(atHypersku.firstName, atHypersku.lastName),
        atHypersku.address1 ?? "",
        atHypersku.address2 ?? "",
        join(atHypersku.city, atHypersku.province, atHypersku.zip),
        atHypersku.countryName ?? atHypersku.countryCode ?? "",
      ].filter(Boolean),
      phone: atHypersku.phone ?? null,
      email: null,
    };
  }
  const shopify = snapshot?.shippingAddress;
  if (!shopify) return null;
  return {
    source: "shopify",
    lines: [
      join(shopify.firstName, shopify.lastName),
      shopify.company ?? "",
      shopify.address1 ?? "",
      shopify.address2 ?? "",
      join(shopify.city, shopify.provinceCode ?? shopify.province, shopify.zip),
      shopify.country ?? shopify.countryCode ?? "",
    ].filter(Boolean),
    phone: shopify.phone,
    email: snapshot?.email ?? null,
  };
}

export type ItemView = {
  key: string;
  title: string;
  details: string | null;
  quantity: number | null;
  price: string | null;
  imageUrl: string | null;
  status: string | null;
};

/** HyperSKU's statuses that say the merchant has paid HyperSKU: past payment, on the normal path. */
const isPaidStatus = (status: number | null) => {
  const phase = getHyperskuStatusRow(status)?.phase;
  return phase === "processing" || phase === "shipped" || phase === "delivered";
};

/**
 * Whether the merchant has paid HyperSKU for the order: only what HyperSKU's status says. Its
 * answer's `isPaid` and `payTime` are the customer's Shopify payment echoed back (the request's
 * `isPaid` and `paidAt`), so no date is shown: HyperSKU states none of its own.
 */
function paymentToHypersku(status: number | null): string {
  const row = getHyperskuStatusRow(status);
  if (!row) return "Not stated: HyperSKU has not given a status";
  if (row.phase === "sourcing") return "Not due yet: HyperSKU is still sourcing the items";
  if (row.phase === "payment")
    return row.code === HYPERSKU_STATUS.paymentInProgress ? "Payment in progress" : "Not paid yet: pay HyperSKU for this order";
  if (isPaidStatus(status)) return "Paid";
  if (row.code === HYPERSKU_STATUS.refunding) return "Being refunded by HyperSKU";
  return `Not stated: HyperSKU's status (${row.name}) does not say; your HyperSKU account shows it`;
}

/** An item of the Shopify order that HyperSKU is not sent, with why (a mixed cart sends only its HyperSKU part). */
export type LeftOutItemView = { key: string; title: string; reason: string };

const storedLeftOutSchema = z.array(z.looseObject({ lineItemId: z.string(), title: z.string(), reason: z.string() }));

/**
 * The lines kept from HyperSKU: as routed when the order was last planned with Shopify's fulfillment
 * orders (another fulfiller, another location, the merchant's rules), else as the order alone tells.
 */
function leftOutItems(snapshot: ShopifyOrderSnapshot | null, storedLeftOut: string | null): LeftOutItemView[] {
  const stored = storedLeftOutSchema.safeParse(parseJson(storedLeftOut));
  if (stored.success)
    return stored.data.map((line) => ({ key: line.lineItemId, title: line.title || "Untitled item", reason: line.reason }));
  return (snapshot?.lineItems ?? []).flatMap((stored) => {
    // Snapshots stored by older versions may lack a field: read it as an ordinary shipped item.
    const item = {
      ...stored,
      isGiftCard: stored.isGiftCard ?? false,
      requiresShipping: stored.requiresShipping ?? true,
      refundedQuantity: stored.refundedQuantity ?? 0,
      currentQuantity: stored.currentQuantity ?? null,
      fulfillableQuantity: stored.fulfillableQuantity ?? null,
    };
    const code = lineSkipCode(item);
    return code ? [{ key: item.id, title: item.title || "Untitled item", reason: LINE_SKIP_REASONS[code] }] : [];
  });
}

/**
 * What each item of HyperSKU's stored answer reads: "Cancelled" once the order is (whatever the
 * stored answer still says of its items), none when the answer is older than the order's status (an
 * item would read an earlier state, as "Pending Sourcing" on a shipped order), else HyperSKU's words.
 */
function itemStatusOf(cancelled: boolean, answerIsCurrent: boolean) {
  return (statusDes: string | null | undefined) => (cancelled ? "Cancelled" : answerIsCurrent ? (statusDes ?? null) : null);
}

function itemsView(
  hypersku: HyperskuOrder | null,
  snapshot: ShopifyOrderSnapshot | null,
  storedLeftOut: string | null,
  itemStatus: (statusDes: string | null | undefined) => string | null,
): { source: "hypersku" | "shopify"; rows: ItemView[]; leftOut: LeftOutItemView[] } {
  const infos = hypersku?.orderItemInfos ?? [];
  const leftOut = leftOutItems(snapshot, storedLeftOut);
  if (infos.length > 0) {
    return {
      source: "hypersku",
      leftOut,
      rows: infos.map((item, index) => ({
        key: String(item.id ?? item.storeOrderLineItemId ?? index),
        title: item.title ?? "Untitled item",
        details: item.goodsAttr ?? null,
        quantity: item.quantity ?? null,
        price: formatMoney(item.unitPrice, item.currencyCode),
        imageUrl: safeImage(item.imgUrl),
        status: itemStatus(item.statusDes),
      })),
    };
  }
  return {
    source: "shopify",
    leftOut,
    rows: (snapshot?.lineItems ?? []).map((item) => ({
      key: item.id,
      title: item.title,
      details: item.variantTitle,
      quantity: item.currentQuantity ?? item.quantity,
      price: formatMoney(item.unitPrice, snapshot?.currency),
      imageUrl: safeImage(item.imageUrl),
      status: itemStatus(null),
    })),
  };
}

const FULFILLMENT_LABELS: Record<string, { label: string; tone: "success" | "info" | "warning" | "critical" | undefined }> = {
  pending: { label: "Not yet fulfilled in Shopify", tone: "info" },
  created: { label: "Fulfilled in Shopify", tone: "success" },
  conflict: { label: "Shopify already had these items fulfilled", tone: "warning" },
  failed: { label: "Shopify fulfillment failed", tone: "critical" },
  not_needed: { label: "No Shopify fulfillment needed", tone: undefined },
};

function parcelsView(parcels: Parcel[]) {
  return parcels.map((parcel, index) => {
    const items = z.array(parcelItemSchema).safeParse(parseJson(parcel.items));
    const fulfillment = FULFILLMENT_LABELS[parcel.fulfillmentState] ?? { label: humanize(parcel.fulfillmentState), tone: undefined };
    return {
      id: parcel.id,
      label: `Parcel ${index + 1}`,
      carrier: parcel.trackingCompany,
      trackingNumber: parcel.trackingNumber,
      trackingUrl: safeLink(parcel.trackingUrl),
      status: parcel.status,
      fulfillment: { ...fulfillment, error: parcel.fulfillmentError },
      items: (items.success ? items.data : []).map((item, itemIndex) => ({
        key: `${item.storeOrderLineItemId ?? "item"}-${itemIndex}`,
        title: item.title ?? "Item",
        details: item.variantTitle ?? null,
        quantity: item.quantity ?? null,
        imageUrl: safeImage(item.imgUrl),
        status: item.statusDes ?? null,
      })),
    };
  });
}

/** Titles by `kind:outcome`, then by `kind`: the timeline reads as what happened, not as codes. */
const EVENT_TITLES: Record<string, string> = {
  received: "Received from Shopify",
  decision: "Forwarding decision",
  updated: "Updated in Shopify",
  items_reduced: "Items reduced after sending",
  items_added: "Items added after sending",
  fulfilled_outside_app: "Fulfilled outside the app",
  money_warning: "Shopify's amounts do not add up",
  send_warning: "To check at HyperSKU",
  ignored_stale: "Older version ignored",
  held: "Held",
  action: "Your action",
  "attempt:sent": "Sent to HyperSKU",
  "attempt:retry": "Sending attempt failed; will retry",
  "attempt:failed": "Sending failed",
  "attempt:rejected": "HyperSKU refused the order",
  "attempt:checking": "Checking with HyperSKU",
  attempt: "Sending attempt",
  status: "HyperSKU status changed",
  "tracking:added": "Tracking added",
  "tracking:changed": "Tracking changed",
  "tracking:removed": "Tracking removed",
  tracking: "Tracking",
  "fulfillment:created": "Shopify fulfillment created",
  "fulfillment:tracking_updated": "Tracking updated in Shopify",
  "fulfillment:failed": "Shopify fulfillment failed",
  "fulfillment:conflict": "Shopify fulfillment not created",
  fulfillment: "Shopify fulfillment",
  "cancellation:cancelled": "Cancelled at HyperSKU",
  "cancellation:refused": "Cancellation refused",
  cancellation: "Cancellation at HyperSKU",
  address: "Address change",
  "duplicate:watching": "Watching for a late copy at HyperSKU",
  "duplicate:cancelled": "Extra copy cancelled at HyperSKU",
  "duplicate:refused": "Extra copy not cancelled",
  "duplicate:ended": "Stopped watching for a late copy",
  duplicate: "Copy at HyperSKU",
  "problem:resolved": "Problem marked resolved",
  "problem:ignored": "Problem ignored",
  "sync:stopped": "Status checks stopped",
  sync: "Status checks",
};

const SUCCESS_OUTCOMES = ["sent", "created", "added", "tracking_updated", "updated", "done", "ok", "resolved"];
const CRITICAL_OUTCOMES = ["failed", "rejected", "refused", "error"];
const WARNING_OUTCOMES = ["retry", "held", "needs_attention", "conflict", "too_late", "removed"];

function eventTone(outcome: string | null): "success" | "critical" | "warning" | undefined {
  if (!outcome) return undefined;
  if (SUCCESS_OUTCOMES.includes(outcome)) return "success";
  if (CRITICAL_OUTCOMES.includes(outcome)) return "critical";
  if (WARNING_OUTCOMES.includes(outcome)) return "warning";
  return undefined;
}

function eventOutcome(event: OrderEvent): string | null {
  if (!event.outcome) return null;
  // Status events carry HyperSKU's code: show its name.
  if (event.kind === "status" && /^\d+$/.test(event.outcome)) return describeHyperskuStatus(Number(event.outcome))?.name ?? event.outcome;
  return humanize(event.outcome);
}

function timelineView(events: OrderEvent[], timeZone: string | null) {
  return events.map((event) => ({
    id: event.id,
    at: event.at.toISOString(),
    atText: formatDateTime(event.at, timeZone),
    title: EVENT_TITLES[`${event.kind}:${event.outcome}`] ?? EVENT_TITLES[event.kind] ?? humanize(event.kind),
    outcome: eventOutcome(event),
    tone: event.kind === "status" ? undefined : eventTone(event.outcome),
    message: event.message,
  }));
}

function readSnapshot(order: Order): ShopifyOrderSnapshot | null {
  const value = parseJson(order.snapshot);
  return value && typeof value === "object" ? (value as ShopifyOrderSnapshot) : null;
}

/**
 * `stalled`: the order shows "sending" or "checking" but no worker holds its job (a crashed worker,
 * a job that gave up): Retry is offered, and hands it back to the forward job.
 * `timeZone`: the shop's IANA zone, every time is shown in (null: not read from Shopify yet, UTC).
 * `hyperskuHealth`: whether HyperSKU answers; a send waiting for its next try says when it stopped.
 * `now`: an order queued within the merchant's hold time says until when.
 */
export function buildOrderDetail(
  order: OrderWithDetails,
  shopDomain: string,
  {
    stalled = false,
    timeZone = null,
    hyperskuHealth = null,
    now = new Date(),
  }: { stalled?: boolean; timeZone?: string | null; hyperskuHealth?: CallHealth | null; now?: Date } = {},
) {
  const snapshot = readSnapshot(order);
  const hypersku = readHyperskuOrder(order.hyperskuResponse);
  const base = hypersku?.orderBaseInfo ?? null;
  const stateInfo = describeOrderState(order.state, order.stateCode) ?? { label: humanize(order.state), meaning: "" };
  // The one stage the orders list shows too (pipeline.ts): the page's badge never says "Sent" of a cancelled order.
  const pipeline = describePipeline(pipelineOrderOf(order, order.parcels));
  const currentStatus = order.hyperskuStatus ?? base?.status ?? null;
  const hyperskuStatus = describeHyperskuStatus(currentStatus, order.hyperskuStatusDesc ?? base?.statusDesc);
  // HyperSKU's stored answer is kept from an earlier look when a later one failed or was not made.
  const answerIsCurrent = base?.status == null || order.hyperskuStatus === null || base.status === order.hyperskuStatus;
  const itemStatus = itemStatusOf(pipeline.stage === "cancelled", answerIsCurrent);
  const atHypersku = order.state === "sent" && order.hyperskuOrderId !== null;
  const currency = base?.currencyCode ?? null;
  const storeName = shopDomain.replace(/\.myshopify\.com$/, "");
  const nextAttempt = isUnsent(order.state) || isInFlight(order.state) ? formatDateTime(order.nextAttemptAt, timeZone) : "";
  const waitingForHypersku =
    hyperskuHealth && (order.state === "scheduled" || order.state === "checking")
      ? describeWaitDuringOutage(hyperskuHealth, nextAttempt)
      : null;
  const inHoldTime =
    order.state === "scheduled" && order.forwardNotBefore && order.forwardNotBefore > now
      ? `Kept for you to review until ${formatDateTime(order.forwardNotBefore, timeZone)} (the hold time in your settings), then sent to HyperSKU.`
      : null;

  return {
    id: order.id,
    name: order.name,
    shopifyOrderId: order.shopifyOrderId,
    shopifyAdminUrl: `https://admin.shopify.com/store/${storeName}/orders/${order.shopifyOrderId}`,
    createdAt: formatDateTime(order.shopifyCreatedAt, timeZone),
    state: {
      code: order.state,
      label: stateInfo.label,
      meaning: waitingForHypersku ?? inHoldTime ?? stateInfo.meaning,
      reason: order.stateReason,
      fix: getHeldFix(order.state, order.stateCode) ?? getStateFix(order.stateCode),
    },
    pipeline,
    flag: order.flagCode ? { code: order.flagCode, reason: order.flagReason ?? humanize(order.flagCode) } : null,
    attempts: {
      count: order.attemptCount,
      last: formatDateTime(order.lastAttemptAt, timeZone),
      lastError: order.lastError,
      next: nextAttempt,
      nextLabel: order.state === "checking" ? "Next check with HyperSKU" : "Next attempt",
    },
    shopify: {
      financialStatus: snapshot?.financialStatus ? humanize(snapshot.financialStatus) : "Unknown",
      fulfillmentStatus: snapshot?.fulfillmentStatus ? humanize(snapshot.fulfillmentStatus) : "Unknown",
      total: formatMoney(snapshot?.totalPrice, snapshot?.currency),
      test: snapshot?.test ?? false,
      tags: snapshot?.tags ?? [],
      note: snapshot?.note?.trim() || null,
    },
    hypersku:
      atHypersku || base
        ? {
            orderId: order.hyperskuOrderId ?? (base?.orderId != null ? String(base.orderId) : null),
            status: hyperskuStatus,
            statusDesc: order.hyperskuStatusDesc ?? base?.statusDesc ?? null,
            sentAt: formatDateTime(order.sentAt, timeZone),
            lastSyncedAt: formatDateTime(order.lastSyncedAt, timeZone),
            payment: paymentToHypersku(currentStatus),
            shippingMethod: base?.logisticsName ?? null,
            // Each figure says whose it is: the answer's `isPaid` only echoes the customer's Shopify payment,
            // so an amount reads as paid to HyperSKU only once HyperSKU's status says it is paid.
            amounts: [
              { label: "The customer paid (Shopify)", value: formatMoney(snapshot?.totalPrice, snapshot?.currency) },
              { label: "HyperSKU's price for the items", value: formatMoney(base?.goodsAmount, currency) },
              { label: "HyperSKU's freight", value: formatMoney(base?.freight, currency) },
              { label: "HyperSKU charges in all", value: formatMoney(base?.amount, currency) },
              { label: "Paid to HyperSKU", value: isPaidStatus(currentStatus) ? formatMoney(base?.actualAmount, currency) : null },
            ].filter((amount): amount is { label: string; value: string } => amount.value !== null),
          }
        : null,
    items: itemsView(hypersku, snapshot, order.leftOutLines, itemStatus),
    address: addressView(order, hypersku, snapshot),
    parcels: parcelsView(order.parcels),
    timeline: timelineView(order.events, timeZone),
    actions: {
      sendNow: isUnsent(order.state) && order.state !== "failed" && order.state !== "needs_attention",
      retry: order.state === "failed" || order.state === "needs_attention" || stalled,
      refresh: atHypersku,
      cancel: atHypersku && !isFinalStatus(order.hyperskuStatus) && isBeforeShipping(order.hyperskuStatus),
    },
  };
}

export type OrderDetailView = ReturnType<typeof buildOrderDetail>;
