/**
 * A Prisma client built the way app/models/db/client.server.ts builds the app's, without the app's env module:
 * SQLite through the app's own adapter (app/models/db/sqlite-adapter.server.ts: better-sqlite3, WAL,
 * serialized), PostgreSQL through `@prisma/adapter-pg` with the generated PostgreSQL client.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { getDatabaseEngine, getSqliteFilePath, POSTGRES_CLIENT_OUTPUT } from "~/models/db/database-url";
import { createSqliteAdapter } from "~/models/db/sqlite-adapter.server";

export function createBenchPrismaClient(databaseUrl: string): PrismaClient {
  if (getDatabaseEngine(databaseUrl) === "postgresql") {
    const require = createRequire(import.meta.url);
    const generated = require(path.resolve(POSTGRES_CLIENT_OUTPUT)) as { PrismaClient: new (options: object) => PrismaClient };
    return new generated.PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
  }
  return new PrismaClient({ adapter: createSqliteAdapter(getSqliteFilePath(databaseUrl)) });
}
