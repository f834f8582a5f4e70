// Production (and demo) HTTP server: Express serving the Remix build, plus the background worker
// when WORKER_MODE=inline (the default). Stops gracefully on SIGTERM/SIGINT.
/* global AbortController */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler } from "@remix-run/node";

const BUILD_PATH = path.resolve("build/index.js");

// `.env` for local runs; variables already set (by the Shopify CLI, the platform) win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Importing the build parses the environment; a bad variable stops the process here, named.
const build = await import(pathToFileURL(BUILD_PATH).href);
/** No request the app expects comes near this; refuse bigger ones before anything reads them. */
const MAX_BODY_BYTES = 2_000_000;
/**
 * Smaller limits by route id. The login form carries one shop domain, which the Shopify library
 * writes to the log twice (a 2 MB post made 4 MB of log).
 */
const ROUTE_BODY_LIMITS = { "routes/auth.login": 4_096 };
/**
 * A body past SMALL_BODY_BYTES needs one of LARGE_BODIES permits, held from that byte until its
 * answer is sent: so many large bodies in parallel cannot take the process's memory (100 posts of
 * 2 MB took it from 315 to 704 MB), while the small ones (forms, nearly every webhook) never wait.
 * Beyond it: 503 with Retry-After (Shopify delivers a webhook again later).
 */
const SMALL_BODY_BYTES = 64 * 1024;
const LARGE_BODIES = 8;
const BUSY_RETRY_AFTER_SECONDS = 5;
/** A request still arriving after this is given up on (Node answers 408), so slow senders cannot hold permits. */
const REQUEST_TIMEOUT_MS = 30_000;
const LINGER_MS = 1_000;
/** Pages whose address carries an authorization code or state: never sent on as a Referer. */
const NO_REFERRER_PATHS = /^\/(hypersku\/|auth\/callback)/;

/**
 * Headers every response carries, set just before the status line goes out so that what a route
 * set wins. Framing is the exception: `frame-ancestors` is always the build's decision
 * (app/frame-ancestors.server.ts): the shop of the request's session token and the admin; the
 * admin alone for a request that only names a shop (?shop, which anyone can write, and which the
 * library's own pages follow); nobody for everything else (login, HyperSKU pages, errors, 404s,
 * /health, assets).
 */
function securityHeaders(req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithSecurityHeaders(...args) {
    const csp = [res.getHeader("Content-Security-Policy") ?? []].flat().join("; ");
    const framed = { url: req.originalUrl, authorization: req.get("Authorization") ?? null };
    res.setHeader("Content-Security-Policy", build.entry.module.contentSecurityPolicyFor(csp, framed));
    if (!res.hasHeader("X-Content-Type-Options")) res.setHeader("X-Content-Type-Options", "nosniff");
    if (!res.hasHeader("Referrer-Policy")) {
      res.setHeader("Referrer-Policy", NO_REFERRER_PATHS.test(req.path) ? "no-referrer" : "strict-origin-when-cross-origin");
    }
    return writeHead.apply(this, args);
  };
  next();
}

/**
 * Answers `status` without reading (on) the body, and hangs up LINGER_MS later. Not at once: a
 * client still writing its body would get a connection reset before it could read the answer (its
 * unread bytes wait in the kernel, never in this process). So the answer is written whole, its
 * length given (and Connection: close, so the client sends no other request on this connection),
 * and the connection is closed LINGER_MS later.
 */
function refuseUnread(req, res, status, message, headers = {}) {
  req.pause();
  const body = Buffer.from(message);
  res.status(status).set({
    ...headers,
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(body.length),
    Connection: "close",
  });
  res.write(body);
  // Destroyed rather than ended: ending would have Node read the unread body to drop it.
  const hangUp = setTimeout(() => req.socket.destroy(), LINGER_MS);
  req.socket.once("close", () => clearTimeout(hangUp));
}

function refuseTooLarge(req, res) {
  refuseUnread(req, res, 413, "Request body too large");
}

function refuseBusy(req, res) {
  refuseUnread(req, res, 503, "Too many requests with large bodies at once; try again shortly", {
    "Retry-After": String(BUSY_RETRY_AFTER_SECONDS),
  });
}

/** Counted permits; one is held per response that took it, until that response is closed. */
function createPermits(count) {
  let free = count;
  const holders = new WeakSet();
  return {
    /** Whether `res` holds a permit, taking one if it had none and one is free. */
    hold(res) {
      if (holders.has(res)) return true;
      if (free === 0) return false;
      free -= 1;
      holders.add(res);
      res.once("close", () => (free += 1));
      return true;
    },
  };
}

const largeBodies = createPermits(LARGE_BODIES);

/** Whether a body of which `size` bytes arrived may be read on (a large one needs a permit). */
const mayRead = (res, size) => size <= SMALL_BODY_BYTES || largeBodies.hold(res);

/**
 * How many body bytes a request may carry, and how one that brings more is answered, by the route
 * that answers it (the build's routes, read once, ranked as Remix ranks them): for a route with an
 * action, ROUTE_BODY_LIMITS where they say less, else MAX_BODY_BYTES (413 past it); none for a
 * route without one, nor for a path no route matches, answered as Remix answers them (405, 404)
 * without reading the body; none for GET and HEAD (413).
 */
function bodyRules(serverBuild) {
  const { routes } = serverBuild;
  const fullPath = (route) => (route.parentId ? `${fullPath(routes[route.parentId])}/${route.path ?? ""}` : (route.path ?? ""));
  const noBody = (status, message, headers) => ({ limit: 0, refuse: (req, res) => refuseUnread(req, res, status, message, headers) });
  const withoutAction = noBody(405, "This address takes no request body", { Allow: "GET, HEAD" });
  const unknown = noBody(404, "Not Found");
  const getOrHead = noBody(413, "This address takes no request body");
  const candidates = Object.values(routes)
    .filter((route) => route.path !== undefined || route.index)
    .map((route) => ({
      ...routeMatcher(fullPath(route), Boolean(route.index)),
      rule: route.module.action ? { limit: ROUTE_BODY_LIMITS[route.id] ?? MAX_BODY_BYTES, refuse: refuseTooLarge } : withoutAction,
    }));
  return (req) => {
    if (req.method === "GET" || req.method === "HEAD") return getOrHead;
    let pathname = req.path;
    try {
      pathname = decodeURI(pathname);
    } catch {
      // Remix cannot route a malformed path either; matched as it came.
    }
    let best = { score: -Infinity, rule: unknown };
    for (const candidate of candidates) {
      if (!candidate.pattern.test(pathname) || candidate.score < best.score) continue;
      // Equally ranked matches: the stricter rule.
      if (candidate.score > best.score || candidate.rule.limit < best.rule.limit) best = candidate;
    }
    return best.rule;
  };
}

/**
 * A route path (a pattern like /app/orders/:id, /auth/* or :lang?) as a regular expression over a URL's path,
 * and its rank as React Router computes it (computeScore: static segments above dynamic ones,
 * splats last), so `/app/orders/export` is the export's, not `/app/orders/:id`'s.
 */
function routeMatcher(routePath, index) {
  const segments = routePath.split("/").filter(Boolean);
  let score = segments.length + (index ? 2 : 0);
  const source = segments
    .map((segment) => {
      if (segment === "*") {
        score -= 2;
        return "(?:/.*)?";
      }
      const optional = segment.endsWith("?");
      const name = optional ? segment.slice(0, -1) : segment;
      score += name.startsWith(":") ? 3 : 10;
      const part = name.startsWith(":") ? "/[^/]+" : `/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return optional ? `(?:${part})?` : part;
    })
    .join("");
  return { pattern: new RegExp(`^${source}/?$`, "i"), score };
}

/**
 * Reads every request body into memory, counting bytes as they arrive, before any route sees it:
 * a body that declares more than its route's limit (bodyRules) is refused unread, and one sent
 * without a length (chunked) is refused the moment it passes it. So no unauthenticated request can
 * make the process hold more than that limit for it, whichever route it names and whether or not
 * that route reads its body; and large bodies are read a few at a time (mayRead). The bytes reach
 * Remix unchanged (webhook HMACs are over the raw bytes).
 */
function readLimitedBody(ruleOf) {
  return (req, res, next) => {
    const { limit, refuse } = ruleOf(req);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) return refuse(req, res);
    if (!mayRead(res, declared)) return refuseBusy(req, res);
    const chunks = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd);
      chunks.length = 0;
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        return refuse(req, res);
      }
      if (!mayRead(res, size)) {
        stop();
        return refuseBusy(req, res);
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      req.body = Buffer.concat(chunks);
      next();
    };
    req.on("data", onData).on("end", onEnd);
    // A client that goes away mid-body gets no answer; there is no one left to send it to.
    req.on("error", () => req.socket.destroy());
  };
}

/**
 * Webhooks, before Remix (docs/decisions/0025): a POST to a webhook path is read here as raw bytes,
 * counted as they arrive, and handed with its headers to the build's `handleWebhook`, which checks
 * the HMAC on those bytes and calls the same domain function as the Remix route. No Fetch Request,
 * no route matching, no loaders: a webhook costs the verification and its statements.
 *
 * Past WEBHOOK_BODY_LIMIT (declared or chunked) the answer is 413 at once and nothing more is kept.
 * The rest is still read and dropped up to MAX_BODY_BYTES, so a client that sends its whole body
 * can use the connection again (as it could when the Remix route refused it); beyond that, the
 * server stops reading and hangs up as for any other request (refuseTooLarge).
 */
function leanWebhooks(serverBuild) {
  const { handleWebhook, webhookTopicForPath, WEBHOOK_BODY_LIMIT } = serverBuild.entry.module;
  // Kept alive for the reason refuseUnread gives: the rest of the body is still to be dropped.
  const refuse = (res) => res.status(413).set("Connection", "keep-alive").type("text/plain").send("Request body too large");
  return (req, res, next) => {
    const topic = req.method === "POST" ? webhookTopicForPath(req.path) : null;
    if (!topic) return next();
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > MAX_BODY_BYTES) return refuseTooLarge(req, res);
    let refused = declared > WEBHOOK_BODY_LIMIT;
    if (refused) refuse(res);
    else if (!mayRead(res, declared)) return refuseBusy(req, res);
    const chunks = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd);
      chunks.length = 0;
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (refused) {
        if (size <= MAX_BODY_BYTES) return;
        // Too much to drop as well: stop reading; the 413 is already on its way.
        stop();
        req.pause();
        const hangUp = setTimeout(() => req.socket.destroy(), LINGER_MS);
        req.socket.once("close", () => clearTimeout(hangUp));
        return;
      }
      if (size > WEBHOOK_BODY_LIMIT) {
        refused = true;
        chunks.length = 0;
        return refuse(res);
      }
      if (!mayRead(res, size)) {
        stop();
        return refuseBusy(req, res);
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (refused) return;
      const headers = { get: (name) => req.get(name) ?? null };
      handleWebhook(topic, headers, Buffer.concat(chunks)).then(
        (answer) => res.status(answer.status).set(answer.headers).end(answer.body),
        (error) => {
          console.error(JSON.stringify({ level: 50, msg: "webhook failed", topic, err: String(error?.stack ?? error) }));
          if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
        },
      );
    };
    req.on("data", onData).on("end", onEnd);
    // A client that goes away mid-body gets no answer; there is no one left to send it to.
    req.on("error", () => req.socket.destroy());
  };
}

/** The Remix build behind a Fetch Request built from Express's request and the body read above. */
function remixHandler(serverBuild) {
  const handleRequest = createRequestHandler(serverBuild, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      // Loaders and actions are aborted when the client goes away before the answer is sent.
      const controller = new AbortController();
      res.on("close", () => res.writableFinished || controller.abort());
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
      const request = new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(hasBody ? { body: req.body } : {}),
      });
      const response = await handleRequest(request);
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers) res.append(key, value);
      // Piped, so a body is read only as fast as the client takes it (an export pulls its next page
      // then); Remix's writeReadableStreamToWritable ignores backpressure and buffers it all.
      if (response.body) await pipeline(Readable.fromWeb(response.body), res).catch(unlessClientLeft(res));
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

/** A client that hung up mid-answer is no error of ours: its stream was cancelled, that is all. */
const unlessClientLeft = (res) => (error) => {
  if (error?.code === "ERR_STREAM_PREMATURE_CLOSE" && !res.writableFinished) return;
  throw error;
};

const app = express();
app.disable("x-powered-by");
app.use(securityHeaders);
app.use(leanWebhooks(build));
app.use(readLimitedBody(bodyRules(build)));
// The library's pages announce App Bridge with a `Link: preload` header that always names Shopify's
// CDN, whatever APP_BRIDGE_URL says; where that is set (offline, the Shopify twin's stand-in), the
// header names the script the pages load, so browsers preload nothing they cannot reach.
const appBridgeUrl = process.env.APP_BRIDGE_URL;
if (appBridgeUrl) {
  app.use((req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) =>
      String(name).toLowerCase() === "link" && String(value).includes("cdn.shopify.com")
        ? setHeader(name, `<${appBridgeUrl}>; rel="preload"; as="script"`)
        : setHeader(name, value);
    next();
  });
}
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
// Express 5 paths: a bare "*" is no longer valid; "/{*splat}" matches every path, "/" included.
app.all("/{*splat}", remixHandler(build));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// Express 5 hands a listen error (port taken, say) to this callback instead of throwing it: rethrow,
// so the process still stops with it rather than log that it listens.
const server = app.listen(port, host, (error) => {
  if (error) throw error;
  console.log(JSON.stringify({ level: 30, msg: "app listening", url: `http://${host}:${port}` }));
  if (process.env.NODE_ENV === "development") {
    import("@remix-run/node").then(({ broadcastDevReady }) => broadcastDevReady(build));
  }
});
server.requestTimeout = REQUEST_TIMEOUT_MS;
const stopBackgroundWork = build.entry.module.startBackgroundWork({ role: "web" });

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 30, msg: "shutting down", signal }));
  const forceExit = setTimeout(() => process.exit(1), 25_000);
  forceExit.unref();
  server.close();
  server.closeIdleConnections?.();
  await stopBackgroundWork();
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
