/**
 * Moves orders along 8 -> 1 -> 2 -> 3 -> 4 (or 14 when split) -> 5 -> 6, one step or up to a target,
 * with the side effects HyperSKU shows on the way: purchase and shelf times, parcels with tracking when
 * the order ships, and item statuses following the order's.
 */
import { makeParcels, totalUnits } from "./logistics";
import type { Rng } from "./rng";
import { STATUS, isShipped, nextStatus, parseStatus, pathRank, statusName } from "./statuses";
import type { StoredOrder } from "./types";

export interface AdvanceRequest {
  to?: string | number;
  split?: boolean;
}

export interface LifecycleContext {
  rng: Rng;
  nextTrackingSeq: () => number;
  now: Date;
}

/** A command that cannot apply to this order (already there, finished, nothing to split). */
export class AdvanceError extends Error {}

/** States outside the normal path are set directly rather than walked to. */
const OFF_PATH: ReadonlySet<number> = new Set([STATUS.refunding, STATUS.overdue, STATUS.returned]);

export function advanceOrder(stored: StoredOrder, request: AdvanceRequest, ctx: LifecycleContext): void {
  const base = stored.order.orderBaseInfo;
  const label = `order ${base.orderId}`;
  let target = request.to === undefined ? undefined : parseStatus(request.to);
  if (request.to !== undefined && target === undefined) throw new AdvanceError(`unknown state "${request.to}"`);
  const split = request.split === true || target === STATUS.splitShipment;
  if (split && target === STATUS.shipping) target = STATUS.splitShipment;
  if (nextStatus(base.status, split) === null) {
    throw new AdvanceError(`${label} is ${statusName(base.status)} and cannot advance`);
  }
  if (split && willShip(base.status, target) && !canSplit(stored)) {
    throw new AdvanceError(`${label} has a single unit and cannot ship in several parcels`);
  }

  if (target === undefined) {
    transition(stored, nextStatus(base.status, split)!, split, ctx);
    return;
  }
  if (OFF_PATH.has(target)) {
    transition(stored, target, split, ctx);
    return;
  }
  const currentRank = pathRank(base.status);
  if (currentRank === undefined || currentRank >= pathRank(target)!) {
    throw new AdvanceError(`${label} is already ${statusName(base.status)}; it cannot move to ${statusName(target)}`);
  }
  while (base.status !== target) {
    // Payment in Progress sits between Pending Payment and Processing but is off the walked path.
    const step =
      target === STATUS.paymentInProgress && base.status === STATUS.pendingPayment
        ? STATUS.paymentInProgress
        : nextStatus(base.status, split);
    if (step === null) break;
    transition(stored, step, split, ctx);
  }
}

/** Whether this command's walk passes the step from Ready to Ship into Shipping. */
function willShip(status: number, target: number | undefined): boolean {
  const rank = pathRank(status);
  if (rank === undefined || rank >= 4) return false;
  if (target === undefined) return status === STATUS.readyToShip;
  const targetRank = pathRank(target);
  return targetRank !== undefined && targetRank >= 4;
}

/** Whether a split shipment is possible for this order (used by "advance all --split"). */
export function canSplit(stored: StoredOrder): boolean {
  return totalUnits(stored.order) >= 2;
}

/** Cancellation: the order and its items become Closed (callers check it has not shipped). */
export function closeOrder(stored: StoredOrder, ctx: LifecycleContext): void {
  transition(stored, STATUS.closed, false, ctx);
}

function transition(stored: StoredOrder, status: number, split: boolean, ctx: LifecycleContext): void {
  const order = stored.order;
  const base = order.orderBaseInfo;
  const now = ctx.now.toISOString();
  base.status = status;
  base.statusDesc = statusName(status);
  stored.stateSince = ctx.now.getTime();
  if (status === STATUS.processing) base.purchaseTime ??= now;
  if (status === STATUS.readyToShip) base.shelfTime ??= now;

  // Items show "Shipping" while the order is in Split Shipment: each of them is in some parcel.
  const itemStatus = status === STATUS.splitShipment ? STATUS.shipping : status;
  const itemDes = statusName(itemStatus);
  if (isShipped(status) && order.logisticsItems.length === 0) {
    order.logisticsItems = makeParcels(order, split, { ...ctx, status: itemStatus, statusDes: itemDes });
    base.logisticsName = order.logisticsItems[0].trackingCompany;
    base.shelfTime ??= now;
    base.purchaseTime ??= now;
  }
  for (const item of order.orderItemInfos) {
    item.status = itemStatus;
    item.statusDes = itemDes;
  }
  for (const parcel of order.logisticsItems) {
    for (const item of parcel.shippingItems) {
      item.status = itemStatus;
      item.statusDes = itemDes;
    }
  }
}
