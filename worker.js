// The job worker as a process of its own (`npm run worker`), for deployments that scale web and
// worker processes apart (then set WORKER_MODE=off on the web processes). It runs its own bundle,
// build/worker/index.js (scripts/build-worker.mjs, made by `npm run build` with the Remix build), which
// holds the jobs and what they call but none of the admin UI (React, Polaris): the same sources as
// server.js's build, so job definitions and settings are those of the deployed release. Stops gracefully
// on SIGTERM/SIGINT: no new claims, running jobs finish; what does not finish in time is left to
// its lease and run again by another worker.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const BUILD_PATH = path.resolve("build/worker/index.js");

// `.env` for local runs; variables already set (by the platform) win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

if (!fs.existsSync(BUILD_PATH)) {
  console.error(JSON.stringify({ level: 60, msg: `worker bundle missing: ${BUILD_PATH} does not exist; run npm run build` }));
  process.exit(1);
}

// Importing the bundle parses the environment; a bad variable stops the process here, named.
const { startBackgroundWork } = await import(pathToFileURL(BUILD_PATH).href);
const stopBackgroundWork = startBackgroundWork({ role: "worker" });
console.log(JSON.stringify({ level: 30, msg: "worker process started", pid: process.pid }));

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 30, msg: "worker shutting down", signal }));
  // Past this, jobs still running are abandoned to their lease (the worker waits up to 20 s).
  const forceExit = setTimeout(() => process.exit(1), 25_000);
  forceExit.unref();
  try {
    await stopBackgroundWork();
    process.exit(0);
  } catch (error) {
    console.error(JSON.stringify({ level: 50, msg: "worker did not stop cleanly", err: String(error) }));
    process.exit(1);
  }
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
