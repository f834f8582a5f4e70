/** Sets and clears an order's flag (see order-flags.ts), inside the caller's transaction when given one. */
import type { Db } from "~/models/db-types";
import { clearOrderFlagAmong, readOrderFlag, writeOrderFlag } from "~/models/order.server";
import { mayReplaceFlag, type OrderFlagCode } from "./order-flags";

export async function setOrderFlag(orderId: string, code: OrderFlagCode, reason: string, db?: Db): Promise<boolean> {
  const order = await readOrderFlag(orderId, db);
  if (!order || !mayReplaceFlag(order.flagCode, code)) return false;
  if (order.flagCode === code && order.flagReason === reason) return false;
  await writeOrderFlag(orderId, code, reason, db);
  return true;
}

/** Clears the flag only when it is one of `codes`: a fix for one problem never hides another. */
export async function clearOrderFlag(orderId: string, codes: readonly OrderFlagCode[], db?: Db): Promise<void> {
  await clearOrderFlagAmong(orderId, codes, db);
}
