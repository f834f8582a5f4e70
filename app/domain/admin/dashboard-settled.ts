/**
 * Takes the problems the merchant settled (marked resolved or ignored) off the dashboard's problem
 * counts: the order stays in its stage (the tiles still count it), but no banner asks about it again.
 * Pure: from the dashboard's counts and the settled orders (order-problems.ts).
 */
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import type { ProblemInput } from "./dashboard-problems";
import type { SettledOrders } from "./order-problems";

const minus = (count: number | undefined, settled: number) => Math.max(0, (count ?? 0) - settled);

export function withoutSettled(input: ProblemInput, settled: SettledOrders, flaggedShown: number): ProblemInput {
  const counts = {
    ...input.counts,
    failed: minus(input.counts.failed, settled.get("failed")!.size),
    needs_attention: minus(input.counts.needs_attention, settled.get("needs_attention")!.size),
  };
  const hyperskuCounts = new Map(input.hyperskuCounts);
  for (const [code, category] of [
    [HYPERSKU_STATUS.pendingPayment, "pending_payment"],
    [HYPERSKU_STATUS.overdue, "overdue"],
    [HYPERSKU_STATUS.returned, "returned"],
  ] as const) {
    if (hyperskuCounts.has(code)) hyperskuCounts.set(code, minus(hyperskuCounts.get(code), settled.get(category)!.size));
  }
  const settledReasons = new Map<string | null, number>();
  for (const order of settled.get("needs_attention")!.values())
    settledReasons.set(order.stateCode, (settledReasons.get(order.stateCode) ?? 0) + 1);
  const needsAttentionReasons = input.needsAttentionReasons
    .map((reason) => ({ ...reason, count: minus(reason.count, settledReasons.get(reason.code) ?? 0) }))
    .filter((reason) => reason.count > 0);
  const flaggedSettled = settled.get("flag")!;
  return {
    ...input,
    counts,
    hyperskuCounts,
    needsAttentionReasons,
    flagged: {
      total: minus(input.flagged.total, flaggedSettled.size),
      rows: input.flagged.rows.filter((row) => !flaggedSettled.has(row.id)).slice(0, flaggedShown),
    },
  };
}
