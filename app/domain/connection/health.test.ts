import { HyperskuOutcomeUnknownError, HyperskuRejectedError, HyperskuUnavailableError } from "~/integrations/hypersku/errors";
import { describeCallFailure, describeWaitDuringOutage, getCallHealth } from "./health";

const since = new Date("2026-11-24T10:42:00Z");
const record = (failingSince: Date | null) => ({
  lastSuccessfulCallAt: null,
  failingSince,
  lastFailure: failingSince ? "HTTP 503 (getOrdersStatus)" : null,
});
const after = (ms: number) => new Date(since.getTime() + ms);

describe("getCallHealth", () => {
  it("is ok while HyperSKU answers, and with no connection", () => {
    expect(getCallHealth(record(null), since, "UTC")).toMatchObject({ state: "ok", message: "" });
    expect(getCallHealth(null, since, "UTC").state).toBe("ok");
  });

  it("is degraded for the first five minutes of failures, then down", () => {
    expect(getCallHealth(record(since), after(4 * 60_000 + 59_999), "UTC").state).toBe("degraded");
    const down = getCallHealth(record(since), after(5 * 60_000), "UTC");
    expect(down).toMatchObject({ state: "down", lastFailure: "HTTP 503 (getOrdersStatus)" });
    expect(down.message).toBe("HyperSKU has not answered since Nov 24, 2026, 10:42 AM UTC; the app keeps trying and nothing is lost.");
  });

  it("says the time in the shop's zone", () => {
    expect(getCallHealth(record(since), after(6 * 60_000), "America/New_York").sinceText).toBe("Nov 24, 2026, 5:42 AM EST");
  });
});

describe("describeWaitDuringOutage", () => {
  it("names since when and the next try, or nothing when HyperSKU answers", () => {
    const down = getCallHealth(record(since), after(6 * 60_000), "UTC");
    expect(describeWaitDuringOutage(down, "Nov 24, 2026, 10:50 AM UTC")).toBe(
      "HyperSKU is not answering since Nov 24, 2026, 10:42 AM UTC, next try at Nov 24, 2026, 10:50 AM UTC. Nothing is lost: the app keeps trying.",
    );
    expect(describeWaitDuringOutage(down, "")).toMatch(/it is sent as soon as HyperSKU answers/);
    expect(describeWaitDuringOutage(getCallHealth(record(null), since, "UTC"), "x")).toBeNull();
  });
});

describe("describeCallFailure", () => {
  const operation = "getOrdersStatus" as const;
  it("counts no answer, timeouts and 5xx", () => {
    expect(describeCallFailure(new HyperskuUnavailableError("the connection failed", { operation }))).toBe(
      "the connection failed (getOrdersStatus)",
    );
    expect(describeCallFailure(new HyperskuUnavailableError("HTTP 503", { operation, httpStatus: 503 }))).toBe(
      "HTTP 503 (getOrdersStatus)",
    );
    expect(describeCallFailure(new HyperskuOutcomeUnknownError("no answer in time", { operation: "createOrderFromExternal" }))).toBe(
      "no answer in time (createOrderFromExternal)",
    );
  });

  it("does not count what HyperSKU answered: refusals, 429, unreadable 200s, and errors not HyperSKU's", () => {
    expect(describeCallFailure(new HyperskuUnavailableError("too many requests", { operation, httpStatus: 429 }))).toBeNull();
    expect(describeCallFailure(new HyperskuUnavailableError("its answer could not be read", { operation, httpStatus: 200 }))).toBeNull();
    expect(describeCallFailure(new HyperskuRejectedError("no such order", { operation, httpStatus: 200 }))).toBeNull();
    expect(describeCallFailure(new Error("database is locked"))).toBeNull();
  });
});
