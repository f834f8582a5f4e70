/**
 * Everything the simulator remembers, as plain JSON-serialisable data so persistence is a single
 * `JSON.stringify`. Request logs and faults are deliberately not part of it: they describe a test run,
 * not HyperSKU's data, and do not survive a restart.
 */
import { seedCatalogue, type StoredPrivateProduct } from "./private-products";
import type { StoredOrder } from "./types";

interface CodeRecord {
  clientId: string;
  expiresAt: number;
  used: boolean;
}

interface TokenRecord {
  userId: string;
  expiresAt: number;
}

/** A created order HyperSKU has not committed yet (the `commitAfterMs` fault): invisible until `visibleAt`. */
interface PendingOrder {
  visibleAt: number;
  stored: StoredOrder;
}

export interface SimulatorState {
  nextOrderId: number;
  nextItemId: number;
  nextTrackingSeq: number;
  orders: StoredOrder[];
  /** Absent in state files written before the `commitAfterMs` fault existed. */
  pending?: PendingOrder[];
  /** The merchant's private products; absent in state files written before the catalogue existed (seeded on load). */
  catalogue?: StoredPrivateProduct[];
  /** Orders placed with `create` (inferred: stock orders), newest last. */
  stockOrders?: StockOrder[];
  codes: Record<string, CodeRecord>;
  accessTokens: Record<string, TokenRecord>;
  refreshTokens: Record<string, TokenRecord>;
}

/** An order for SKUs to be held as the merchant's stock (`create`, inferred; OrderInventoryResult). */
interface StockOrder {
  orderId: number;
  status: number;
  statusDesc: string;
  skuItems: { skuId: number; num: number }[];
  amount: number;
  currencyCode: string;
  remark: string;
  createTime: string;
}

/** Order ids start high, as HyperSKU's do, so they can't be confused with Shopify's small test ids. */
const FIRST_ORDER_ID = 1_000_001;
const FIRST_ITEM_ID = 5_000_001;

export function createEmptyState(): SimulatorState {
  return {
    nextOrderId: FIRST_ORDER_ID,
    nextItemId: FIRST_ITEM_ID,
    nextTrackingSeq: 1,
    orders: [],
    pending: [],
    catalogue: seedCatalogue(),
    stockOrders: [],
    codes: {},
    accessTokens: {},
    refreshTokens: {},
  };
}

export function findOrder(state: SimulatorState, orderId: number): StoredOrder | undefined {
  return state.orders.find((stored) => stored.order.orderBaseInfo.orderId === orderId);
}

/** Commits every pending order whose time has come; returns whether any was. */
export function commitDueOrders(state: SimulatorState, now: number): boolean {
  const pending = state.pending ?? [];
  const due = pending.filter((entry) => entry.visibleAt <= now);
  if (due.length === 0) return false;
  state.pending = pending.filter((entry) => entry.visibleAt > now);
  for (const entry of due.sort((a, b) => a.visibleAt - b.visibleAt)) {
    state.orders.push({ ...entry.stored, stateSince: entry.visibleAt });
  }
  return true;
}

/** The catalogue, seeded when a state file from before it is loaded. */
export function catalogueOf(state: SimulatorState): StoredPrivateProduct[] {
  return (state.catalogue ??= seedCatalogue());
}
