/**
 * The one Prisma client. SQLite through the better-sqlite3 driver adapter (JS engine, no Rust
 * engine download), serialized and in WAL mode (sqlite-adapter.server.ts), so the web and worker
 * processes can share one file.
 */
import { PrismaClient } from "@prisma/client";
import { getSqliteFilePath } from "./database-url";
import { env } from "./env.server";
import { createSqliteAdapter } from "./sqlite-adapter.server";

declare global {
  // Reused across dev rebuilds so a reload does not open a new connection each time.
  var __prisma: PrismaClient | undefined;
}

function createPrismaClient() {
  return new PrismaClient({ adapter: createSqliteAdapter(getSqliteFilePath(env.DATABASE_URL)) });
}

const prisma = globalThis.__prisma ?? createPrismaClient();
if (env.NODE_ENV !== "production") globalThis.__prisma = prisma;

export default prisma;
