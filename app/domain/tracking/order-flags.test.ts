import { mayReplaceFlag } from "./order-flags";

describe("mayReplaceFlag", () => {
  it("lets a problem replace a lesser or equal one, never a more serious one", () => {
    expect(mayReplaceFlag(null, "hypersku_order_missing")).toBe(true);
    expect(mayReplaceFlag("fulfillment_conflict", "fulfillment_failed")).toBe(true);
    expect(mayReplaceFlag("fulfillment_conflict", "cancelled_after_shipping")).toBe(true);
    expect(mayReplaceFlag("cancelled_after_shipping", "fulfillment_conflict")).toBe(false);
    expect(mayReplaceFlag("someone_elses_code", "hypersku_order_missing")).toBe(true);
  });
});
