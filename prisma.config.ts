// Prisma CLI configuration. The JS schema engine with a driver adapter needs no engine download
// (see ../shared/stack-notes.md). `.env` is not loaded automatically once this file exists.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getSqliteFilePath } from "./app/database-url";

const databaseUrl = process.env.DATABASE_URL ?? "file:./prisma/dev.sqlite";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return new PrismaBetterSQLite3({ url: getSqliteFilePath(databaseUrl) });
  },
});
