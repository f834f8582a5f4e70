// The worker process's own bundle, built by `npm run build` after the Remix build. It starts at
// app/background.server.ts, so it holds the jobs, the queue and what they call, and none of the
// admin UI (React, Polaris, Remix's React side): a worker that loads the whole Remix server build
// carries ~45 MB of pages it never serves (docs/decisions/0023-heap-limits.md). node_modules stay
// external, as in the Remix build, so both processes run the same installed packages. esbuild's
// metafile is written beside it: what the bundle holds and imports (tests/integration/worker-bundle.test.ts).
import fs from "node:fs";
import * as esbuild from "esbuild";

const OUTFILE = "build/worker/index.js";

const { metafile } = await esbuild.build({
  entryPoints: ["app/background.server.ts"],
  outfile: OUTFILE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  // tsconfig's `~/*` path, as the Remix compiler resolves it.
  alias: { "~": "./app" },
  metafile: true,
  logLevel: "warning",
});
fs.writeFileSync("build/worker/index.meta.json", JSON.stringify(metafile));
console.log(`worker bundle: ${OUTFILE} (${Math.round(metafile.outputs[OUTFILE].bytes / 1024)} KB)`);
