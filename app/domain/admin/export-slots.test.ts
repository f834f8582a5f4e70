import { EXPORT_BUSY_FOR_APP, EXPORT_BUSY_FOR_SHOP, EXPORTS_PER_PROCESS, takeExportSlot, type ExportSlot } from "./export-slots";

const shop = (n: number) => `shop-${n}.myshopify.com`;

function take(name: string, now?: () => number): ExportSlot {
  const taken = takeExportSlot(name, now);
  if (!taken.ok) throw new Error(taken.message);
  return taken.slot;
}

describe("export slots", () => {
  it("lets a shop run one export at a time, and another once it is done", () => {
    const first = take(shop(1));
    expect(takeExportSlot(shop(1))).toEqual({ ok: false, message: EXPORT_BUSY_FOR_SHOP, retryAfterSeconds: 30 });
    const other = take(shop(2));
    first.release();
    first.release(); // twice is once
    const again = take(shop(1));
    again.release();
    other.release();
  });

  it("runs a few exports in the process at once, whichever shops ask", () => {
    const slots = Array.from({ length: EXPORTS_PER_PROCESS }, (_, n) => take(shop(10 + n)));
    expect(takeExportSlot(shop(99))).toEqual({ ok: false, message: EXPORT_BUSY_FOR_APP, retryAfterSeconds: 60 });
    slots[0].release();
    take(shop(99)).release();
    for (const slot of slots) slot.release();
  });

  it("stops counting an export whose download has not asked for more for two minutes", () => {
    let now = 1_000_000;
    const clock = () => now;
    const stalled = take(shop(3), clock);
    now += 60_000;
    stalled.touch();
    now += 100_000;
    expect(takeExportSlot(shop(3), clock).ok).toBe(false); // read 100 s ago: still running
    now += 30_000;
    const fresh = take(shop(3), clock);
    stalled.release(); // the stalled one ending later does not free the new one's slot
    expect(takeExportSlot(shop(3), clock).ok).toBe(false);
    fresh.release();
  });
});
