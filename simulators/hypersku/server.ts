/**
 * The HyperSKU simulator's HTTP wiring: reads each request, sends /__sim/ to the control endpoints,
 * the authorization page to its renderer, and API calls through faults, authentication and their
 * operation, recording each in the request log. Listens on 127.0.0.1 only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { shapeSuccess, streamOversized } from "./answer-faults";
import { authorizePage, sendPage } from "./page-http";
import { handleControl } from "./control-http";
import type { SimulatorOptions } from "./options";
import type { RequestLogEntry } from "./request-log";
import { BUSINESS, NOT_FOUND_PAGE, businessError, httpError, isSuccess, routeError, tokenRejected, type Reply } from "./responses";
import { matchRoute } from "./routes";
import { Simulator, type SimulatorControl } from "./simulator";

export type { SimulatorOptions } from "./options";
export type { Order } from "./types";

export interface HyperskuSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
  control: SimulatorControl;
}

const MAX_BODY_BYTES = 1_000_000;

export async function startHyperskuSimulator(options: Partial<SimulatorOptions> = {}): Promise<HyperskuSimulator> {
  const simulator = new Simulator(options);
  // Aborted on close: ends pending latency waits, so a slow or hanging request never holds the server open.
  const closing = new AbortController();
  const server = http.createServer((req, res) => {
    handle(simulator, closing.signal, req, res).catch((error: unknown) => {
      console.error("HyperSKU simulator: unexpected error", error);
      if (!res.headersSent) sendJson(res, httpError(500, "simulator error"));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(simulator.options.port, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    control: simulator.control,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        simulator.stop();
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

async function handle(simulator: Simulator, closing: AbortSignal, req: http.IncomingMessage, res: http.ServerResponse) {
  const arrived = Date.now();
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const method = req.method ?? "GET";
  const raw = await readBody(req);
  if (raw === undefined) return sendJson(res, httpError(413, `body larger than ${MAX_BODY_BYTES} bytes`));

  if (url.pathname.startsWith("/__sim/")) {
    const body = parseJson(raw);
    if (body === INVALID) return sendJson(res, { status: 400, body: { error: "body is not valid JSON" } });
    return sendJson(res, handleControl(simulator.control, method, url.pathname, body));
  }

  const authorization = req.headers.authorization;
  const entry = simulator.log.add({
    at: new Date().toISOString(),
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    operation: null,
    authorization: authorization !== undefined,
    authorizationValue: authorization ?? null,
    body: raw === "" ? null : isForm(req) ? Object.fromEntries(new URLSearchParams(raw)) : logBody(raw),
    status: null,
  });

  if (url.pathname === "/application/auth" || url.pathname === "/application/auth/decision") {
    return sendPage(res, entry, authorizePage(simulator, method, url, raw, entry));
  }

  const match = matchRoute(method, url.pathname);
  if (match.kind === "none") return send(res, entry, routeError(404, url.pathname));
  if (match.kind === "wrong-method") {
    return send(res, entry, routeError(405, url.pathname, { Allow: match.allowed.join(", ") }));
  }
  const { route, params } = match;
  entry.operation = route.operation;

  const plan = simulator.faults.plan(route.operation, simulator.rng);
  if (plan) {
    if (plan.delayMs > 0) {
      entry.fault = "latency";
      if (!(await sleep(plan.delayMs, closing))) return;
    }
    if (plan.hang) {
      entry.fault = "hang";
      return; // never answer; the socket is destroyed when the client gives up or the server closes
    }
    if (plan.notFound) {
      entry.fault = "notFound";
      entry.status = 404;
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
      res.end(NOT_FOUND_PAGE);
      return;
    }
    if (plan.rateLimitSeconds !== undefined) {
      entry.fault = "rateLimit";
      const headers = { "Retry-After": String(plan.rateLimitSeconds) };
      return send(res, entry, httpError(429, "too many requests", headers));
    }
    if (plan.serverError) {
      entry.fault = "errorRate";
      return send(res, entry, httpError(500, "internal server error"));
    }
    if (plan.reject) {
      entry.fault = "reject";
      const { status, message, httpStatus } = plan.reject;
      const refusal = businessError(simulator.options, status, message);
      return send(res, entry, httpStatus === undefined ? refusal : { ...refusal, status: httpStatus });
    }
  }

  if (route.authenticated) {
    const problem = simulator.authorizationProblem(authorization);
    if (problem) return send(res, entry, tokenRejected(simulator.options, problem));
  }
  let body: unknown = undefined;
  if (method === "POST") {
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
      return send(res, entry, httpError(415, "Content-Type must be application/json"));
    }
    body = parseJson(raw);
    if (body === INVALID) {
      return send(res, entry, businessError(simulator.options, BUSINESS.invalidRequest, "body is not valid JSON"));
    }
  }

  const commitAt = plan?.commitAfterMs === undefined ? undefined : arrived + plan.commitAfterMs;
  const reply = simulator.run(route, { body, params, query: url.searchParams, commitAt });
  if (plan?.commitThenTimeout) {
    entry.fault = "commitThenTimeout";
    return; // the work is done and stored; the answer never comes
  }
  if (commitAt !== undefined) {
    entry.fault = "commitAfterMs";
    return; // stored, visible from commitAt on; the answer never comes
  }
  const shaped = plan && isSuccess(simulator.options, reply) ? shapeSuccess(simulator.options, plan, reply) : null;
  if (!shaped) return send(res, entry, reply);
  entry.fault = shaped.fault;
  if (shaped.answer.kind === "reply") return send(res, entry, shaped.answer.reply);
  entry.status = 200;
  entry.sentBytes = await streamOversized(res, shaped.answer);
}

function send(res: http.ServerResponse, entry: RequestLogEntry, reply: Reply) {
  entry.status = reply.status;
  sendJson(res, reply);
}

function sendJson(res: http.ServerResponse, reply: { status: number; body: unknown; headers?: Record<string, string> }) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(reply.status, { "Content-Type": "application/json; charset=utf-8", ...reply.headers });
  res.end(JSON.stringify(reply.body));
}

/** The whole body as text, or undefined when it is larger than allowed. */
async function readBody(req: http.IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const INVALID = Symbol("invalid JSON");

function parseJson(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return INVALID;
  }
}

function logBody(raw: string): unknown {
  const parsed = parseJson(raw);
  return parsed === INVALID ? raw : parsed;
}

function isForm(req: http.IncomingMessage): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(req.headers["content-type"] ?? "");
}

/** Resolves true after `ms`, or false as soon as the server starts closing. */
function sleep(ms: number, closing: AbortSignal): Promise<boolean> {
  if (closing.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      closing.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    closing.addEventListener("abort", onAbort, { once: true });
  });
}
