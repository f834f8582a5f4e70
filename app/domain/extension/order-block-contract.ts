/**
 * What the order-details block (extensions/hypersku-order-block) and its backend
 * (app/routes/api.extension.orders.$shopifyOrderId.tsx) exchange, defined once: the app builds
 * these shapes (order-block-view.ts) and the block reads them (its order-view.ts checks them at
 * runtime against the same lists). The block imports this file by relative path and bundles it,
 * so it imports nothing but the status table, by relative path too.
 *
 *   GET  ORDER_BLOCK_API_PATH/:shopifyOrderId -> { order: OrderBlockView }
 *   POST ORDER_BLOCK_API_PATH/:shopifyOrderId { intent } -> OrderBlockActionResponse
 */
import type { HyperskuStatusInfo } from "../orders/hypersku-status";

export const ORDER_BLOCK_API_PATH = "/api/extension/orders";

/** "Send now" moves an order that is still waiting its turn; "Retry" one that could not be sent. */
export const ORDER_BLOCK_INTENTS = ["send-now", "retry"] as const;
export type OrderBlockIntent = (typeof ORDER_BLOCK_INTENTS)[number];

/** "state": why the order is not (yet) at HyperSKU; "flag": a problem raised after sending. */
export const PROBLEM_SOURCES = ["state", "flag"] as const;
export const PROBLEM_SEVERITIES = ["info", "warning", "critical"] as const;
export type ProblemSeverity = (typeof PROBLEM_SEVERITIES)[number];

export type OrderBlockProblem = {
  source: (typeof PROBLEM_SOURCES)[number];
  code: string | null;
  message: string;
  fix: string | null;
  severity: ProblemSeverity;
};

export type OrderBlockParcel = {
  key: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** Only http(s) addresses; anything else is dropped rather than shown as a link. */
  trackingUrl: string | null;
  status: string | null;
  itemCount: number;
  /** pending | created | conflict | failed | not_needed (Parcel.fulfillmentState) */
  fulfillment: string;
  fulfillmentError: string | null;
};

export type OrderBlockView = {
  shopifyOrderId: string;
  name: string;
  state: string;
  stateLabel: string;
  stateMeaning: string;
  /** False when the app leaves the order alone on purpose (skipped): the block's empty state. */
  handled: boolean;
  sentToHypersku: boolean;
  sentAt: string | null;
  hypersku: { orderId: string; status: HyperskuStatusInfo | null } | null;
  parcels: OrderBlockParcel[];
  problems: OrderBlockProblem[];
  nextAttemptAt: string | null;
  actions: { sendNow: boolean; retry: boolean };
  /**
   * The shop's IANA time zone ("America/New_York"; "UTC" while Shopify has not told it, or for one
   * the app does not know): the block shows `sentAt` and `nextAttemptAt` in it, the zone named, as
   * the app's own pages do, whatever the zone of the merchant's computer.
   */
  timeZone: string;
};

export type OrderBlockActionResult = { ok: boolean; message: string };

export type OrderBlockActionResponse = { result: OrderBlockActionResult; order: OrderBlockView };
