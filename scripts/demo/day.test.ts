import { createdInRangeQuery, defaultDateRange, parseDateRange } from "~/domain/backfill/date-range";
import { ShopifyAdminFake } from "../../simulators/shopify/admin-graphql-fake";
import { buildDemoDay } from "./day";

describe("the demo's day", () => {
  it("puts every order in the Shopify stand-in inside the default range of 'Send past orders'", async () => {
    const now = new Date();
    const parsed = parseDateRange(defaultDateRange(now), now);
    if (!parsed.ok) throw new Error("the default range does not parse");
    const { from, to } = parsed.range;
    expect(createdInRangeQuery(parsed.range)).toContain(from.toISOString());
    const shopify = new ShopifyAdminFake();
    const day = buildDemoDay(8);
    for (const order of day) {
      shopify.placeOrder("demo.myshopify.com", order.payload);
      const created = Date.parse(String(order.payload.created_at));
      expect(created, `${String(order.payload.name)} ${String(order.payload.created_at)}`).toBeGreaterThanOrEqual(from.getTime());
      expect(created).toBeLessThanOrEqual(to.getTime());
    }
    // What "Send past orders" asks Shopify for finds every one of them.
    const answer = await shopify.clientFor("demo.myshopify.com")<{ ordersCount: { count: number } }>(
      "query PastOrdersCount { ordersCount { count } }",
      {
        query: createdInRangeQuery(parsed.range),
      },
    );
    expect(answer.data!.ordersCount.count).toBe(day.length);
  });
});
