// Builds one template database from the committed migrations (with the real Prisma CLI, so the
// migrations themselves are tested); each test file then works on its own copy. SQLite: a file
// copy. PostgreSQL (the "postgres" project): CREATE DATABASE ... TEMPLATE.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { databaseUrl, isPostgresReachable, TEST_POSTGRES_URL, withAdminConnection } from "../support/postgres";

/** The same migrator as `npm run db:migrate` (prisma migrate deploy on SQLite). */
function migrate(url: string) {
  execFileSync(process.execPath, ["scripts/db/migrate.mjs"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
}

async function setupPostgres(project: TestProject) {
  if (!(await isPostgresReachable())) throw new Error(`PostgreSQL is not reachable at ${TEST_POSTGRES_URL}`);
  const prefix = `hst_${process.pid}`;
  const template = `${prefix}_template`;
  await withAdminConnection((client) => client.query(`CREATE DATABASE "${template}"`));
  migrate(databaseUrl(template));
  project.provide("databaseTemplate", template);
  return () =>
    withAdminConnection(async (client) => {
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}_%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DATABASE_ENGINE === "postgresql") return setupPostgres(project);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hypersku-test-"));
  const template = path.join(dir, "template.sqlite");
  migrate(`file:${template}`);
  project.provide("databaseTemplate", template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: string;
  }
}
