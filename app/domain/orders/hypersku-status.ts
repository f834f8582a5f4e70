/**
 * HyperSKU's order states (docs/hypersku-contract.md "Order states"), one row per code: HyperSKU's
 * own name, what it means for the merchant, how it looks, where it sits in the order's life, whether
 * the order can still be changed or cancelled, and how often the app asks about it. Sync, schedule,
 * cancel, address changes, the admin and the order block all read this table (the block imports it
 * by relative path, so it imports nothing); hypersku-status.test.ts checks it against the twin.
 *
 * Show the `statusDesc` HyperSKU sends when present; fall back to this table; unknown codes read
 * "HyperSKU status N". Pure.
 */
export const HYPERSKU_TONES = ["info", "attention", "success", "critical", "new"] as const;
export type HyperskuTone = (typeof HYPERSKU_TONES)[number];

/** The order's life at HyperSKU, in order; "problem" holds the states off the normal path. */
export const HYPERSKU_PHASES = ["sourcing", "payment", "processing", "shipped", "delivered", "closed", "problem"] as const;
type HyperskuPhase = (typeof HYPERSKU_PHASES)[number];

export type HyperskuStatusInfo = {
  code: number;
  name: string;
  meaning: string;
  tone: HyperskuTone;
};

export type HyperskuStatusRow = HyperskuStatusInfo & {
  key: string;
  phase: HyperskuPhase;
  /** Before the parcel leaves: address changes and cancellation are still expected to work (inferred). */
  beforeShipping: boolean;
  /** HyperSKU will not change the order any more: polling stops. */
  final: boolean;
  /** How often to ask HyperSKU while the order is young (sync-schedule.ts slows old orders down); null when final. */
  pollEveryMs: number | null;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Polling: how soon the order is likely to change, and how much a customer waits on that change.
// Ready to Ship leaves within hours and the customer wants its tracking; purchasing takes 1-3 days and
// a split order may ship more parcels; sourcing and payment wait on HyperSKU or the merchant, a
// payment in progress settles soon; once shipping only a carrier change or delivery is left;
// refunds and overdue orders are slow, human processes.
export const HYPERSKU_STATUSES = [
  {
    key: "pendingSourcing",
    code: 8,
    name: "Pending Sourcing",
    meaning: "HyperSKU is locating the items.",
    tone: "new",
    phase: "sourcing",
    beforeShipping: true,
    final: false,
    pollEveryMs: HOUR,
  },
  {
    key: "pendingPayment",
    code: 1,
    name: "Pending Payment",
    meaning: "You need to pay HyperSKU for this order.",
    tone: "attention",
    phase: "payment",
    beforeShipping: true,
    final: false,
    pollEveryMs: HOUR,
  },
  {
    key: "paymentInProgress",
    code: 9,
    name: "Payment in Progress",
    meaning: "A payment to HyperSKU is being processed.",
    tone: "info",
    phase: "payment",
    beforeShipping: true,
    final: false,
    pollEveryMs: 15 * MINUTE,
  },
  {
    key: "processing",
    code: 2,
    name: "Processing",
    meaning: "Paid; HyperSKU is purchasing the items (usually 1-3 days).",
    tone: "info",
    phase: "processing",
    beforeShipping: true,
    final: false,
    pollEveryMs: 30 * MINUTE,
  },
  {
    key: "readyToShip",
    code: 3,
    name: "Ready to Ship",
    meaning: "At HyperSKU's warehouse, being packed.",
    tone: "info",
    phase: "processing",
    beforeShipping: true,
    final: false,
    pollEveryMs: 10 * MINUTE,
  },
  {
    key: "splitShipment",
    code: 14,
    name: "Split Shipment",
    meaning: "Shipped in several parcels.",
    tone: "success",
    phase: "shipped",
    beforeShipping: false,
    final: false,
    pollEveryMs: 30 * MINUTE,
  },
  {
    key: "shipping",
    code: 4,
    name: "Shipping",
    meaning: "Shipped; tracking is available.",
    tone: "success",
    phase: "shipped",
    beforeShipping: false,
    final: false,
    pollEveryMs: 2 * HOUR,
  },
  {
    key: "delivered",
    code: 5,
    name: "Delivered",
    meaning: "The carrier reports it delivered.",
    tone: "success",
    phase: "delivered",
    beforeShipping: false,
    final: true,
    pollEveryMs: null,
  },
  {
    key: "closed",
    code: 6,
    name: "Closed",
    meaning: "Finished or cancelled at HyperSKU.",
    tone: "info",
    phase: "closed",
    beforeShipping: false,
    final: true,
    pollEveryMs: null,
  },
  {
    key: "refunding",
    code: 7,
    name: "Refunding",
    meaning: "A refund is under way.",
    tone: "attention",
    phase: "problem",
    beforeShipping: false,
    final: false,
    pollEveryMs: 6 * HOUR,
  },
  {
    key: "overdue",
    code: 10,
    name: "Overdue",
    meaning: "Past its expected time; check with HyperSKU.",
    tone: "critical",
    phase: "problem",
    beforeShipping: false,
    final: false,
    pollEveryMs: 6 * HOUR,
  },
  {
    key: "returned",
    code: 11,
    name: "Returned",
    meaning: "The parcel was returned.",
    tone: "critical",
    phase: "problem",
    beforeShipping: false,
    final: true,
    pollEveryMs: null,
  },
] as const satisfies readonly HyperskuStatusRow[];

/** Codes by name, for the few places that mean one state: `HYPERSKU_STATUS.closed` is 6. */
export const HYPERSKU_STATUS = Object.fromEntries(HYPERSKU_STATUSES.map((row) => [row.key, row.code])) as {
  readonly [Row in (typeof HYPERSKU_STATUSES)[number] as Row["key"]]: Row["code"];
};

const BY_CODE: ReadonlyMap<number, HyperskuStatusRow> = new Map(HYPERSKU_STATUSES.map((row) => [row.code, row]));

/** The table's row for a code, or undefined for a code HyperSKU has not documented. */
export const getHyperskuStatusRow = (code: number | null | undefined): HyperskuStatusRow | undefined =>
  code == null ? undefined : BY_CODE.get(code);

export function describeHyperskuStatus(code: number | null | undefined, statusDesc?: string | null): HyperskuStatusInfo | null {
  if (code === null || code === undefined) return null;
  const known = BY_CODE.get(code);
  const name = statusDesc?.trim() || known?.name || `HyperSKU status ${code}`;
  return { code, name, meaning: known?.meaning ?? "A status HyperSKU has not documented.", tone: known?.tone ?? "info" };
}

export const isBeforeShipping = (code: number | null | undefined) => getHyperskuStatusRow(code)?.beforeShipping === true;
export const isFinalStatus = (code: number | null | undefined) => getHyperskuStatusRow(code)?.final === true;
/** Shipped and not delivered yet: HyperSKU has parcels whose tracking may still change. */
export const isShippingStatus = (code: number | null | undefined) => getHyperskuStatusRow(code)?.phase === "shipped";
