/** Sets and clears an order's flag (see order-flags.ts), inside the caller's transaction when given one. */
import prisma from "~/db.server";
import type { Db } from "~/models/db-types";
import { mayReplaceFlag, type OrderFlagCode } from "./order-flags";

export async function setOrderFlag(orderId: string, code: OrderFlagCode, reason: string, db: Db = prisma): Promise<boolean> {
  const order = await db.order.findUnique({ where: { id: orderId }, select: { flagCode: true, flagReason: true } });
  if (!order || !mayReplaceFlag(order.flagCode, code)) return false;
  if (order.flagCode === code && order.flagReason === reason) return false;
  await db.order.update({ where: { id: orderId }, data: { flagCode: code, flagReason: reason } });
  return true;
}

/** Clears the flag only when it is one of `codes`: a fix for one problem never hides another. */
export async function clearOrderFlag(orderId: string, codes: readonly OrderFlagCode[], db: Db = prisma): Promise<void> {
  await db.order.updateMany({ where: { id: orderId, flagCode: { in: [...codes] } }, data: { flagCode: null, flagReason: null } });
}
