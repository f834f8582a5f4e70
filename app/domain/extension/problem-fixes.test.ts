import { HELD_REASONS } from "~/models/order-state";
import { getFlagFix, getStateFix } from "./problem-fixes";

describe("getStateFix", () => {
  it("gives every held order the fix of its own reason, whoever asks (the order page, the block, the problems list)", () => {
    for (const [code, reason] of Object.entries(HELD_REASONS)) expect(getStateFix(code), code).toBe(reason.fix);
  });

  it("tells an order held by an uninstall to reinstall the app before connecting HyperSKU", () => {
    expect(getStateFix("app_uninstalled")).toMatch(/^Reinstall the app, then connect HyperSKU/);
  });

  it("says how to release an order held in Shopify", () => {
    expect(getStateFix("fulfillment_on_hold")).toContain("release its fulfillment hold");
  });

  it("keeps the catalogue's fix for a reason an order is not sent, and none for an unknown code", () => {
    expect(getStateFix("no_shipping_address")).toBe("Add a shipping address to the order in Shopify, then choose Retry.");
    expect(getStateFix("hypersku_unconfirmed")).toMatch(/^Choose Retry/);
    expect(getStateFix("something_new")).toBeNull();
    expect(getStateFix(null)).toBeNull();
  });
});

describe("getFlagFix", () => {
  it("says what to do about a flag, and nothing for an unknown one", () => {
    expect(getFlagFix("items_added_after_sending")).toMatch(/^HyperSKU does not have these items/);
    expect(getFlagFix("unknown")).toBeNull();
  });
});
