/** The "Send past orders" page's view model: the run in progress (if any) and the latest runs. */
import { formatDateTime } from "~/domain/admin/format";
import { parseHyperskuStatus } from "~/models/connection-status";
import { listRecentBackfills, type Backfill } from "~/models/backfill.server";
import { getShop } from "~/models/shop.server";
import { defaultDateRange, toDayString } from "./date-range";
import { describeSkipReason, parseReasonCounts } from "./outcomes";

function toRunView(run: Backfill, timeZone: string | null) {
  const reasons = Object.entries(parseReasonCounts(run.skippedReasons))
    .sort((a, b) => b[1] - a[1])
    .map(([code, count]) => ({ code, label: describeSkipReason(code), count }));
  // Shopify's count was taken at the start; orders created in the range since then make it grow.
  const total = Math.max(run.total, run.processed);
  return {
    id: run.id,
    status: run.status as "running" | "done" | "failed",
    from: toDayString(run.createdFrom),
    to: toDayString(run.createdTo),
    total,
    processed: run.processed,
    percent: total > 0 ? Math.min(100, Math.round((run.processed / total) * 100)) : run.status === "running" ? 0 : 100,
    queued: run.queued,
    skipped: run.skipped,
    failed: run.failed,
    reasons,
    error: run.error,
    startedAt: formatDateTime(run.createdAt, timeZone),
    finishedAt: formatDateTime(run.finishedAt, timeZone),
  };
}

export type RunView = ReturnType<typeof toRunView>;

export async function getPastOrdersView(shop: string, now = new Date()) {
  const [runs, shopRecord] = await Promise.all([listRecentBackfills(shop, 6), getShop(shop)]);
  const views = runs.map((run) => toRunView(run, shopRecord?.timezone ?? null));
  return {
    defaults: defaultDateRange(now),
    today: toDayString(now),
    connected: parseHyperskuStatus(shopRecord?.hyperskuStatus) === "connected",
    current: views[0] ?? null,
    earlier: views.slice(1),
  };
}
