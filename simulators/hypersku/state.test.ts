// The request log, persistence across restarts, reset, and the /__sim/ control endpoints.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REQUEST_LOG_LIMIT, RequestLog } from "./request-log";
import { PATHS, buildExternalOrder, call, connect, createOrder, dataOf, startSimulator } from "./test-support";

const control = async (url: string, method: "GET" | "POST", endpoint: string, body?: unknown) => {
  const response = await fetch(`${url}/__sim/${endpoint}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

describe("request log", () => {
  it("records each API request with its raw Authorization, parsed body and status, but not /__sim", async () => {
    const simulator = await startSimulator();
    const { accessToken } = await connect(simulator);
    const body = buildExternalOrder();
    await call(simulator, "POST", PATHS.create, { token: accessToken, body });
    await call(simulator, "GET", "/nowhere");
    await control(simulator.url, "GET", "orders");
    const log = simulator.control.requests();
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({
      method: "POST",
      path: PATHS.accessToken,
      operation: "accessToken",
      authorization: false,
      authorizationValue: null,
      status: 200,
    });
    expect(log[1]).toMatchObject({
      method: "POST",
      path: PATHS.create,
      operation: "createOrderFromExternal",
      authorization: true,
      authorizationValue: accessToken,
      body,
      status: 200,
    });
    expect(log[1].at).toMatch(/Z$/);
    expect(log[2]).toMatchObject({ path: "/nowhere", operation: null, status: 404 });
    const overHttp = await control(simulator.url, "GET", "requests");
    expect(overHttp.body).toEqual(simulator.control.requests());
  });

  it("records query parameters", async () => {
    const simulator = await startSimulator();
    await call(simulator, "GET", PATHS.cancel(12), { token: "x" });
    expect(simulator.control.requests()[0]).toMatchObject({ query: { orderId: "12" }, status: 401, operation: "cancelOrder" });
  });

  it("keeps only the last 10,000 entries", () => {
    const log = new RequestLog();
    for (let index = 0; index < REQUEST_LOG_LIMIT + 5; index += 1) {
      log.add({
        at: "",
        method: "GET",
        path: `/${index}`,
        query: {},
        operation: null,
        authorization: false,
        authorizationValue: null,
        body: null,
        status: 404,
      });
    }
    const entries = log.list();
    expect(entries).toHaveLength(10_000);
    expect(entries[0].path).toBe("/5");
  });
});

describe("persistence", () => {
  it("keeps orders, counters, tokens and options across a restart with a stateFile", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-sim-"));
    const stateFile = path.join(dir, "nested", "state.json");
    try {
      const first = await startSimulator({ stateFile });
      const { accessToken, refreshToken } = await connect(first);
      const order = await createOrder(first, accessToken);
      first.control.advance(order.orderBaseInfo.orderId, { to: "shipping" });
      first.control.configure({ envelope: "bare" });
      await first.close();
      expect(fs.readdirSync(path.dirname(stateFile))).toEqual(["state.json"]); // no temporary file left

      const second = await startSimulator({ stateFile });
      const [restored] = second.control.orders();
      expect(restored.orderBaseInfo).toMatchObject({ orderId: order.orderBaseInfo.orderId, status: 4 });
      expect(restored.logisticsItems).toHaveLength(1);
      const page = await call(second, "GET", PATHS.list(order.orderBaseInfo.storeOrderId), { token: accessToken });
      expect(page.body).toEqual({ total: 1, rows: [restored] }); // the token works, and the bare envelope stayed
      const next = await createOrder(second, accessToken);
      expect(next.orderBaseInfo.orderId).toBe(order.orderBaseInfo.orderId + 1);
      const refreshed = await call(second, "POST", PATHS.refreshToken, {
        body: { clientId: "sim-client-id", clientSecret: "sim-client-secret", refreshToken },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes changes soon after they happen, not only on close", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-sim-"));
    const stateFile = path.join(dir, "state.json");
    try {
      const simulator = await startSimulator({ stateFile });
      const { accessToken } = await connect(simulator);
      await createOrder(simulator, accessToken);
      await expect
        .poll(() => (fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, "utf8")).state.orders.length : 0), {
          timeout: 1000,
          interval: 25,
        })
        .toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses to start on a corrupt state file, naming it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-sim-"));
    const stateFile = path.join(dir, "state.json");
    fs.writeFileSync(stateFile, "{not json");
    try {
      await expect(startSimulator({ stateFile })).rejects.toThrow(`${stateFile} is not valid JSON`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("control endpoints", () => {
  it("reset forgets orders, tokens, faults and the log but keeps the options", async () => {
    const simulator = await startSimulator({ envelope: "bare" });
    const { accessToken } = await connect(simulator);
    await createOrder(simulator, accessToken);
    simulator.control.setFault("getCountryCode", { errorRate: 1 });
    expect((await control(simulator.url, "POST", "reset")).body).toEqual({ ok: true });
    expect(simulator.control.orders()).toEqual([]);
    expect(simulator.control.requests()).toEqual([]);
    expect(simulator.control.faults()).toEqual({});
    expect((await call(simulator, "GET", PATHS.countries, { token: accessToken })).status).toBe(401);
    const { accessToken: fresh } = await connect(simulator);
    const order = await createOrder(simulator, fresh);
    expect(order.orderBaseInfo.orderId).toBe(1_000_001); // counters restart
    expect((await control(simulator.url, "GET", "config")).body.envelope).toBe("bare");
  });

  it("configures options, expires tokens and issues codes over HTTP", async () => {
    const simulator = await startSimulator();
    const { accessToken } = await connect(simulator);
    const configured = await control(simulator.url, "POST", "config", { authErrorStyle: "body", duplicateCreate: "reject" });
    expect(configured.body).toMatchObject({ authErrorStyle: "body", duplicateCreate: "reject" });
    expect((await control(simulator.url, "POST", "config", { envelope: "xml" })).status).toBe(400);
    expect((await control(simulator.url, "POST", "config", { port: 1 })).body.error).toContain("port");
    expect((await control(simulator.url, "POST", "expire-tokens")).body).toEqual({ expired: 1 });
    expect((await call(simulator, "GET", PATHS.countries, { token: accessToken })).body.status).toBe(40101);
    const { body } = await control(simulator.url, "POST", "codes");
    const token = dataOf(
      await call(simulator, "POST", PATHS.accessToken, {
        body: { clientId: "sim-client-id", clientSecret: "sim-client-secret", code: body.code },
      }),
    );
    expect(token.accessToken).toEqual(expect.any(String));
    expect((await control(simulator.url, "GET", "orders")).body).toEqual([]);
    expect((await control(simulator.url, "GET", "nothing")).status).toBe(404);
  });
});
