/**
 * Background refresh: renew access tokens shortly before they expire, so a busy hour never waits
 * on a refresh and a refresh that fails for good turns into "reconnect needed" early, while the
 * merchant can still act before orders pile up.
 */
import { HyperskuError, HyperskuReconnectNeededError } from "~/integrations/hypersku/errors";
import { listShopsWithTokensExpiringBefore } from "~/models/hypersku-connection.server";
import { logger } from "~/logger.server";
import { getHypersku } from "./hypersku.server";

/** Same window as the token manager's refresh margin, so asking for a token refreshes it. */
const REFRESH_AHEAD_MS = 5 * 60_000;

export async function refreshExpiringConnections(now = new Date()) {
  const shops = await listShopsWithTokensExpiringBefore(new Date(now.getTime() + REFRESH_AHEAD_MS));
  const outcome = { refreshed: 0, reconnectNeeded: 0, failed: 0 };
  for (const shop of shops) {
    try {
      await getHypersku().tokens.getAccessToken(shop);
      outcome.refreshed += 1;
    } catch (error) {
      if (error instanceof HyperskuReconnectNeededError) outcome.reconnectNeeded += 1;
      else if (error instanceof HyperskuError) {
        // Unavailable and the like: the next run tries again; the token is still valid for minutes.
        outcome.failed += 1;
        logger.warn({ shop, code: error.code }, "background token refresh failed; will retry");
      } else throw error;
    }
  }
  return outcome;
}
