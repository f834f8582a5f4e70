import { describeOrderProblem, LINE_SKIP_REASONS, ORDER_PROBLEMS, type OrderProblemCode } from "./describe-problems";

describe("describe-problems", () => {
  it("says what is wrong and what to do for every code, in sentences", () => {
    for (const [code, { problem, fix }] of Object.entries(ORDER_PROBLEMS)) {
      expect([code, problem]).toEqual([code, expect.stringMatching(/^[A-Z].*\.$/)]);
      expect([code, fix]).toEqual([code, expect.stringMatching(/^[A-Z].*\.$/)]);
      expect(problem).not.toMatch(/[_{}]|undefined|null/);
    }
    for (const reason of Object.values(LINE_SKIP_REASONS)) expect(reason).toMatch(/^[A-Z].*\.$/);
  });

  it("joins the problem and its fix", () => {
    expect(describeOrderProblem("no_shipping_address")).toBe(
      "This order has no shipping address, so HyperSKU cannot ship it. Add a shipping address to the order in Shopify, then choose Retry.",
    );
  });

  it("covers the codes the mapper and the decision produce", () => {
    const codes: OrderProblemCode[] = [
      "no_shipping_address",
      "nothing_to_ship",
      "not_for_hypersku",
      "too_many_lines",
      "missing_country",
      "unrecognised_country",
      "missing_address_line",
      "missing_city",
      "missing_name",
      "missing_currency",
      "missing_price",
      "missing_shop_domain",
      "custom_line_item",
      "awaiting_payment",
      "cancelled",
      "test_order",
      "excluded_tag",
      "refunded",
      "payment_voided",
      "fulfilled",
      "closed",
      "missing_zip_code",
      "missing_postal_code",
      "missing_state",
      "missing_province",
      "local_pickup",
      "local_delivery",
      // The pre-send catalogue check (catalogue-check.ts).
      "needs_sourcing",
      "destination_not_supported",
      "sku_not_offered",
      "product_deleted",
    ];
    expect(Object.keys(ORDER_PROBLEMS).sort()).toEqual([...codes].sort());
  });
});
