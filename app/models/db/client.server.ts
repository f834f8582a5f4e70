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
import { type SharedConnection, shareConnection } from "./shared-connection.server";

declare global {
  // Reused across dev rebuilds so a reload does not open a new connection each time.
  var __prisma: PrismaClient | undefined;
  var __sharedConnection: SharedConnection | undefined;
}

function createPostgresClient(connection: SharedConnection): PrismaClient {
  // Loaded at run time, not bundled: the generated client lives in node_modules.
  const require = createRequire(import.meta.url);
  const generated = require(path.resolve(POSTGRES_CLIENT_OUTPUT)) as { PrismaClient: new (options: object) => PrismaClient };
  return new generated.PrismaClient({ adapter: connection.factory });
}

const isPostgres = getDatabaseEngine(env.DATABASE_URL) === "postgresql";

/** The driver connection Prisma and the lean query builder (kysely.server.ts) share. */
export const sharedConnection: SharedConnection =
  globalThis.__sharedConnection ??
  shareConnection(isPostgres ? createPostgresAdapter(env.DATABASE_URL) : createSqliteAdapter(getSqliteFilePath(env.DATABASE_URL)));

const prisma =
  globalThis.__prisma ?? (isPostgres ? createPostgresClient(sharedConnection) : new PrismaClient({ adapter: sharedConnection.factory }));
if (env.NODE_ENV !== "production") {
  globalThis.__prisma = prisma;
  globalThis.__sharedConnection = sharedConnection;
}

export default prisma;
