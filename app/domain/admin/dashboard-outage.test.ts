import { getCallHealth } from "~/domain/connection/health";
import { buildOutageProblem, describeRetryDuringOutage } from "./dashboard-outage";

const since = new Date("2026-11-24T10:42:00Z");
const health = (minutes: number | null) =>
  getCallHealth(
    { lastSuccessfulCallAt: null, failingSince: minutes === null ? null : since, lastFailure: "HTTP 503 (createOrderFromExternal)" },
    new Date(since.getTime() + (minutes ?? 0) * 60_000),
    "UTC",
  );
const waiting = { count: 3, nextTryText: "Nov 24, 2026, 10:55 AM UTC" };

describe("the outage banner", () => {
  it("appears once HyperSKU has not answered for five minutes: since when, how many wait, the next try", () => {
    expect(buildOutageProblem(health(4), waiting)).toBeNull();
    const banner = buildOutageProblem(health(5), waiting)!;
    expect(banner).toMatchObject({
      id: "hypersku_down",
      tone: "critical",
      title: "HyperSKU is not answering since Nov 24, 2026, 10:42 AM UTC",
    });
    expect(banner.description).toMatch(/sent on their own as soon as HyperSKU answers/);
    expect(banner.details.map((detail) => detail.text)).toEqual([
      "3 orders wait to be sent; next try at Nov 24, 2026, 10:55 AM UTC.",
      "Last failure: HTTP 503 (createOrderFromExternal)",
    ]);
    // The waiting orders are the orders list's "to send" stage.
    expect(banner.action).toMatchObject({ kind: "link", url: "/app/orders?tab=to_send" });
    expect(buildOutageProblem(health(null), waiting)).toBeNull();
  });
});

describe("Retry failed orders during an outage", () => {
  it("says HyperSKU is still not answering and how many orders wait for it", () => {
    expect(describeRetryDuringOutage(health(7), { count: 1, nextTryText: "" })).toBe(
      "HyperSKU is still not answering: 1 order will be sent as soon as it answers.",
    );
    expect(describeRetryDuringOutage(health(null), waiting)).toBeNull();
  });
});
