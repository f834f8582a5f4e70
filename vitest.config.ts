import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    globals: true,
    environment: "node",
    include: [
      "app/**/*.test.{ts,tsx}",
      "simulators/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/**/*.test.{ts,tsx}",
      // The order block extension (an npm workspace); its component tests opt into happy-dom per file.
      "extensions/**/*.test.{ts,tsx}",
    ],
    // Order matters: environment first, then the network stub, then the per-file database,
    // all before any test file imports app code (shopify-api captures fetch on first import).
    setupFiles: ["tests/setup/env.ts", "tests/setup/network.ts", "tests/setup/database.ts"],
    globalSetup: ["tests/setup/global-database.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
