import fs from "node:fs";
import { getDatabaseEngine } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";

export const isPostgresRun = () => getDatabaseEngine(process.env.DATABASE_URL ?? "") === "postgresql";

/** A committed migration's statements for this run's engine (`<folder>/migration.sql`), comments left out. */
export function migrationStatements(migration: string): string[] {
  const file = `prisma/${isPostgresRun() ? "postgres/migrations" : "migrations"}/${migration}/migration.sql`;
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !line.startsWith("--"))
    .join("\n")
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

/** Empties every application table (the migrated schema stays), for a clean slate per test. */
export async function resetDatabase() {
  if (isPostgresRun()) {
    const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
      "SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '_prisma_%'",
    );
    if (tables.length) await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} CASCADE`);
    return;
  }
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma_%'",
  );
  for (const { name } of tables) await prisma.$executeRawUnsafe(`DELETE FROM "${name}"`);
}

/** Every row of every application table, as one JSON text (both engines): to prove a value is nowhere. */
export async function readAllRowsAsText(): Promise<string> {
  const tables = isPostgresRun()
    ? await prisma.$queryRawUnsafe<{ name: string }[]>("SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public'")
    : await prisma.$queryRawUnsafe<{ name: string }[]>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  const rows: unknown[] = [];
  for (const { name } of tables) rows.push(...(await prisma.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${name}"`)));
  return JSON.stringify(rows, (_key, value) => (typeof value === "bigint" ? String(value) : value));
}
