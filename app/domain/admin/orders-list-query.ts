/**
 * What the orders list shows, read from its URL: a tab (one pipeline stage, or all), an optional
 * HyperSKU status, a search (order name or number, customer name or e-mail, tracking number,
 * HyperSKU order id), a creation date range, newest or oldest first, and a keyset cursor. Pure.
 *
 * Pagination is keyset ("seek") pagination on (shopifyCreatedAt, id), newest first: a page is the
 * next `pageSize` rows after the cursor's row in that order, read straight off the
 * (shop, [state | hyperskuStatus,] shopifyCreatedAt) indexes. No OFFSET (which reads every skipped
 * row): page 2,000 costs what page 1 costs. The tabs' counts are one grouped count (pipeline.ts).
 */
import type { OrdersSearch } from "~/models/admin-orders.server";
import { PIPELINE_STAGES, STAGE_LABELS, type PipelineStage } from "./pipeline";
import { parseDay } from "./zoned-day";

const PAGE_SIZE = 50;
const SEARCH_MAX_LENGTH = 60;

export type OrderTab = { id: "all" | PipelineStage; label: string; stage: PipelineStage | null };

/** All orders, then one tab per pipeline stage, in the order an order moves through them. */
export const ORDER_TABS: readonly OrderTab[] = [
  { id: "all", label: "All", stage: null },
  ...PIPELINE_STAGES.map((stage) => ({ id: stage, label: STAGE_LABELS[stage].label, stage })),
];

/** The tabs of forwarding states the list had before the pipeline, so saved links still land near. */
const FORMER_TABS: Record<string, PipelineStage> = {
  waiting: "to_send",
  queued: "to_send",
  held: "to_send",
  sent: "processing",
  needs_attention: "needs_you",
  failed: "needs_you",
  skipped: "not_for_hypersku",
};

export type OrdersCursor = { direction: "after" | "before"; createdAt: Date; id: string };

const ORDER_SORTS = ["newest", "oldest"] as const;
type OrderSort = (typeof ORDER_SORTS)[number];

export type OrdersListQuery = {
  tab: OrderTab;
  hyperskuStatus: number | null;
  search: string;
  /** Creation days in the shop's zone, both included ("2026-11-01"); null: open. */
  from: string | null;
  to: string | null;
  sort: OrderSort;
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
  const id = params.get("tab") ?? "";
  const tab = ORDER_TABS.find((candidate) => candidate.id === (FORMER_TABS[id] ?? id)) ?? ORDER_TABS[0];
  const statusText = params.get("status");
  const status = statusText !== null && /^\d{1,4}$/.test(statusText) ? Number(statusText) : null;
  const search = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const cursor = decodeCursor(params.get("after"), "after") ?? decodeCursor(params.get("before"), "before");
  let from = parseDay(params.get("from"));
  let to = parseDay(params.get("to"));
  // A range typed backwards means the same days.
  if (from && to && from > to) [from, to] = [to, from];
  const sort = ORDER_SORTS.find((candidate) => candidate === params.get("sort")) ?? "newest";
  return { tab, hyperskuStatus: status, search, from, to, sort, cursor, pageSize: PAGE_SIZE };
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

/** What a search looks for: each key on its own index (app/models/admin-orders.server.ts). */
export function searchKeys(search: string): OrdersSearch | null {
  const text = search.trim();
  if (!text) return null;
  const range = (prefix: string) => ({ from: prefix, below: prefixUpperBound(prefix) });
  const customer = text.replace(/\s+/g, " ").toLowerCase();
  return { nameRanges: searchPrefixes(text).map(range), customerRanges: [range(customer)], exact: text };
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
    if (value === null || value === "" || (key === "tab" && value === "all") || (key === "sort" && value === "newest")) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `/app/orders?${query}` : "/app/orders";
}
