/**
 * The one Prisma client. SQLite through the better-sqlite3 driver adapter (JS engine, no Rust
 * engine download). WAL and a busy timeout let the web and worker processes share one file.
 */
import { PrismaClient } from "@prisma/client";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { getSqliteFilePath } from "./database-url";
import { env } from "./env.server";

declare global {
  // Reused across dev rebuilds so a reload does not open a new connection each time.
  var __prisma: PrismaClient | undefined;
}

function createPrismaClient() {
  const adapter = new PrismaBetterSQLite3({ url: getSqliteFilePath(env.DATABASE_URL), timeout: 5_000 });
  return new PrismaClient({ adapter });
}

const prisma = globalThis.__prisma ?? createPrismaClient();
if (env.NODE_ENV !== "production") globalThis.__prisma = prisma;

export default prisma;
