/**
 * What the connection card shows: status, account and token timing, never a token. Times are text in
 * the shop's time zone, made here so the server's HTML and the hydrated card read the same.
 */
import { formatDateTime } from "~/domain/admin/format";
import { getConnectionSummary } from "~/models/hypersku-connection.server";
import { getShop } from "~/models/shop.server";
import { describeReconnectReason, parseHyperskuStatus } from "~/models/connection-status";
import { getCallHealth } from "./health";
import { getMissingHyperskuSettings } from "./hypersku.server";
import { checkPendingConnection, describePendingRefusal, type AdminActor } from "./pending-connection.server";

const storeLabel = (domain: string, name: string | null | undefined) => ({ domain, name: name ?? domain.replace(/\.myshopify\.com$/, "") });

export async function getConnectionView(shop: string, now = new Date()) {
  const [shopRecord, summary] = await Promise.all([getShop(shop), getConnectionSummary(shop)]);
  // Uninstalled, or without tokens (the uninstall deleted them): not connected, whatever is stored.
  const stored = parseHyperskuStatus(shopRecord?.hyperskuStatus);
  const timeZone = shopRecord?.timezone ?? null;
  const status = shopRecord?.uninstalledAt || (stored === "connected" && !summary) ? "not_connected" : stored;
  return {
    status,
    /** The store the HyperSKU account is (or is about to be) connected to, named on the card. */
    store: storeLabel(shop, shopRecord?.name),
    reconnectReason: status === "reconnect_needed" ? describeReconnectReason(shopRecord?.hyperskuStatusReason) : null,
    missingSettings: getMissingHyperskuSettings(),
    /** Whether HyperSKU answers the app's calls, not only whether the authorization is valid. */
    health: getCallHealth(status === "connected" ? summary : null, now, timeZone),
    account: summary && {
      hyperskuUserId: summary.hyperskuUserId,
      scope: summary.scope,
      connectedText: formatDateTime(summary.connectedAt, timeZone),
      accessRenewsBeforeText: formatDateTime(summary.accessTokenExpiresAt, timeZone) || "No expiry given",
      lastSuccessfulCallText: formatDateTime(summary.lastSuccessfulCallAt, timeZone) || "Never",
    },
  };
}

export type ConnectionView = Awaited<ReturnType<typeof getConnectionView>>;

/**
 * What the confirmation step shows for `?confirm=`: the HyperSKU user about to be connected and
 * the store, or why this link cannot be confirmed here. Never the tokens.
 */
export async function getPendingConnectionView(confirmToken: string | null, actor: AdminActor) {
  if (!confirmToken) return null;
  const check = await checkPendingConnection(confirmToken, actor);
  if (!check.ok) return { ok: false as const, message: describePendingRefusal(check.reason) };
  return { ok: true as const, hyperskuUserId: check.hyperskuUserId, expiresAt: check.expiresAt.toISOString() };
}

export type PendingConnectionView = NonNullable<Awaited<ReturnType<typeof getPendingConnectionView>>>;
