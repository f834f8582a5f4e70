/** What the connection card shows: status, account and token timing, never a token. */
import { getConnectionSummary } from "~/models/hypersku-connection.server";
import { getShop } from "~/models/shop.server";
import { describeReconnectReason, parseHyperskuStatus } from "./status";
import { getMissingHyperskuSettings } from "./hypersku.server";

export async function getConnectionView(shop: string) {
  const [shopRecord, summary] = await Promise.all([getShop(shop), getConnectionSummary(shop)]);
  const status = parseHyperskuStatus(shopRecord?.hyperskuStatus);
  return {
    status,
    reconnectReason: status === "reconnect_needed" ? describeReconnectReason(shopRecord?.hyperskuStatusReason) : null,
    missingSettings: getMissingHyperskuSettings(),
    account: summary && {
      hyperskuUserId: summary.hyperskuUserId,
      scope: summary.scope,
      accessTokenExpiresAt: summary.accessTokenExpiresAt?.toISOString() ?? null,
      connectedAt: summary.connectedAt.toISOString(),
      lastRefreshedAt: summary.lastRefreshedAt?.toISOString() ?? null,
      lastSuccessfulCallAt: summary.lastSuccessfulCallAt?.toISOString() ?? null,
    },
  };
}

export type ConnectionView = Awaited<ReturnType<typeof getConnectionView>>;
