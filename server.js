// Production (and demo) HTTP server: Express serving the Remix build, plus the background worker
// when WORKER_MODE=inline (the default). Stops gracefully on SIGTERM/SIGINT.
/* global AbortController */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";

const BUILD_PATH = path.resolve("build/index.js");

// `.env` for local runs; variables already set (by the Shopify CLI, the platform) win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Importing the build parses the environment; a bad variable stops the process here, named.
const build = await import(pathToFileURL(BUILD_PATH).href);
/** No request the app expects comes near this; refuse bigger ones before anything reads them. */
const MAX_BODY_BYTES = 2_000_000;
const LINGER_MS = 1_000;
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
/** Pages whose address carries an authorization code or state: never sent on as a Referer. */
const NO_REFERRER_PATHS = /^\/(hypersku\/|auth\/callback)/;

/**
 * Headers every response carries, set just before the status line goes out so that what a route
 * set wins. Framing: embedded pages opened with ?shop get the library's `frame-ancestors` (the
 * shop and the admin); anything with a valid ?shop that did not set one gets the same; everything
 * else (login, HyperSKU pages, errors, 404s, /health, assets) may not be framed at all.
 */
function securityHeaders(req, res, next) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithSecurityHeaders(...args) {
    const csp = String(res.getHeader("Content-Security-Policy") ?? "");
    if (!/frame-ancestors/i.test(csp)) {
      const policy = `frame-ancestors ${frameAncestors(req)}`;
      res.setHeader("Content-Security-Policy", csp ? `${csp.replace(/;?\s*$/, "")}; ${policy}` : policy);
    }
    if (!res.hasHeader("X-Content-Type-Options")) res.setHeader("X-Content-Type-Options", "nosniff");
    if (!res.hasHeader("Referrer-Policy")) {
      res.setHeader("Referrer-Policy", NO_REFERRER_PATHS.test(req.path) ? "no-referrer" : "strict-origin-when-cross-origin");
    }
    return writeHead.apply(this, args);
  };
  next();
}

function frameAncestors(req) {
  const shop = new URL(req.originalUrl, "http://localhost").searchParams.get("shop")?.toLowerCase() ?? "";
  return SHOP_DOMAIN.test(shop) ? `https://${shop} https://admin.shopify.com` : "'none'";
}

/**
 * Answers 413, stops reading, and hangs up shortly after. Not at once: a client still writing its
 * body would get a connection reset before it could read the answer, so it is given LINGER_MS to
 * read the 413 (its unread bytes wait in the kernel, never in this process).
 */
function refuseTooLarge(req, res) {
  req.pause();
  res.on("finish", () => {
    if (req.complete) return;
    const hangUp = setTimeout(() => req.socket.destroy(), LINGER_MS);
    // Node discards a declared-length body it was not asked to read; once that is done the
    // connection may serve its next request and must not be cut.
    req.once("end", () => clearTimeout(hangUp));
    req.socket.once("close", () => clearTimeout(hangUp));
  });
  res.status(413).type("text/plain").send("Request body too large");
}

/**
 * Reads every request body into memory, counting bytes as they arrive, before any route sees it:
 * a body that declares too large a length is refused unread, and one sent without a length
 * (chunked) is refused the moment it passes the limit. So no unauthenticated request can make
 * the process hold more than MAX_BODY_BYTES for it, whichever route it names and whether or not that
 * route reads its body. The bytes reach Remix unchanged (webhook HMACs are over the raw bytes).
 */
function readLimitedBody(req, res, next) {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return refuseTooLarge(req, res);
  const chunks = [];
  let size = 0;
  const onData = (chunk) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) {
      chunks.push(chunk);
      return;
    }
    req.off("data", onData).off("end", onEnd);
    chunks.length = 0;
    refuseTooLarge(req, res);
  };
  const onEnd = () => {
    req.body = Buffer.concat(chunks);
    next();
  };
  req.on("data", onData).on("end", onEnd);
  // A client that goes away mid-body gets no answer; there is no one left to send it to.
  req.on("error", () => req.socket.destroy());
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
  const refuse = (res) => res.status(413).type("text/plain").send("Request body too large");
  return (req, res, next) => {
    const topic = req.method === "POST" ? webhookTopicForPath(req.path) : null;
    if (!topic) return next();
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return refuseTooLarge(req, res);
    const chunks = [];
    let size = 0;
    let refused = Number(req.headers["content-length"] ?? 0) > WEBHOOK_BODY_LIMIT;
    if (refused) refuse(res);
    const onData = (chunk) => {
      size += chunk.length;
      if (refused) {
        if (size <= MAX_BODY_BYTES) return;
        // Too much to drop as well: stop reading; the 413 is already on its way.
        req.off("data", onData).off("end", onEnd).pause();
        const hangUp = setTimeout(() => req.socket.destroy(), LINGER_MS);
        req.socket.once("close", () => clearTimeout(hangUp));
        return;
      }
      if (size <= WEBHOOK_BODY_LIMIT) return void chunks.push(chunk);
      refused = true;
      chunks.length = 0;
      refuse(res);
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
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

const app = express();
app.disable("x-powered-by");
app.use(securityHeaders);
app.use(leanWebhooks(build));
app.use(readLimitedBody);
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
