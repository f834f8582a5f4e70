/**
 * The Prisma-backed HyperskuTokenStore the token manager uses. A refresh is saved only over the
 * set it started from; if another process stored a newer set meanwhile, that one is kept (the
 * manager re-reads it) instead of overwriting it with tokens HyperSKU may already have retired.
 */
import type { HyperskuTokenStore } from "~/integrations/hypersku/tokens.server";
import { getTokenSet, saveRefreshedTokenSet } from "~/models/hypersku-connection.server";
import { setHyperskuStatus } from "~/models/shop.server";
import { logger } from "~/logger.server";

export const prismaTokenStore: HyperskuTokenStore = {
  load: getTokenSet,

  async save(shop, tokenSet, previous) {
    const stored = await getTokenSet(shop);
    if (!stored || stored.accessToken !== previous.accessToken) {
      logger.info({ shop }, "HyperSKU tokens changed during refresh; keeping the newer set");
      return;
    }
    const saved = await saveRefreshedTokenSet(shop, tokenSet, stored.version);
    if (!saved) logger.info({ shop }, "HyperSKU tokens changed during refresh; keeping the newer set");
  },

  async markReconnectNeeded(shop, reason) {
    logger.warn({ shop, reason }, "HyperSKU connection needs the merchant to reconnect");
    await setHyperskuStatus(shop, "reconnect_needed", reason);
  },
};
