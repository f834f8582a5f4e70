// Each test file gets a fresh copy of the migrated template database.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { databaseUrl, withAdminConnection } from "../support/postgres";

const template = inject("databaseTemplate");
const unique = `${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

if (process.env.TEST_DATABASE_ENGINE === "postgresql") {
  const name = `${template.replace(/_template$/, "")}_${unique}`;
  await withAdminConnection((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  process.env.DATABASE_URL = databaseUrl(name);
} else {
  const file = path.join(path.dirname(template), `db-${unique}.sqlite`);
  fs.copyFileSync(template, file);
  process.env.DATABASE_URL = `file:${file}`;
}
