/** Makes the test's database refuse writes, the way each engine does it in production. */
import prisma from "~/models/db/client.server";
import { isPostgresRun } from "./database";
import { withAdminConnection } from "./postgres";

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * PostgreSQL: the database is set read-only (as an operator does before maintenance; a hot standby
 * answers the same 25006) and every open connection to it is ended, so each process reconnects
 * into a read-only session. Affects every process using `url`.
 */
export async function setPostgresReadOnly(url: string, readOnly: boolean): Promise<void> {
  const name = databaseName(url);
  await withAdminConnection(async (client) => {
    if (!readOnly) return void (await client.query(`ALTER DATABASE "${name}" RESET default_transaction_read_only`));
    await client.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
  });
}

/**
 * This process's database refuses writes until `restore()`. SQLite: `query_only` on the app's one
 * connection (what a read-only file looks like to the queries; tests/integration/storage-faults
 * uses a real read-only volume). PostgreSQL: `setPostgresReadOnly`.
 */
export async function setDatabaseReadOnly(readOnly: true): Promise<{ restore: () => Promise<void> }> {
  const url = process.env.DATABASE_URL!;
  if (isPostgresRun()) {
    await setPostgresReadOnly(url, readOnly);
    return { restore: () => setPostgresReadOnly(url, false) };
  }
  await prisma.$executeRawUnsafe("PRAGMA query_only = ON");
  return { restore: async () => void (await prisma.$executeRawUnsafe("PRAGMA query_only = OFF")) };
}
