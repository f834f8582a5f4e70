// Production (and demo) HTTP server: Express serving the Remix build, plus the background worker
// when WORKER_MODE=inline (the default). Stops gracefully on SIGTERM/SIGINT.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import { createRequestHandler } from "@remix-run/express";

const BUILD_PATH = path.resolve("build/index.js");

// `.env` for local runs; variables already set (by the Shopify CLI, the platform) win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Importing the build parses the environment; a bad variable stops the process here, named.
const build = await import(pathToFileURL(BUILD_PATH).href);
/** No request the app expects comes near this; refuse bigger ones before anything reads them. */
const MAX_BODY_BYTES = 2_000_000;

const app = express();
app.disable("x-powered-by");
app.use((req, res, next) => {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    res.status(413).type("text/plain").send("Request body too large");
    return;
  }
  next();
});
// Offline (demo, tests) there is no Shopify CDN: the library's pages still announce App Bridge
// there with a `Link: preload` header, which browsers would follow. Point it at the local stand-in.
if (process.env.APP_MODE === "demo" || process.env.NODE_ENV === "test") {
  app.use((req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) =>
      String(name).toLowerCase() === "link" && String(value).includes("cdn.shopify.com")
        ? setHeader(name, '</offline/app-bridge.js>; rel="preload"; as="script"')
        : setHeader(name, value);
    next();
  });
}
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
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
