// Builds one SQLite template database from the committed migrations (with the real Prisma CLI,
// so the migrations themselves are tested); each test file then works on its own copy.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-test-"));
  const template = path.join(dir, "template.sqlite");
  execFileSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${template}` },
    stdio: "pipe",
  });
  process.env.TEST_DATABASE_TEMPLATE = template;
  project.provide("databaseTemplate", template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}
