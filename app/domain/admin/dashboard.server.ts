/**
 * The dashboard's view model: connection, orders per pipeline stage (the orders list's tabs) and per
 * HyperSKU status, the problems that need the merchant, and when the app last heard from HyperSKU
 * and Shopify. Every count comes from one grouped count over a covering index; no per-order work.
 */
import { describeReconnectReason, parseHyperskuStatus } from "~/models/connection-status";
import { HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import { getConnectionSummary } from "~/models/hypersku-connection.server";
import { countOrdersByPipelineColumns, countReasonsInState, listFlaggedOrders, listParcelProblems } from "~/models/admin-orders.server";
import { getShop } from "~/models/shop.server";
import { buildDashboardProblems, type DashboardProblem } from "./dashboard-problems";
import { buildOutageProblem } from "./dashboard-outage";
import { getOutageView } from "./dashboard-outage.server";
import { withoutSettled } from "./dashboard-settled";
import { getSettledOrders } from "./order-problems.server";
import { buildSetupGuide } from "./setup-guide";
import { getHyperskuWebLinksFromEnv } from "~/domain/connection/hypersku.server";
import { countByStage, PIPELINE_STAGES, STAGE_LABELS, TRACKED_ORDERS } from "./pipeline";
import { lowStockCount } from "~/domain/catalogue/products-view.server";

export type CountTile = {
  id: string;
  label: string;
  meaning: string;
  count: number;
  url: string;
  tone?: "critical" | "warning" | "success";
};

const STAGE_TILE_TONES: Partial<Record<string, CountTile["tone"]>> = {
  needs_you: "critical",
  awaiting_payment: "warning",
  shipped: "success",
  delivered: "success",
};

const FLAGGED_SHOWN = 5;

export async function getDashboard(shop: string, now = new Date()) {
  const settled = await getSettledOrders(shop);
  const [shopRecord, connection, groups, flagged, parcelProblems, lowStock] = await Promise.all([
    getShop(shop),
    getConnectionSummary(shop),
    countOrdersByPipelineColumns(shop, TRACKED_ORDERS),
    // Enough to show five once the settled ones are taken out.
    listFlaggedOrders(shop, FLAGGED_SHOWN + settled.get("flag")!.size),
    listParcelProblems(shop, 5),
    lowStockCount(shop),
  ]);
  const counts: Record<string, number> = {};
  const hyperskuCounts = new Map<number, number>();
  for (const group of groups) {
    counts[group.state] = (counts[group.state] ?? 0) + group.count;
    if (group.hyperskuStatus !== null)
      hyperskuCounts.set(group.hyperskuStatus, (hyperskuCounts.get(group.hyperskuStatus) ?? 0) + group.count);
  }
  const needsAttentionReasons = (counts.needs_attention ?? 0) > 0 ? await countReasonsInState(shop, "needs_attention") : [];
  const heldReasons = (counts.held ?? 0) > 0 ? await countReasonsInState(shop, "held") : [];
  const status = parseHyperskuStatus(shopRecord?.hyperskuStatus);
  // Whether HyperSKU answers matters only while connected (a lost connection has its own banner).
  const outage = status === "connected" ? await getOutageView(shop, shopRecord?.timezone ?? null, now) : null;
  const outageProblem = outage && buildOutageProblem(outage.health, outage.waiting);
  const reason = status === "reconnect_needed" ? describeReconnectReason(shopRecord?.hyperskuStatusReason) : null;
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const setupGuide = buildSetupGuide({
    connectionStatus: status,
    dismissed: shopRecord?.setupGuideDismissedAt != null,
    settingsSavedAt: shopRecord?.settingsSavedAt ?? null,
    stepsMarked: shopRecord?.setupStepsDone ?? "[]",
    ordersSent: counts.sent ?? 0,
    ordersHeld: counts.held ?? 0,
  });

  const stageCounts = countByStage(groups);
  const stageTiles: CountTile[] = PIPELINE_STAGES.map((stage) => ({
    id: stage,
    label: STAGE_LABELS[stage].label,
    meaning: STAGE_LABELS[stage].meaning,
    count: stageCounts[stage],
    url: `/app/orders?tab=${stage}`,
    tone: STAGE_TILE_TONES[stage],
  }));
  const hyperskuTiles = HYPERSKU_STATUSES.map((entry) => ({
    code: entry.code,
    name: entry.name,
    meaning: entry.meaning,
    tone: entry.tone,
    count: hyperskuCounts.get(entry.code) ?? 0,
    url: `/app/orders?status=${entry.code}`,
  }));

  return {
    shop,
    /** The shop's IANA zone (null: not read yet), for the loader's time texts (app/domain/admin/format.ts). */
    timeZone: shopRecord?.timezone ?? null,
    totalOrders: total,
    connection: {
      status,
      reason,
      lastSuccessfulCallAt: connection?.lastSuccessfulCallAt?.toISOString() ?? null,
      lastReconciledAt: shopRecord?.lastReconciledAt?.toISOString() ?? null,
      /** ok | degraded | down, with a sentence (app/domain/connection/health.ts). */
      health: { state: outage?.health.state ?? "ok", message: outage?.health.message ?? "" },
    },
    stageTiles,
    hyperskuTiles,
    /** The first-run guide; null once dismissed. */
    setupGuide,
    problems: [
      ...(outageProblem ? [outageProblem] : []),
      ...(lowStock > 0 ? [lowStockProblem(lowStock)] : []),
      ...buildDashboardProblems(
        withoutSettled(
          {
            connection: { status, reason },
            counts,
            hyperskuCounts,
            needsAttentionReasons,
            heldReasons,
            flagged,
            parcelProblems,
            paymentUrl: getHyperskuWebLinksFromEnv().payment,
            setupGuideShown: setupGuide !== null,
          },
          settled,
          FLAGGED_SHOWN,
        ),
      ),
    ],
  };
}

/** HyperSKU holds the merchant's stock of some variants and it is running out: a warning before orders wait. */
function lowStockProblem(count: number): DashboardProblem {
  const variants = count === 1 ? "1 product variant is" : `${count} product variants are`;
  return {
    id: "low_stock",
    tone: "warning",
    title: `${variants} running low at HyperSKU`,
    description:
      "HyperSKU holds your stock of these variants and has your low-stock threshold or fewer left. Order more stock at HyperSKU before it runs out, or new orders for them will wait.",
    details: [],
    action: { kind: "link", label: "See low stock", url: "/app/products?tab=low_stock" },
  };
}

export type DashboardView = Awaited<ReturnType<typeof getDashboard>>;
