/** The production Remix build, as `npm start` serves it, for requests made in-process. `npm test` builds before running tests. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";

export const BUILD_PATH = path.resolve("build/index.js");

export async function loadBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(BUILD_PATH)) {
    throw new Error("No production build found: run `npm run build` first (`npm test` does it for you).");
  }
  return (await import(/* @vite-ignore */ pathToFileURL(BUILD_PATH).href)) as ServerBuild;
}

/** A request handler over the real build: the whole stack from Request to HTML. */
export async function createBuildHandler() {
  return createRequestHandler(await loadBuild(), "production");
}
