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

// Faults other tests rely on by name (issue 14): a refusal with its own HTTP status, a wrong path,
// create answers that do not prove the order, a late commit, and odd formats of unused fields.
describe("faults for issue 14", () => {
  const CREATE_URL = (simulator: { url: string }) => simulator.url + PATHS.create;

  it("reject with httpStatus answers that HTTP status with HyperSKU's words, storing nothing", async () => {
    for (const envelope of ["wrapped", "bare"] as const) {
      const { simulator, token } = await connected({ envelope });
      simulator.control.setFault("createOrderFromExternal", {
        reject: { status: 403, httpStatus: 403, message: "Store not authorised for this SKU" },
        times: 1,
      });
      const refused = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder() });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ status: 403, message: "Store not authorised for this SKU" });
      expect(simulator.control.orders()).toEqual([]);
    }
  });

  it("notFound answers HTTP 404 with an HTML page on any operation, before authentication", async () => {
    const { simulator } = await connected();
    simulator.control.setFault("refreshToken", { notFound: true });
    const response = await fetch(simulator.url + PATHS.refreshToken, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/<html>.*404 Not Found/s);
    expect(simulator.control.requests().at(-1)).toMatchObject({ operation: "refreshToken", status: 404, fault: "notFound" });
  });

  it.each([
    ["wrapped", "empty", { status: 200, message: null, data: {}, rel: true }],
    ["bare", "empty", {}],
  ] as const)("answer: %s %s -> data {} although the order is stored", async (envelope, answer, expected) => {
    const { simulator, token } = await connected({ envelope });
    simulator.control.setFault("createOrderFromExternal", { answer, times: 1 });
    const response = await call(simulator, "POST", PATHS.create, { token, body: buildExternalOrder() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expected);
    expect(simulator.control.orders()).toHaveLength(1);
  });

  it("answer: unrecognised -> the id at the top of the result, not in orderBaseInfo; the order is stored", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { answer: "unrecognised", times: 1 });
    const body = buildExternalOrder();
    const data = dataOf(await call(simulator, "POST", PATHS.create, { token, body }));
    const [stored] = simulator.control.orders();
    expect(data).toEqual({ orderId: stored.orderBaseInfo.orderId, storeOrderId: body.storeOrderId });
    expect(data.orderBaseInfo).toBeUndefined();
  });

  it("answer: oversized -> a valid answer of exactly oversizedBytes bytes, the order stored", async () => {
    for (const envelope of ["wrapped", "bare"] as const) {
      const { simulator, token } = await connected({ envelope });
      simulator.control.setFault("createOrderFromExternal", { answer: "oversized", oversizedBytes: 300_000, times: 1 });
      const body = buildExternalOrder();
      const response = await fetch(CREATE_URL(simulator), {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: token },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(Buffer.byteLength(text)).toBe(300_000);
      const parsed = JSON.parse(text);
      const order = envelope === "bare" ? parsed : parsed.data;
      expect(order.orderBaseInfo.storeOrderId).toBe(body.storeOrderId);
      expect(order.padding).toMatch(/^x+$/);
      expect(simulator.control.orders()).toHaveLength(1);
      await expect.poll(() => simulator.control.requests().at(-1)?.sentBytes).toBe(300_000);
    }
  });

  it("answer: oversized streams 50 MB by default, and stops when the client hangs up", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { answer: "oversized", times: 2 });
    const post = () =>
      fetch(CREATE_URL(simulator), {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: token },
        body: JSON.stringify(buildExternalOrder()),
      });
    let total = 0;
    const whole = (await post()).body!.getReader();
    for (let part = await whole.read(); !part.done; part = await whole.read()) total += part.value.byteLength;
    expect(total).toBe(50 * 1024 * 1024);
    const reader = (await post()).body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => simulator.control.requests().at(-1)?.sentBytes).toBeDefined();
    expect(simulator.control.requests().at(-1)!.sentBytes!).toBeLessThan(50 * 1024 * 1024);
  });

  it("commitAfterMs: never answers; the order is invisible until then, a create sent again meanwhile makes a second", async () => {
    const { simulator, token } = await connected();
    simulator.control.setFault("createOrderFromExternal", { commitAfterMs: 400, times: 1 });
    const body = buildExternalOrder();
    const started = Date.now();
    await expect(call(simulator, "POST", PATHS.create, { token, body, signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /abort|timeout/i,
    );
    const lookups = async () => ({
      byExternalId: dataOf(
        await call(simulator, "POST", PATHS.byExternalId, { token, body: { storeCode: body.storeCode, storeOrderId: body.storeOrderId } }),
      ).length,
      list: dataOf(await call(simulator, "GET", PATHS.list(body.storeOrderId), { token })).rows.length,
      control: simulator.control.orders().length,
    });
    expect(await lookups()).toEqual({ byExternalId: 0, list: 0, control: 0 });
    // The app, finding nothing, sends again (duplicateCreate "return-existing" cannot see the pending one).
    const second = dataOf(await call(simulator, "POST", PATHS.create, { token, body }));
    expect(await lookups()).toEqual({ byExternalId: 1, list: 1, control: 1 });
    await expect.poll(async () => (await lookups()).byExternalId, { timeout: 2_000, interval: 25 }).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const ids = simulator.control.orders().map((order) => order.orderBaseInfo.orderId);
    expect(ids).toContain(second.orderBaseInfo.orderId);
    const statuses = dataOf(await call(simulator, "POST", PATHS.status, { token, body: ids }));
    expect(statuses).toHaveLength(2);
    expect(simulator.control.requests().find((entry) => entry.operation === "createOrderFromExternal")).toMatchObject({
      status: null,
      fault: "commitAfterMs",
    });
  });

  it.each([
    ["space", /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/],
    ["epoch-seconds", /^\d{10}$/],
    ["epoch-ms", /^\d{13}$/],
  ] as const)("quirks.createTime %s changes createTime in answers, not the stored order", async (createTime, pattern) => {
    const { simulator, token } = await connected();
    for (const operation of ["createOrderFromExternal", "getOrdersByExternalOrderId", "listOrderByStoreOrderId"]) {
      simulator.control.setFault(operation, { quirks: { createTime } });
    }
    const body = buildExternalOrder();
    const created = dataOf(await call(simulator, "POST", PATHS.create, { token, body }));
    const found = dataOf(
      await call(simulator, "POST", PATHS.byExternalId, { token, body: { storeCode: body.storeCode, storeOrderId: body.storeOrderId } }),
    );
    const listed = dataOf(await call(simulator, "GET", PATHS.list(body.storeOrderId), { token }));
    for (const order of [created, found[0], listed.rows[0]]) expect(String(order.orderBaseInfo.createTime)).toMatch(pattern);
    if (createTime !== "space") expect(typeof created.orderBaseInfo.createTime).toBe("number");
    expect(simulator.control.orders()[0].orderBaseInfo.createTime).toMatch(/Z$/);
  });

  it("quirks.userIdAsNumber sends userId as a number in token responses", async () => {
    const simulator = await startSimulator({ userId: "778899" });
    simulator.control.setFault("accessToken", { quirks: { userIdAsNumber: true } });
    expect((await connect(simulator)).userId).toBe(778899);
    simulator.control.configure({ userId: "sim-user-1" });
    simulator.control.setFault("accessToken", { quirks: { userIdAsNumber: true } });
    expect(typeof (await connect(simulator)).userId).toBe("number");
  });

  it("refuses answer and commitAfterMs for other operations, and oversizedBytes without answer: oversized", async () => {
    const { simulator } = await connected();
    expect(() => simulator.control.setFault("getCountryCode", { answer: "empty" })).toThrow(/answer: only for createOrderFromExternal/);
    expect(() => simulator.control.setFault("*", { commitAfterMs: 10 })).toThrow(/commitAfterMs: only for createOrderFromExternal/);
    expect(() => simulator.control.setFault("createOrderFromExternal", { oversizedBytes: 10 })).toThrow(/oversizedBytes/);
    expect(() => simulator.control.setFault("createOrderFromExternal", { answer: "huge" as never })).toThrow(/answer/);
    expect(() => simulator.control.setFault("createOrderFromExternal", { quirks: { createTime: "weird" as never } })).toThrow(
      /quirks.createTime/,
    );
  });
});
