/**
 * What the orders list shows, read from its URL: a tab (one forwarding state, or all), an optional
 * HyperSKU status, a search by order name or number and a keyset cursor. Pure.
 *
 * Pagination is keyset ("seek") pagination on (shopifyCreatedAt, id), newest first: a page is the
 * next `pageSize` rows after the cursor's row in that order, read straight off the
 * (shop, [state | hyperskuStatus,] shopifyCreatedAt) indexes. No OFFSET (which reads every skipped
 * row) and no COUNT(*): page 2,000 costs what page 1 costs.
 */
import { ORDER_STATE_LABELS, type OrderState } from "~/models/order-state";

const PAGE_SIZE = 50;
const SEARCH_MAX_LENGTH = 60;

export type OrderTab = { id: string; label: string; states: readonly OrderState[] | null };

/**
 * One tab per forwarding state the merchant acts on. "Queued" also holds the few orders being sent
 * at this second and those being checked with HyperSKU before another try; every other tab is
 * exactly one state, so it reads one index range in order.
 */
export const ORDER_TABS: readonly OrderTab[] = [
  { id: "all", label: "All", states: null },
  { id: "waiting", label: ORDER_STATE_LABELS.waiting.label, states: ["waiting"] },
  { id: "queued", label: ORDER_STATE_LABELS.scheduled.label, states: ["scheduled", "sending", "checking"] },
  { id: "held", label: ORDER_STATE_LABELS.held.label, states: ["held"] },
  { id: "sent", label: ORDER_STATE_LABELS.sent.label, states: ["sent"] },
  { id: "needs_attention", label: ORDER_STATE_LABELS.needs_attention.label, states: ["needs_attention"] },
  { id: "failed", label: ORDER_STATE_LABELS.failed.label, states: ["failed"] },
  { id: "skipped", label: ORDER_STATE_LABELS.skipped.label, states: ["skipped"] },
  { id: "cancelled", label: ORDER_STATE_LABELS.cancelled.label, states: ["cancelled"] },
];

/** The tab that lists orders in `state`. */
export function tabForState(state: string): OrderTab {
  return ORDER_TABS.find((tab) => tab.states?.includes(state as OrderState)) ?? ORDER_TABS[0];
}

export type OrdersCursor = { direction: "after" | "before"; createdAt: Date; id: string };

export type OrdersListQuery = {
  tab: OrderTab;
  hyperskuStatus: number | null;
  search: string;
  cursor: OrdersCursor | null;
  pageSize: number;
};

/** `<epoch ms>_<order id>`: URL-safe as it is (order ids are cuids). */
export function encodeCursor(row: { shopifyCreatedAt: Date | string; id: string }): string {
  return `${new Date(row.shopifyCreatedAt).getTime()}_${row.id}`;
}

export function decodeCursor(value: string | null, direction: OrdersCursor["direction"]): OrdersCursor | null {
  const match = value ? /^(\d{1,15})_([A-Za-z0-9_-]{1,64})$/.exec(value) : null;
  if (!match) return null;
  const createdAt = new Date(Number(match[1]));
  return Number.isNaN(createdAt.getTime()) ? null : { direction, createdAt, id: match[2] };
}

/** A malformed parameter falls back to the default view rather than failing the page. */
export function parseOrdersListParams(params: URLSearchParams): OrdersListQuery {
  const tab = ORDER_TABS.find((candidate) => candidate.id === params.get("tab")) ?? ORDER_TABS[0];
  const statusText = params.get("status");
  const status = statusText !== null && /^\d{1,4}$/.test(statusText) ? Number(statusText) : null;
  const search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const cursor = decodeCursor(params.get("after"), "after") ?? decodeCursor(params.get("before"), "before");
  return { tab, hyperskuStatus: status, search, cursor, pageSize: PAGE_SIZE };
}

/**
 * The name prefixes a search stands for. Order names are "#1001" (or carry the shop's own prefix
 * and suffix), so "1001" also looks for "#1001", and letters also match in capitals. Each prefix is
 * a range on the (shop, name) index: `name >= prefix AND name < upperBound(prefix)`.
 */
export function searchPrefixes(search: string): string[] {
  const text = search.trim();
  if (!text) return [];
  const prefixes = new Set([text, text.toUpperCase()]);
  if (!text.startsWith("#")) prefixes.add(`#${text}`).add(`#${text.toUpperCase()}`);
  return [...prefixes];
}

/** The smallest string greater than every string starting with `prefix` (binary collation). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** The list's URL with some parameters changed. */
export function ordersListHref(current: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(current);
  // A page turn replaces the cursor; any other change starts the new view at its first page.
  next.delete("after");
  next.delete("before");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "tab" && value === "all")) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `/app/orders?${query}` : "/app/orders";
}
