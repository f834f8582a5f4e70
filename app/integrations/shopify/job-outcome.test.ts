import { ShopifyGraphqlError } from "./admin-graphql.server";
import { SHOPIFY_THROTTLE_WAIT_MS, shopifyJobOutcome } from "./job-outcome";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe("shopifyJobOutcome: Shopify's errors become one answer to the queue", () => {
  const cases: [string, ShopifyGraphqlError, unknown][] = [
    [
      "throttled: wait for Shopify's restore time, without using up an attempt",
      new ShopifyGraphqlError("Throttled", true, 1_250),
      { kind: "reschedule", runAt: later(1_250), note: expect.stringContaining(later(1_250).toISOString()) },
    ],
    [
      "throttled without a restore time: wait a little",
      new ShopifyGraphqlError("Throttled", true),
      { kind: "reschedule", runAt: later(SHOPIFY_THROTTLE_WAIT_MS), note: expect.any(String) },
    ],
    ["any other error: retry with backoff", new ShopifyGraphqlError("Internal error", false), { kind: "retry", error: "Internal error" }],
    [
      "no data: retry with backoff",
      new ShopifyGraphqlError("Shopify answered without data", false),
      { kind: "retry", error: "Shopify answered without data" },
    ],
  ];

  it.each(cases)("%s", (_name, error, outcome) => {
    expect(shopifyJobOutcome(error, NOW)).toEqual(outcome);
  });
});
