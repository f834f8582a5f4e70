// Prisma CLI configuration. The JS schema engine with a driver adapter needs no engine download
// (decision 0013 and DEPENDENCIES.md). `.env` is not loaded automatically once this file exists.
// DATABASE_URL picks the engine: file:... is SQLite (prisma/), postgresql://... is PostgreSQL
// (prisma/postgres/, generated from the SQLite schema by `npm run db:postgres`).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { getDatabaseEngine, getSqliteFilePath } from "./app/models/db/database-url";

const databaseUrl = process.env.DATABASE_URL ?? "file:./prisma/dev.sqlite";
const postgres = getDatabaseEngine(databaseUrl) === "postgresql";
const folder = postgres ? path.join("prisma", "postgres") : "prisma";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(folder, "schema.prisma"),
  migrations: { path: path.join(folder, "migrations") },
  async adapter() {
    return postgres ? new PrismaPg({ connectionString: databaseUrl }) : new PrismaBetterSQLite3({ url: getSqliteFilePath(databaseUrl) });
  },
});
