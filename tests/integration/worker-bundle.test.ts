/**
 * The worker process's bundle (build/worker/index.js, scripts/build-worker.mjs) holds the jobs and
 * what they call and none of the admin UI: neither the bundle nor anything it loads brings in
 * react-dom, Polaris, App Bridge or Remix's React side. That it still runs jobs is shown by the
 * tests that start `worker.js` (forwarding-crash, soak).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const WORKER_BUNDLE = path.resolve("build/worker/index.js");
const WORKER_METAFILE = path.resolve("build/worker/index.meta.json");
const SERVER_BUILD = path.resolve("build/index.js");
const ADMIN_UI_PACKAGES = ["react", "react-dom", "@shopify/polaris", "@remix-run/react", "@shopify/app-bridge-react"];

type Metafile = {
  inputs: Record<string, unknown>;
  outputs: Record<string, { entryPoint?: string; imports: { path: string; external?: boolean }[] }>;
};

const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * Every module a fresh Node process resolves while importing `file` (a resolve hook records them,
 * for `import` and `require` alike), as `{ url, parent }`.
 */
async function modulesLoadedBy(file: string): Promise<{ url: string; parent: string }[]> {
  const probe = `
    import { registerHooks } from "node:module";
    const loaded = [];
    registerHooks({ resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      loaded.push({ url: resolved.url, parent: context.parentURL ?? "" });
      return resolved;
    } });
    await import(${JSON.stringify(new URL(`file://${file}`).href)});
    process.stdout.write("\\n" + JSON.stringify(loaded) + "\\n", () => process.exit(0));
  `;
  // The test's environment (its database is migrated, so nothing the import starts fails).
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", probe], {
    env: { ...process.env, LOG_LEVEL: "silent" },
    maxBuffer: 64 * 1024 * 1024,
  });
  // The last line: libraries may log on import (shopify-api announces its version).
  return JSON.parse(stdout.trim().split("\n").pop()!) as { url: string; parent: string }[];
}

/** The package a node_modules URL belongs to ("react", "@shopify/polaris"), else null. */
function packageOfUrl(url: string): string | null {
  const match = url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  return match?.[1] ?? null;
}

beforeAll(() => {
  if (!fs.existsSync(WORKER_BUNDLE) || !fs.existsSync(WORKER_METAFILE)) {
    throw new Error("No worker bundle found: run `npm run build` first (`npm test` does it for you).");
  }
});

describe("the worker bundle", () => {
  it("is app/background.server.ts and what it imports, with no page, component or admin UI package", () => {
    const metafile = JSON.parse(fs.readFileSync(WORKER_METAFILE, "utf8")) as Metafile;
    const [output] = Object.values(metafile.outputs).filter((entry) => entry.entryPoint);
    expect(output.entryPoint).toBe("app/background.server.ts");

    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => !input.startsWith("app/"))).toEqual([]);
    expect(
      inputs.filter((input) => input.startsWith("app/routes/") || input.startsWith("app/components/") || input.endsWith(".tsx")),
    ).toEqual([]);

    const imported = new Set(output.imports.filter((entry) => entry.external).map((entry) => packageOf(entry.path)));
    expect(ADMIN_UI_PACKAGES.filter((name) => imported.has(name))).toEqual([]);
  });

  it("loads none of the admin UI in a process of its own, where the Remix build loads all of it", { timeout: 30_000 }, async () => {
    const [worker, server] = await Promise.all([modulesLoadedBy(WORKER_BUNDLE), modulesLoadedBy(SERVER_BUILD)]);
    const packagesOf = (modules: { url: string }[]) => new Set(modules.map((entry) => packageOfUrl(entry.url)).filter(Boolean));

    // The probe sees them when they are there.
    const serverPackages = packagesOf(server);
    expect(ADMIN_UI_PACKAGES.filter((name) => !serverPackages.has(name))).toEqual([]);

    const workerPackages = packagesOf(worker);
    expect(ADMIN_UI_PACKAGES.filter((name) => name !== "react" && workerPackages.has(name))).toEqual([]);
    // React itself only as the JSX runtime that shopify-app-remix's server entry imports for its error
    // boundary (the jobs call Shopify through that library's `unauthenticated.admin`): a few KB, no DOM.
    const reactLoads = worker.filter((entry) => packageOfUrl(entry.url) === "react" && packageOfUrl(entry.parent) !== "react");
    expect(reactLoads.map((entry) => packageOfUrl(entry.parent))).toEqual(reactLoads.map(() => "@shopify/shopify-app-remix"));
  });

  it("is required by worker.js, which stops with what to do when it is missing", async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-without-build-"));
    try {
      const run = promisify(execFile)(process.execPath, [path.resolve("worker.js")], { cwd: emptyDir, env: { ...process.env } });
      const failure = await run.then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain("run npm run build");
    } finally {
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe("the production bundles", () => {
  const SERVER_METAFILE = path.resolve("build/metafile.server.json");
  const dependencies = Object.keys(JSON.parse(fs.readFileSync("package.json", "utf8")).dependencies ?? {});

  /** The packages a bundle leaves for Node to load at run time. */
  function externalPackages(metafile: string): string[] {
    const meta = JSON.parse(fs.readFileSync(metafile, "utf8")) as Metafile;
    const specifiers = Object.values(meta.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
    const bare = specifiers.filter((s) => !s.startsWith("node:") && !s.startsWith(".") && !s.startsWith("/"));
    return [...new Set(bare.map(packageOf))].sort();
  }

  it("load only packages listed as dependencies, so an install without devDependencies starts them", () => {
    for (const metafile of [SERVER_METAFILE, WORKER_METAFILE]) {
      const packages = externalPackages(metafile);
      expect(packages.length).toBeGreaterThan(3);
      expect([metafile, packages.filter((name) => !dependencies.includes(name))]).toEqual([metafile, []]);
    }
  });
});
