import { execFileSync } from "node:child_process";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { isPostgresReachable, TEST_POSTGRES_URL } from "./tests/support/postgres";

// Children started through `npx` or a `#!/usr/bin/env node` script (prisma, remix) run on the `node`
// found on PATH: it must be the Node running the tests, or the suite tests a mix of runtimes (and on
// Node 20 a child cannot even load better-sqlite3 13).
const nodeOnPath = execFileSync("node", ["-p", "process.version"], { encoding: "utf8" }).trim();
if (nodeOnPath !== process.version) {
  throw new Error(`The node on PATH is ${nodeOnPath}, the tests run on ${process.version}: run them with scripts/node24.sh npm test.`);
}

// The database-touching integration suite runs on SQLite and again on PostgreSQL. Locally a
// missing PostgreSQL only skips the second run (with a warning); in CI it is an error.
const postgres = await isPostgresReachable();
if (!postgres) {
  const message = `PostgreSQL is not reachable at ${TEST_POSTGRES_URL}: the PostgreSQL run of the integration suite is skipped.`;
  if (process.env.CI) throw new Error(message);
  console.warn(message);
}

/**
 * Builds each project's template database, so it belongs to each project, not to the root: since
 * Vitest 5 a root `globalSetup` runs once for the whole run and is not inherited by the projects,
 * and this one must run once per project, with that project's TEST_DATABASE_ENGINE.
 */
const DATABASE_SETUP = ["tests/setup/global-database.ts"];

/** Tests that are about SQLite itself (the file on disk, its adapter). */
const SQLITE_ONLY = ["tests/integration/sqlite-adapter.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    globals: true,
    environment: "node",
    // Order matters: environment first, then the network stub, then the per-file database,
    // all before any test file imports app code (shopify-api captures fetch on first import).
    setupFiles: [
      "tests/setup/env.ts",
      "tests/setup/logs.ts",
      "tests/setup/network.ts",
      "tests/setup/database.ts",
      "tests/setup/shopify.ts",
    ],
    pool: "forks",
    // Vitest 5 clears every mock's recorded calls before each test by default; the suite was
    // written against Vitest 4's behaviour (history kept until a test clears it), so keep that.
    clearMocks: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          globalSetup: DATABASE_SETUP,
          include: [
            "app/**/*.test.{ts,tsx}",
            "extensions/**/*.test.{ts,tsx}",
            "simulators/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/**/*.test.{ts,tsx}",
          ],
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                globalSetup: DATABASE_SETUP,
                include: ["tests/integration/**/*.test.ts"],
                exclude: SQLITE_ONLY,
                env: { TEST_DATABASE_ENGINE: "postgresql" },
              },
            },
          ]
        : []),
    ],
  },
});
