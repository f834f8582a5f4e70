import { createdInRangeQuery, defaultDateRange, parseDateRange } from "~/domain/backfill/date-range";
import { buildDemoDay } from "./day";

describe("the demo's day", () => {
  it("puts every order in the Shopify stand-in inside the default range of 'Send past orders'", () => {
    const now = new Date();
    const parsed = parseDateRange(defaultDateRange(now), now);
    if (!parsed.ok) throw new Error("the default range does not parse");
    const { from, to } = parsed.range;
    expect(createdInRangeQuery(parsed.range)).toContain(from.toISOString());
    for (const order of buildDemoDay(8)) {
      const created = Date.parse(String(order.node.createdAt));
      expect(created, `${String(order.payload.name)} ${String(order.node.createdAt)}`).toBeGreaterThanOrEqual(from.getTime());
      expect(created).toBeLessThanOrEqual(to.getTime());
      expect(order.node.createdAt).toBe(order.payload.created_at);
    }
  });
});
