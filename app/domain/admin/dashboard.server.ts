/**
 * The dashboard's view model: connection, counts by forwarding state and by HyperSKU status, the
 * problems that need the merchant, and when the app last heard from HyperSKU and Shopify.
 * A few capped counts over covering indexes (see COUNT_CAP); no per-order work.
 */
import { describeReconnectReason, parseHyperskuStatus } from "~/models/connection-status";
import { HYPERSKU_STATUS, HYPERSKU_STATUSES } from "~/domain/orders/hypersku-status";
import { ORDER_STATE_LABELS } from "~/models/order-state";
import { getConnectionSummary } from "~/models/hypersku-connection.server";
import {
  countOrdersByHyperskuStatus,
  countOrdersByState,
  countReasonsInState,
  listFlaggedOrders,
  listParcelProblems,
} from "~/models/admin-orders.server";
import { getShop } from "~/models/shop.server";
import { buildDashboardProblems } from "./dashboard-problems";
import { buildOutageProblem } from "./dashboard-outage";
import { getOutageView } from "./dashboard-outage.server";
import { COUNT_CAP } from "./format";
import { ORDER_TABS } from "./orders-list-query";

export type CountTile = {
  id: string;
  label: string;
  meaning: string;
  count: number;
  url: string;
  tone?: "critical" | "warning" | "success";
};

export async function getDashboard(shop: string, now = new Date()) {
  const [shopRecord, connection, counts, hyperskuCounts, flagged, parcelProblems] = await Promise.all([
    getShop(shop),
    getConnectionSummary(shop),
    countOrdersByState(shop, COUNT_CAP),
    countOrdersByHyperskuStatus(
      shop,
      HYPERSKU_STATUSES.map((status) => status.code),
      COUNT_CAP,
    ),
    listFlaggedOrders(shop, 5),
    listParcelProblems(shop, 5),
  ]);
  const needsAttentionReasons = (counts.needs_attention ?? 0) > 0 ? await countReasonsInState(shop, "needs_attention") : [];
  const heldReasons = (counts.held ?? 0) > 0 ? await countReasonsInState(shop, "held") : [];
  const status = parseHyperskuStatus(shopRecord?.hyperskuStatus);
  // Whether HyperSKU answers matters only while connected (a lost connection has its own banner).
  const outage = status === "connected" ? await getOutageView(shop, shopRecord?.timezone ?? null, now) : null;
  const outageProblem = outage && buildOutageProblem(outage.health, outage.waiting);
  const reason = status === "reconnect_needed" ? describeReconnectReason(shopRecord?.hyperskuStatusReason) : null;
  // Past the cap in any state, the total is only known to be past it too.
  const capped = Object.values(counts).some((count) => count > COUNT_CAP);
  const total = capped ? COUNT_CAP + 1 : Object.values(counts).reduce((sum, count) => sum + count, 0);

  const stateTiles: CountTile[] = ORDER_TABS.filter((tab) => tab.states).map((tab) => {
    const states = tab.states ?? [];
    const count = states.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
    const tone = tab.id === "failed" && count > 0 ? "critical" : tab.id === "needs_attention" && count > 0 ? "warning" : undefined;
    return { id: tab.id, label: tab.label, meaning: ORDER_STATE_LABELS[states[0]].meaning, count, url: `/app/orders?tab=${tab.id}`, tone };
  });
  const shippedTile = (id: string, label: string, meaning: string, code: number): CountTile => ({
    id,
    label,
    meaning,
    count: hyperskuCounts.get(code) ?? 0,
    url: `/app/orders?status=${code}`,
    tone: "success",
  });
  const shippingTiles = [
    shippedTile("shipped", "Shipped", "HyperSKU shipped them; tracking is available.", HYPERSKU_STATUS.shipping),
    shippedTile("split", "Shipped in parts", "Shipped in several parcels.", HYPERSKU_STATUS.splitShipment),
    shippedTile("delivered", "Delivered", "The carrier reports them delivered.", HYPERSKU_STATUS.delivered),
  ];
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
    stateTiles,
    shippingTiles,
    hyperskuTiles,
    problems: [
      ...(outageProblem ? [outageProblem] : []),
      ...buildDashboardProblems({
        connection: { status, reason },
        counts,
        hyperskuCounts,
        needsAttentionReasons,
        heldReasons,
        flagged,
        parcelProblems,
      }),
    ],
  };
}

export type DashboardView = Awaited<ReturnType<typeof getDashboard>>;
