/**
 * HyperSKU's order states (hypersku-notes part 4): its own names, with what each means for the
 * merchant. Show the `statusDesc` HyperSKU sends when present; fall back to this table; unknown
 * codes read "HyperSKU status N". Pure.
 */
export type HyperskuStatusInfo = {
  code: number;
  name: string;
  meaning: string;
  tone: "info" | "attention" | "success" | "critical" | "new";
};

export const HYPERSKU_STATUSES: readonly HyperskuStatusInfo[] = [
  { code: 8, name: "Pending Sourcing", meaning: "HyperSKU is locating the items.", tone: "new" },
  { code: 1, name: "Pending Payment", meaning: "You need to pay HyperSKU for this order.", tone: "attention" },
  { code: 9, name: "Payment in Progress", meaning: "A payment to HyperSKU is being processed.", tone: "info" },
  { code: 2, name: "Processing", meaning: "Paid; HyperSKU is purchasing the items (usually 1-3 days).", tone: "info" },
  { code: 3, name: "Ready to Ship", meaning: "At HyperSKU's warehouse, being packed.", tone: "info" },
  { code: 14, name: "Split Shipment", meaning: "Shipped in several parcels.", tone: "success" },
  { code: 4, name: "Shipping", meaning: "Shipped; tracking is available.", tone: "success" },
  { code: 5, name: "Delivered", meaning: "The carrier reports it delivered.", tone: "success" },
  { code: 6, name: "Closed", meaning: "Finished or cancelled at HyperSKU.", tone: "info" },
  { code: 7, name: "Refunding", meaning: "A refund is under way.", tone: "attention" },
  { code: 10, name: "Overdue", meaning: "Past its expected time; check with HyperSKU.", tone: "critical" },
  { code: 11, name: "Returned", meaning: "The parcel was returned.", tone: "critical" },
];

const BY_CODE = new Map(HYPERSKU_STATUSES.map((status) => [status.code, status]));

/** Codes before shipping: address changes and cancellation are still expected to work (inferred). */
export const BEFORE_SHIPPING_CODES: readonly number[] = [8, 1, 9, 2, 3];
/** Codes after which HyperSKU will not change the order any more: polling stops. */
export const FINAL_CODES: readonly number[] = [5, 6, 11];

export function describeHyperskuStatus(code: number | null | undefined, statusDesc?: string | null): HyperskuStatusInfo | null {
  if (code === null || code === undefined) return null;
  const known = BY_CODE.get(code);
  const name = statusDesc?.trim() || known?.name || `HyperSKU status ${code}`;
  return { code, name, meaning: known?.meaning ?? "A status HyperSKU has not documented.", tone: known?.tone ?? "info" };
}

export const isBeforeShipping = (code: number | null | undefined) => code != null && BEFORE_SHIPPING_CODES.includes(code);
export const isFinalStatus = (code: number | null | undefined) => code != null && FINAL_CODES.includes(code);
