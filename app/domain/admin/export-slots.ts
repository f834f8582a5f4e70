/**
 * How many exports a web process prepares at once: one per shop (a second click while the first
 * download runs would read the same 50,000 orders again) and a few in all, so that exports cannot
 * take the process's memory and time from webhooks and pages. Per process: each web process
 * (docs/decisions/0005) keeps its own count.
 *
 * A slot whose download has not asked for more for IDLE_MS (a client that stopped reading without
 * hanging up) no longer counts, so a stalled download cannot block the shop's exports for good.
 */

const EXPORTS_PER_SHOP = 1;
export const EXPORTS_PER_PROCESS = 4;
const IDLE_MS = 120_000;

export type ExportSlot = {
  /** The export is still being read: the slot is not idle. */
  touch(): void;
  release(): void;
};

export type SlotRefusal = { ok: false; message: string; retryAfterSeconds: number };

type Held = { shop: string; touchedAt: number };

const held = new Set<Held>();

export const EXPORT_BUSY_FOR_SHOP =
  "An export for this store is already being prepared. Wait for its download to finish, then export again.";
export const EXPORT_BUSY_FOR_APP = "The app is preparing several exports right now. Try again in a minute.";

export function takeExportSlot(shop: string, now: () => number = Date.now): { ok: true; slot: ExportSlot } | SlotRefusal {
  for (const slot of held) if (now() - slot.touchedAt > IDLE_MS) held.delete(slot);
  const shopHolds = [...held].filter((slot) => slot.shop === shop).length;
  if (shopHolds >= EXPORTS_PER_SHOP) return { ok: false, message: EXPORT_BUSY_FOR_SHOP, retryAfterSeconds: 30 };
  if (held.size >= EXPORTS_PER_PROCESS) return { ok: false, message: EXPORT_BUSY_FOR_APP, retryAfterSeconds: 60 };
  const mine: Held = { shop, touchedAt: now() };
  held.add(mine);
  return {
    ok: true,
    slot: {
      touch: () => void (mine.touchedAt = now()),
      release: () => void held.delete(mine),
    },
  };
}
