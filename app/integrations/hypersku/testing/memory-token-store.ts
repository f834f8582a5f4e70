/** In-memory HyperskuTokenStore for tests and the demo; records what the manager asked of it. */
import type { HyperskuTokenSet } from "~/models/hypersku-token-set";
import type { HyperskuTokenStore } from "../tokens.server";

export interface MemoryTokenStore extends HyperskuTokenStore {
  sets: Map<string, HyperskuTokenSet>;
  saves: { shop: string; tokenSet: HyperskuTokenSet; previous: HyperskuTokenSet }[];
  reconnectNeeded: { shop: string; reason: string }[];
}

export function createMemoryTokenStore(initial: Record<string, HyperskuTokenSet> = {}): MemoryTokenStore {
  const sets = new Map(Object.entries(initial).map(([shop, set]) => [shop, { ...set }]));
  const store: MemoryTokenStore = {
    sets,
    saves: [],
    reconnectNeeded: [],
    async load(shop) {
      const set = sets.get(shop);
      return set ? { ...set } : null;
    },
    async save(shop, tokenSet, previous) {
      store.saves.push({ shop, tokenSet, previous });
      sets.set(shop, { ...tokenSet });
    },
    async markReconnectNeeded(shop, reason) {
      store.reconnectNeeded.push({ shop, reason });
    },
  };
  return store;
}
