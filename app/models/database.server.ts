/** Statements about the database itself rather than a table: a liveness read and SQLite's erasure tools. */
import { env } from "~/env.server";
import prisma from "~/models/db/client.server";
import { getDatabaseEngine } from "~/models/db/database-url";

/** SQLite keeps erased values in free pages and the WAL until told otherwise; PostgreSQL is another story. */
export const isSqliteDatabase = () => getDatabaseEngine(env.DATABASE_URL) === "sqlite";

/** A read that answers only when the database does. */
export async function pingDatabase() {
  await prisma.$queryRawUnsafe("SELECT 1");
}

/** SQLite zeroes what it frees from now on (this connection), so erased values do not linger in free pages. */
export async function enableSecureDelete() {
  await prisma.$queryRawUnsafe("PRAGMA secure_delete = ON");
}

/** Rewrites the SQLite file and empties the write-ahead log: no erased value is left in either. */
export async function compactSqliteFile() {
  await prisma.$executeRawUnsafe("VACUUM");
  await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
}
