/**
 * The one Prisma client. DATABASE_URL picks the engine (docs/decisions/0002):
 * - SQLite (default): the better-sqlite3 driver adapter, serialized and in WAL mode
 *   (sqlite-adapter.server.ts), so the web and worker processes can share one file;
 * - PostgreSQL: the pg driver adapter (postgres-adapter.server.ts) and the client generated from
 *   prisma/postgres/schema.prisma, which has the same models, so the rest of the app sees one
 *   PrismaClient type.
 * Both use Prisma's JS engine: no Rust engine download. Both adapters fail a database call that
 * cannot proceed within a bounded time and recover when storage is back (docs/decisions/0006).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaClient } from "@prisma/client";
import { getDatabaseEngine, getSqliteFilePath, POSTGRES_CLIENT_OUTPUT } from "./database-url";
import { env } from "~/env.server";
import { createPostgresAdapter } from "./postgres-adapter.server";
import { createSqliteAdapter } from "./sqlite-adapter.server";

declare global {
  // Reused across dev rebuilds so a reload does not open a new connection each time.
  var __prisma: PrismaClient | undefined;
}

function createPostgresClient(url: string): PrismaClient {
  // Loaded at run time, not bundled: the generated client lives in node_modules.
  const require = createRequire(import.meta.url);
  const generated = require(path.resolve(POSTGRES_CLIENT_OUTPUT)) as { PrismaClient: new (options: object) => PrismaClient };
  return new generated.PrismaClient({ adapter: createPostgresAdapter(url) });
}

function createPrismaClient(): PrismaClient {
  if (getDatabaseEngine(env.DATABASE_URL) === "postgresql") return createPostgresClient(env.DATABASE_URL);
  return new PrismaClient({ adapter: createSqliteAdapter(getSqliteFilePath(env.DATABASE_URL)) });
}

const prisma = globalThis.__prisma ?? createPrismaClient();
if (env.NODE_ENV !== "production") globalThis.__prisma = prisma;

export default prisma;
