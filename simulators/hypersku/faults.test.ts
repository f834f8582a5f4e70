// Injected faults: server errors at a seeded rate, latency, rate limiting, hanging, committing then
// timing out, and `times`.
import { describe, expect, it } from "vitest";
import { PATHS, buildExternalOrder, call, connect, dataOf, startSimulator } from "./test-support";

async function connected(options: Parameters<typeof startSimulator>[0] = {}) {
  const simulator = await startSimulator(options);
  const { accessToken } = await connect(simulator);
  return { simulator, token: accessToken as string };
}

async function statuses(seed: number) {
  const { simulator, token } = await connected({ seed });
  simulator.control.setFault("getCountryCode", { errorRate: 0.5 });
  const seen: number[] = [];
  for (let index = 0; index < 20; index += 1) seen.push((await call(simulator, "GET", PATHS.countries, { token })).status);
  return seen;
}

describe("faults", () => {
  it("fails at the configured rate with HTTP 500, reproducibly for a seed", async () => {
    const first = await statuses(7);
    expect(await statuses(7)).toEqual(first);
    expect(first).toContain(500);
    expect(first).toContain(200);
    expect(await statuses(8)).not.toEqual(first);
  });

  it("answers a server error with {status, message}", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("*", { errorRate: 1 });
    const response = await call(simulator, "GET", PATHS.countries, { token });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ status: 500, message: "internal server error" });
  });

  it("delays answers by latencyMs, fixed or within a range", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("getCountryCode", { latencyMs: 150 });
    let started = Date.now();
    expect((await call(simulator, "GET", PATHS.countries, { token })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    simulator.control.setFault("getCountryCode", { latencyMs: [60, 80] });
    started = Date.now();
    await call(simulator, "GET", PATHS.countries, { token });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("rate-limits with HTTP 429 and Retry-After", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { rateLimit: { retryAfterSeconds: 3 } });
    const response = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder() });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(simulator.control.orders()).toEqual([]);
  });

  it("refuses with a business error in HyperSKU's words, storing nothing", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { reject: { status: 40010, message: "cannot be sourced" }, times: 1 });
    const refused = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder() });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 40010, message: "cannot be sourced" });
    expect(simulator.control.orders()).toEqual([]);
    const accepted = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder() });
    expect(accepted.body).toMatchObject({ status: 200 });
  });

  it("hangs until the client gives up, without storing anything or blocking close", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { hang: true });
    const attempt = call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder(), signal: AbortSignal.timeout(150) });
    await expect(attempt).rejects.toThrow(/abort|timeout/i);
    expect(simulator.control.orders()).toEqual([]);
    // A second hung request still open while closing must not keep the server alive.
    const pending = call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder() }).catch((error: Error) => error);
    await expect.poll(() => simulator.control.requests().length).toBe(3);
    const started = Date.now();
    await simulator.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });

  it("commit-then-timeout stores the order though the client never hears back", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { commitThenTimeout: true, times: 1 });
    const body = buildExternalOrder();
    const attempt = call(simulator, "POST", PATHS.create, { token, body, signal: AbortSignal.timeout(150) });
    await expect(attempt).rejects.toThrow(/abort|timeout/i);
    expect(simulator.control.orders()).toHaveLength(1);
    // The client's recovery: look the order up instead of creating it again.
    const found = dataOf(
      await call(simulator, "POST", PATHS.byExternalId, { token, body: { storeCode: body.storeCode, storeOrderId: body.storeOrderId } }),
    );
    expect(found).toHaveLength(1);
    const lastCreate = simulator.control.requests().find((entry) => entry.operation === "createOrderFromExternal");
    expect(lastCreate).toMatchObject({ status: null, fault: "commitThenTimeout" });
  });

  it("applies to the next N requests only with `times`, then clears", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("getCountryCode", { errorRate: 1, times: 2 });
    const seen = [];
    for (let index = 0; index < 3; index += 1) seen.push((await call(simulator, "GET", PATHS.countries, { token })).status);
    expect(seen).toEqual([500, 500, 200]);
    expect(simulator.control.faults()).toEqual({});
  });

  it("prefers an operation's own fault over '*', and is set and cleared over HTTP", async () => {
    const { simulator, token } = await connected();
    const setFault = (operation: string, fault: unknown) =>
      fetch(`${simulator.url}/__sim/faults`, { method: "POST", body: JSON.stringify({ operation, fault }) });
    await setFault("*", { errorRate: 1 });
    await setFault("getCountryCode", { latencyMs: 0 });
    expect((await call(simulator, "GET", PATHS.countries, { token })).status).toBe(200);
    expect((await call(simulator, "GET", PATHS.stock, { token })).status).toBe(500);
    await setFault("*", null);
    expect((await call(simulator, "GET", PATHS.stock, { token })).status).toBe(200);
    const invalid = await setFault("nope", { errorRate: 2 });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toContain('unknown operation "nope"');
    expect((await setFault("getCountryCode", { errorRate: 2 })).status).toBe(400);
  });
});
