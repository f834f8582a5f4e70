/**
 * A strict reader for the JSON the app's backend sends for one order
 * (app/routes/api.extension.orders.$shopifyOrderId.tsx). It returns the app's own types and checks
 * against the app's own value lists (app/domain/extension/order-block-contract.ts), so a field the
 * backend adds fails this typecheck until the reader reads it; a contract test
 * (tests/integration/extension-api.test.ts) feeds the backend's real answers through it.
 * Hand-written rather than zod: the extension bundle must stay small.
 */
import {
  PROBLEM_SEVERITIES,
  PROBLEM_SOURCES,
  type OrderBlockActionResponse,
  type OrderBlockParcel,
  type OrderBlockProblem,
  type OrderBlockView,
} from "../../../app/domain/extension/order-block-contract";
import { HYPERSKU_TONES, type HyperskuStatusInfo } from "../../../app/domain/orders/hypersku-status";

export class OrderViewFormatError extends Error {
  constructor(path: string) {
    super(`Unexpected order data at ${path}`);
    this.name = "OrderViewFormatError";
  }
}

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new OrderViewFormatError(path);
  return value as Json;
}
function string(value: unknown, path: string): string {
  if (typeof value !== "string") throw new OrderViewFormatError(path);
  return value;
}
function nullableString(value: unknown, path: string): string | null {
  return value === null || value === undefined ? null : string(value, path);
}
function boolean(value: unknown, path: string): boolean {
  if (typeof value !== "boolean") throw new OrderViewFormatError(path);
  return value;
}
function number(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new OrderViewFormatError(path);
  return value;
}
function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}
function list<T>(value: unknown, path: string, item: (entry: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) throw new OrderViewFormatError(path);
  return value.map((entry, index) => item(entry, `${path}[${index}]`));
}

function parseStatus(value: unknown, path: string): HyperskuStatusInfo | null {
  if (value === null || value === undefined) return null;
  const status = object(value, path);
  return {
    code: number(status.code, `${path}.code`),
    name: string(status.name, `${path}.name`),
    meaning: string(status.meaning, `${path}.meaning`),
    tone: oneOf(status.tone, HYPERSKU_TONES, "info"),
  };
}

function parseParcel(value: unknown, path: string): OrderBlockParcel {
  const parcel = object(value, path);
  return {
    key: string(parcel.key, `${path}.key`),
    carrier: nullableString(parcel.carrier, `${path}.carrier`),
    trackingNumber: nullableString(parcel.trackingNumber, `${path}.trackingNumber`),
    trackingUrl: nullableString(parcel.trackingUrl, `${path}.trackingUrl`),
    status: nullableString(parcel.status, `${path}.status`),
    itemCount: number(parcel.itemCount, `${path}.itemCount`),
    fulfillment: string(parcel.fulfillment, `${path}.fulfillment`),
    fulfillmentError: nullableString(parcel.fulfillmentError, `${path}.fulfillmentError`),
  };
}

function parseProblem(value: unknown, path: string): OrderBlockProblem {
  const problem = object(value, path);
  return {
    source: oneOf(problem.source, PROBLEM_SOURCES, "state"),
    code: nullableString(problem.code, `${path}.code`),
    message: string(problem.message, `${path}.message`),
    fix: nullableString(problem.fix, `${path}.fix`),
    severity: oneOf(problem.severity, PROBLEM_SEVERITIES, "warning"),
  };
}

function parseOrderView(value: unknown, path = "order"): OrderBlockView {
  const order = object(value, path);
  const hypersku = order.hypersku === null || order.hypersku === undefined ? null : object(order.hypersku, `${path}.hypersku`);
  const actions = object(order.actions, `${path}.actions`);
  return {
    shopifyOrderId: string(order.shopifyOrderId, `${path}.shopifyOrderId`),
    name: string(order.name, `${path}.name`),
    state: string(order.state, `${path}.state`),
    stateLabel: string(order.stateLabel, `${path}.stateLabel`),
    stateMeaning: string(order.stateMeaning, `${path}.stateMeaning`),
    handled: boolean(order.handled, `${path}.handled`),
    sentToHypersku: boolean(order.sentToHypersku, `${path}.sentToHypersku`),
    sentAt: nullableString(order.sentAt, `${path}.sentAt`),
    hypersku: hypersku && {
      orderId: string(hypersku.orderId, `${path}.hypersku.orderId`),
      status: parseStatus(hypersku.status, `${path}.hypersku.status`),
    },
    parcels: list(order.parcels, `${path}.parcels`, parseParcel),
    problems: list(order.problems, `${path}.problems`, parseProblem),
    nextAttemptAt: nullableString(order.nextAttemptAt, `${path}.nextAttemptAt`),
    actions: { sendNow: boolean(actions.sendNow, `${path}.actions.sendNow`), retry: boolean(actions.retry, `${path}.actions.retry`) },
    timeZone: string(order.timeZone, `${path}.timeZone`),
  };
}

/** GET answer: `{ order }`. */
export function parseOrderResponse(value: unknown): OrderBlockView {
  return parseOrderView(object(value, "body").order);
}

/** POST answer: `{ result: { ok, message }, order }`. */
export function parseActionResponse(value: unknown): OrderBlockActionResponse {
  const body = object(value, "body");
  const result = object(body.result, "result");
  return {
    result: { ok: boolean(result.ok, "result.ok"), message: string(result.message, "result.message") },
    order: parseOrderView(body.order),
  };
}
