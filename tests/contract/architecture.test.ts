/**
 * The architecture as checks: the layer rules in eslint.config.js fire on a planted import (and
 * stay quiet on an allowed one), and no module or layer of app/ depends on itself through others.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The restricted-import messages ESLint reports for `source` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

const use = (specifier: string) => `import { thing } from "${specifier}";\nexport const used = thing;\n`;
const useType = (specifier: string) => `import type { Thing } from "${specifier}";\nexport type Used = Thing;\n`;

describe("layer rules (eslint.config.js)", () => {
  const forbidden: [file: string, specifier: string, reason: RegExp][] = [
    ["app/domain/orders/x.server.ts", "~/jobs/index.server", /never imports jobs\//],
    ["app/domain/orders/x.server.ts", "../../jobs/forward-order.job", /never imports jobs\//],
    ["app/domain/orders/x.server.ts", "~/queue/worker.server", /public entry, ~\/queue/],
    ["app/domain/orders/x.server.ts", "@prisma/client", /Only models\/ and the queue/],
    ["app/domain/orders/x.server.ts", "kysely", /Only models\/ and the queue/],
    ["app/routes/webhooks.x.tsx", "kysely", /Only models\/ and the queue/],
    ["app/domain/orders/x.server.ts", "~/models/db/client.server", /Only models\/ and the queue/],
    ["app/domain/orders/x.server.ts", "~/routes/app.orders._index", /below the UI/],
    ["app/domain/orders/x.server.ts", "../../../simulators/shopify/admin-server", /never imports the offline twins/],
    ["app/routes/app.x.tsx", "~/queue", /Routes call the domain/],
    ["app/routes/app.x.tsx", "../../tests/support/shopify", /never imports the offline twins or the tests/],
    ["app/models/order.server.ts", "~/domain/orders/order-state", /bottom layer/],
    ["app/models/order.server.ts", "../domain/enqueue.server", /bottom layer/],
    ["app/queue/worker.server.ts", "~/domain/orders/forward-order.server", /knows jobs by type/],
    ["app/queue/worker.server.ts", "~/integrations/hypersku/client.server", /knows jobs by type/],
    ["app/integrations/hypersku/x.ts", "~/domain/orders/map-order", /the domain decides/],
    ["app/integrations/shopify/x.server.ts", "@prisma/client", /Only models\/ and the queue/],
    ["app/jobs/x.job.ts", "~/queue/queue.server", /public entry, ~\/queue/],
    ["app/jobs/x.job.ts", "~/routes/app._index", /never import the UI/],
    ["app/components/X.tsx", "~/domain/admin/orders-list.server", /receive data as props/],
    ["app/lib/x.ts", "~/domain/orders/order-state", /imports none of them/],
    ["app/env.server.ts", "@prisma/client", /Only models\/ and the queue/],
  ];
  it("the domain queues work only through its door, not by calling the queue package", async () => {
    const source = 'import { enqueue } from "~/queue";\nexport const queue = enqueue;\n';
    const errors = await layerErrors("app/domain/orders/x.server.ts", source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/through ~\/domain\/enqueue.server/);
    expect(await layerErrors("app/domain/enqueue.server.ts", source)).toEqual([]);
  });

  it.each(forbidden)("%s may not import %s", async (file, specifier, reason) => {
    const errors = await layerErrors(file, use(specifier));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(reason);
  });

  const allowed: [file: string, source: string][] = [
    ["app/domain/orders/x.server.ts", use("~/domain/enqueue.server")],
    ["app/domain/orders/x.server.ts", 'import type { JobOutcome } from "~/queue";\nexport type Used = JobOutcome;\n'],
    ["app/domain/orders/x.server.ts", use("~/models/order.server")],
    ["app/domain/orders/x.server.ts", use("~/integrations/hypersku/client.server")],
    ["app/jobs/x.job.ts", use("~/domain/orders/forward-order.server")],
    ["app/models/order.server.ts", use("./db/client.server")],
    ["app/queue/queue.server.ts", use("~/models/db/client.server")],
    ["app/components/X.tsx", useType("~/domain/admin/orders-list.server")],
    ["app/domain/orders/x.server.test.ts", use("@prisma/client")],
  ];
  it.each(allowed)("%s may use %j", async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});

type CruiseModule = { source: string; dependencies: { resolved: string; circular: boolean }[] };
type CruiseResult = {
  modules: CruiseModule[];
  summary: { violations: { rule: { name: string }; cycle?: { name: string }[]; from: string }[] };
};

describe("dependencies (dependency-cruiser)", () => {
  let cruise: CruiseResult;
  beforeAll(() => {
    // It exits non-zero when it finds violations, and exits before a piped stdout is flushed: so
    // the JSON goes to a file, and the file says which violations.
    const file = path.join(os.tmpdir(), `depcruise-${process.pid}.json`);
    spawnSync(
      process.execPath,
      [
        "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs",
        "app",
        "--config",
        ".dependency-cruiser.cjs",
        "--output-type",
        "json",
        "--output-to",
        file,
      ],
      { stdio: "ignore" },
    );
    cruise = JSON.parse(fs.readFileSync(file, "utf8")) as CruiseResult;
    fs.rmSync(file);
  }, 120_000);

  it("has no import cycle between modules", () => {
    const cycles = cruise.summary.violations.filter((violation) => violation.rule.name === "no-circular");
    expect(cycles.map((cycle) => [cycle.from, ...(cycle.cycle ?? []).map((step) => step.name)].join(" -> "))).toEqual([]);
  });

  it("has no cycle between layers (the folders of app/, and each module at its top level)", () => {
    // app/shopify.server.ts stays where Shopify's app template puts it, but it is the Shopify
    // integration's entry (the shopifyApp() call its Admin API client builds on): it counts as that layer.
    const layerOf = (path: string) => {
      if (path === "app/shopify.server.ts") return "app/integrations";
      const parts = path.split("/");
      return parts.length > 2 ? `${parts[0]}/${parts[1]}` : path;
    };
    const edges = new Map<string, Set<string>>();
    for (const module of cruise.modules) {
      if (!module.source.startsWith("app/")) continue;
      for (const dependency of module.dependencies) {
        if (!dependency.resolved.startsWith("app/")) continue;
        const [from, to] = [layerOf(module.source), layerOf(dependency.resolved)];
        if (from === to) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
      }
    }
    const reaches = (from: string, target: string, seen = new Set<string>()): boolean => {
      for (const next of edges.get(from) ?? []) {
        if (next === target) return true;
        if (!seen.has(next)) {
          seen.add(next);
          if (reaches(next, target, seen)) return true;
        }
      }
      return false;
    };
    const cyclic = [...edges.entries()].flatMap(([from, targets]) =>
      [...targets].filter((to) => reaches(to, from)).map((to) => `${from} -> ${to}`),
    );
    expect(cyclic).toEqual([]);
  });

  it("would see a cycle: the check reads real edges", () => {
    // Guards against a cruise that silently found nothing (a wrong tsconfig resolves no `~/` import).
    const domainEdges = cruise.modules
      .filter((module) => module.source.startsWith("app/domain/"))
      .flatMap((module) => module.dependencies.map((dependency) => dependency.resolved));
    expect(domainEdges.some((resolved) => resolved.startsWith("app/models/"))).toBe(true);
  });
});
