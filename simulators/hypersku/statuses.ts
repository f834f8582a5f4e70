/**
 * HyperSKU order states (names public, numbers inferred from third-party code: see
 * docs/hypersku-contract.md "Order states") and the simulator's normal path through them.
 */

export const STATUS = {
  pendingSourcing: 8,
  pendingPayment: 1,
  paymentInProgress: 9,
  processing: 2,
  readyToShip: 3,
  splitShipment: 14,
  shipping: 4,
  delivered: 5,
  closed: 6,
  refunding: 7,
  overdue: 10,
  returned: 11,
} as const;

const STATUS_NAMES: Record<number, string> = {
  8: "Pending Sourcing",
  1: "Pending Payment",
  9: "Payment in Progress",
  2: "Processing",
  3: "Ready to Ship",
  14: "Split Shipment",
  4: "Shipping",
  5: "Delivered",
  6: "Closed",
  7: "Refunding",
  10: "Overdue",
  11: "Returned",
};

/** Address changes and cancellation are accepted only before the parcel leaves (contract, business rules). */
export const CHANGEABLE_STATUSES: ReadonlySet<number> = new Set([8, 1, 9, 2, 3]);

/** Position on the normal path 8 -> 1 -> 2 -> 3 -> 4|14 -> 5 -> 6; states off the path have none. */
const PATH_RANK: Record<number, number> = { 8: 0, 1: 1, 9: 1.5, 2: 2, 3: 3, 4: 4, 14: 4, 5: 5, 6: 6 };

export function pathRank(status: number): number | undefined {
  return PATH_RANK[status];
}

export function isShipped(status: number): boolean {
  return status === STATUS.shipping || status === STATUS.splitShipment;
}

/** The state one step after `status`, or null when the order is finished. */
export function nextStatus(status: number, split: boolean): number | null {
  switch (status) {
    case 8:
      return 1;
    case 1:
    case 9:
      return 2;
    case 2:
      return 3;
    case 3:
      return split ? 14 : 4;
    case 4:
    case 14:
      return 5;
    case 5:
    case 7:
    case 10:
    case 11:
      return 6;
    default:
      return null;
  }
}

export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? `HyperSKU status ${status}`;
}

/** Accepts a code (4 or "4") or a name in any case and spacing ("shipping", "Ready to Ship", "ready-to-ship"). */
export function parseStatus(value: string | number): number | undefined {
  const asNumber = typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  if (asNumber !== undefined) return STATUS_NAMES[asNumber] ? asNumber : undefined;
  const wanted = normalise(value as string);
  const match = Object.entries(STATUS_NAMES).find(([, name]) => normalise(name) === wanted);
  return match ? Number(match[0]) : undefined;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, "");
}
