/**
 * What Shopify does to an order's REST representation (the body of its order webhooks, API 2026-10)
 * when the order changes. Pure: each function takes the order as Shopify last sent it and returns the
 * next version, with `updated_at` set to `at`. The Shopify twin (admin-graphql-fake.ts) calls these
 * and then sends the webhooks Shopify sends. Sources, per behaviour:
 *
 * - Line `fulfillable_quantity` = quantity − max(refunded, fulfilled) (− pending): REST Order resource,
 *   `line_items.fulfillable_quantity`. Line `fulfillment_status`: null, "partial" (some units
 *   fulfilled) or "fulfilled" (none left to fulfil); the order's `fulfillment_status` likewise (null,
 *   "partial", "fulfilled"). Each fulfillment is listed in `fulfillments[]` with its line items, its
 *   `tracking_company`/`tracking_number(s)`/`tracking_url(s)`, `status: "success"` and a name
 *   "#1001.1" (REST Fulfillment resource).
 * - A refund adds to `refunds[]` (`refund_line_items` with `restock_type` "return" for fulfilled units,
 *   "cancel" for unfulfilled ones, "no_restock"), lowers `current_quantity` and `fulfillable_quantity`,
 *   and moves `financial_status` to "partially_refunded" or "refunded"; `current_total_price_set`
 *   drops by the refunded amount (REST Refund resource; community thread "Best way to get products
 *   cancelled/refunded from order webhook": an edit's removal shows the same way, with restock_type
 *   "cancel" and no transaction).
 * - An order edit (orderEditSetQuantity, orderEditAddVariant): a removal or decrease lowers
 *   `current_quantity` (the line keeps its `quantity`, "the item still exists as a data structure with
 *   zero quantity"); an increase adds units to the same line (OrderStagedChangeIncrementItem, "an
 *   addition of items to an existing line item"); an added variant is a new line item.
 * - A cancellation sets `cancelled_at` and `cancel_reason`; with a refund, `financial_status` becomes
 *   "refunded" (paid orders) or "voided" (authorized ones), and unfulfilled units stop being fulfillable.
 * - An address change replaces `shipping_address`.
 */
import type { Json, JsonObject } from "../harness/json";

export type RestOrder = JsonObject;
type RestLine = JsonObject;

const ZERO_DECIMAL = new Set(["JPY", "KRW", "VND", "CLP", "ISK"]);

function linesOf(order: RestOrder): RestLine[] {
  return (order.line_items as RestLine[]) ?? [];
}

const num = (value: Json | undefined, fallback = 0) => (typeof value === "number" ? value : fallback);

/** Units of the line fulfilled so far, over the order's successful fulfillments. */
function fulfilledUnits(order: RestOrder, lineId: Json): number {
  let units = 0;
  for (const fulfillment of (order.fulfillments as JsonObject[]) ?? []) {
    if (fulfillment.status !== "success") continue;
    for (const line of (fulfillment.line_items as JsonObject[]) ?? []) if (line.id === lineId) units += num(line.quantity);
  }
  return units;
}

/** Recomputes what Shopify derives: each line's fulfillable quantity and status, and the order's status. */
function settle(order: RestOrder, at: string): RestOrder {
  const cancelled = order.cancelled_at !== null && order.cancelled_at !== undefined;
  const lines = linesOf(order).map((line) => {
    const fulfilled = fulfilledUnits(order, line.id);
    const current = num(line.current_quantity, num(line.quantity));
    const fulfillable = cancelled ? 0 : Math.max(0, num(line.quantity) - Math.max(num(line.quantity) - current, fulfilled));
    const status = fulfilled === 0 ? null : fulfillable === 0 ? "fulfilled" : "partial";
    return { ...line, fulfillable_quantity: fulfillable, fulfillment_status: status };
  });
  const shipped = lines.filter((line) => line.fulfillment_status !== null).length;
  const open = lines.filter((line) => num(line.fulfillable_quantity) > 0).length;
  const fulfillmentStatus = shipped === 0 ? null : open === 0 ? "fulfilled" : "partial";
  return { ...order, line_items: lines, fulfillment_status: fulfillmentStatus, updated_at: at };
}

export type FulfillmentLine = { lineItemId: number; quantity: number };
export type RestTracking = { company: string | null; number: string | null; url: string | null };

/** A fulfillment of these units, listed in `fulfillments[]` as Shopify lists it. */
export function addFulfillment(
  order: RestOrder,
  fulfillment: { id: number; locationId: number; lines: FulfillmentLine[]; tracking: RestTracking },
  at: string,
): RestOrder {
  const existing = (order.fulfillments as JsonObject[]) ?? [];
  const lines = fulfillment.lines.map(({ lineItemId, quantity }) => {
    const line = linesOf(order).find((candidate) => candidate.id === lineItemId);
    if (!line) throw new Error(`order ${String(order.id)} has no line item ${lineItemId}`);
    return { ...line, quantity, fulfillment_status: "fulfilled" };
  });
  const record: JsonObject = {
    id: fulfillment.id,
    admin_graphql_api_id: `gid://shopify/Fulfillment/${fulfillment.id}`,
    order_id: order.id as number,
    name: `${String(order.name)}.${existing.length + 1}`,
    status: "success",
    service: "manual",
    shipment_status: null,
    location_id: fulfillment.locationId,
    created_at: at,
    updated_at: at,
    ...trackingFields(fulfillment.tracking),
    line_items: lines,
  };
  return settle({ ...order, fulfillments: [...existing, record] }, at);
}

function trackingFields(tracking: RestTracking): JsonObject {
  return {
    tracking_company: tracking.company,
    tracking_number: tracking.number,
    tracking_numbers: tracking.number ? [tracking.number] : [],
    tracking_url: tracking.url,
    tracking_urls: tracking.url ? [tracking.url] : [],
  };
}

/** New tracking on an existing fulfillment (fulfillmentTrackingInfoUpdate). */
export function updateFulfillmentTracking(order: RestOrder, fulfillmentId: number, tracking: RestTracking, at: string): RestOrder {
  const fulfillments = ((order.fulfillments as JsonObject[]) ?? []).map((record) =>
    record.id === fulfillmentId ? { ...record, ...trackingFields(tracking), updated_at: at } : record,
  );
  return { ...order, fulfillments, updated_at: at };
}

function decimals(order: RestOrder) {
  return ZERO_DECIMAL.has(String(order.presentment_currency ?? order.currency)) ? 0 : 2;
}

function presentmentAmount(set: Json | undefined): number {
  const money = (set as JsonObject | undefined)?.presentment_money as JsonObject | undefined;
  return Number(money?.amount ?? 0);
}

/** What one unit of the line cost the buyer after its discounts, in presentment money. */
function unitPaid(line: RestLine): number {
  const quantity = Math.max(1, num(line.quantity, 1));
  return presentmentAmount(line.price_set) - presentmentAmount(line.total_discount_set) / quantity;
}

function shopAmount(set: Json | undefined): number {
  const money = (set as JsonObject | undefined)?.shop_money as JsonObject | undefined;
  return Number(money?.amount ?? 0);
}

/** A money set of a presentment amount, its shop side at the order's own rate (as placed). */
function moneySetLike(order: RestOrder, presentment: number): JsonObject {
  const rate = presentmentAmount(order.total_price_set) / shopAmount(order.total_price_set) || 1;
  return {
    shop_money: { amount: (presentment / rate).toFixed(2), currency_code: String(order.currency) },
    presentment_money: {
      amount: presentment.toFixed(decimals(order)),
      currency_code: String(order.presentment_currency ?? order.currency),
    },
  };
}

export type RefundLine = { lineItemId: number; quantity: number };

/**
 * A refund of these units (and, with `shipping`, of the shipping paid). Units already fulfilled are a
 * return ("return"), others are cancelled ("cancel"); `restock: false` refunds without restocking.
 */
export function addRefund(
  order: RestOrder,
  refund: { id: number; lines: RefundLine[]; restock?: boolean; note?: string | null; withTransaction?: boolean },
  at: string,
): RestOrder {
  let amount = 0;
  const refundLines = refund.lines.map((entry, index) => {
    const line = linesOf(order).find((candidate) => candidate.id === entry.lineItemId);
    if (!line) throw new Error(`order ${String(order.id)} has no line item ${entry.lineItemId}`);
    const current = num(line.current_quantity, num(line.quantity));
    if (entry.quantity <= 0 || entry.quantity > current)
      throw new Error(`cannot refund ${entry.quantity} of line ${entry.lineItemId}: ${current} left on the order`);
    const unfulfilled = num(line.fulfillable_quantity);
    const restockType = refund.restock === false ? "no_restock" : entry.quantity <= unfulfilled ? "cancel" : "return";
    const subtotal = unitPaid(line) * entry.quantity;
    amount += subtotal;
    return {
      id: refund.id * 10 + index,
      line_item_id: line.id,
      quantity: entry.quantity,
      restock_type: restockType,
      subtotal_set: moneySetLike(order, subtotal),
      line_item: line,
    };
  });
  const transactions =
    refund.withTransaction === false
      ? []
      : [{ id: refund.id * 10 + 9, kind: "refund", status: "success", amount: amount.toFixed(decimals(order)), created_at: at }];
  const record: JsonObject = {
    id: refund.id,
    admin_graphql_api_id: `gid://shopify/Refund/${refund.id}`,
    order_id: order.id as number,
    created_at: at,
    processed_at: at,
    note: refund.note ?? null,
    restock: refund.restock !== false,
    refund_line_items: refundLines,
    transactions,
    order_adjustments: [],
  };
  const lines = linesOf(order).map((line) => {
    const taken = refund.lines.filter((entry) => entry.lineItemId === line.id).reduce((sum, entry) => sum + entry.quantity, 0);
    return taken === 0 ? line : { ...line, current_quantity: num(line.current_quantity, num(line.quantity)) - taken };
  });
  const remaining =
    presentmentAmount(order.current_total_price_set ?? order.total_price_set) - (refund.withTransaction === false ? 0 : amount);
  const nothingLeft = lines.every((line) => num(line.current_quantity) === 0);
  const financial =
    refund.withTransaction === false ? order.financial_status : nothingLeft || remaining <= 0 ? "refunded" : "partially_refunded";
  return settle(
    {
      ...order,
      line_items: lines,
      refunds: [...((order.refunds as JsonObject[]) ?? []), record],
      financial_status: financial ?? null,
      current_total_price_set: moneySetLike(order, Math.max(0, remaining)),
    },
    at,
  );
}

/** Sets a line's quantity in an order edit: lower takes units off (as a refund without payment), higher adds to the line. */
export function editQuantity(order: RestOrder, lineItemId: number, quantity: number, refundId: number, at: string): RestOrder {
  const line = linesOf(order).find((candidate) => candidate.id === lineItemId);
  if (!line) throw new Error(`order ${String(order.id)} has no line item ${lineItemId}`);
  const current = num(line.current_quantity, num(line.quantity));
  if (quantity < current)
    return addRefund(order, { id: refundId, lines: [{ lineItemId, quantity: current - quantity }], withTransaction: false }, at);
  const added = quantity - current;
  const lines = linesOf(order).map((candidate) =>
    candidate.id === lineItemId ? { ...candidate, quantity: num(candidate.quantity) + added, current_quantity: quantity } : candidate,
  );
  return settle({ ...order, line_items: lines }, at);
}

/** An order edit that adds a variant: a new line item. */
export function addLine(order: RestOrder, line: RestLine, at: string): RestOrder {
  const quantity = num(line.quantity, 1);
  return settle({ ...order, line_items: [...linesOf(order), { ...line, current_quantity: quantity, fulfillable_quantity: quantity }] }, at);
}

/** The merchant cancels the order, with or without refunding the payment. */
export function cancel(order: RestOrder, options: { reason?: string; refund: boolean }, at: string): RestOrder {
  const financial = options.refund
    ? order.financial_status === "authorized" || order.financial_status === "pending"
      ? "voided"
      : "refunded"
    : order.financial_status;
  return settle(
    {
      ...order,
      cancelled_at: at,
      cancel_reason: options.reason ?? "customer",
      financial_status: financial ?? null,
      ...(options.refund ? { current_total_price_set: moneySetLike(order, 0) } : {}),
    },
    at,
  );
}

/** The merchant (or the customer, through the merchant) changes where the order goes. */
export function changeShippingAddress(order: RestOrder, address: JsonObject, at: string): RestOrder {
  return { ...order, shipping_address: { ...((order.shipping_address as JsonObject) ?? {}), ...address }, updated_at: at };
}

/** The payment is captured later (an order placed unpaid, e.g. by bank transfer, then marked paid). */
export function markPaid(order: RestOrder, at: string): RestOrder {
  return { ...order, financial_status: "paid", updated_at: at };
}
