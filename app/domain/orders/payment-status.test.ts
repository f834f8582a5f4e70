import { isOrderPaid } from "./payment-status";

describe("isOrderPaid", () => {
  it.each(["paid", "partially_refunded"])("counts %s as paid", (status) => {
    expect(isOrderPaid(status)).toBe(true);
  });

  it.each(["partially_paid", "authorized", "pending", "refunded", "voided", "expired", "something_new"])(
    "does not count %s as paid",
    (status) => {
      expect(isOrderPaid(status)).toBe(false);
    },
  );

  it("does not count an unknown status as paid", () => {
    expect(isOrderPaid(null)).toBe(false);
  });
});
