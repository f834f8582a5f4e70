// `npm run db:migrate`: applies the committed migrations to DATABASE_URL.
// - SQLite: `prisma migrate deploy` (prisma/migrations).
// - PostgreSQL: applied here, from prisma/postgres/migrations, because Prisma Migrate with the
//   pg driver adapter fails on PostgreSQL's `name` column type (prisma/orm#27403). Progress is
//   recorded in Prisma's own `_prisma_migrations` table (same columns and checksums), so
//   `prisma migrate deploy` can take over unchanged once that bug is fixed.
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "file:./prisma/dev.sqlite";
const MIGRATIONS = "prisma/postgres/migrations";

if (!/^postgres(ql)?:\/\//.test(url)) {
  execFileSync("npx", ["prisma", "migrate", "deploy"], { stdio: "inherit", env: process.env });
  process.exit(0);
}

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  // One migrator at a time, even when several processes start together.
  await client.query("SELECT pg_advisory_lock(727272)");
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
  const { rows } = await client.query(
    `SELECT "migration_name", "checksum" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
  );
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  const names = fs
    .readdirSync(MIGRATIONS)
    .filter((name) => fs.existsSync(path.join(MIGRATIONS, name, "migration.sql")))
    .sort();
  let count = 0;
  for (const name of names) {
    const sql = fs.readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");
    const checksum = createHash("sha256").update(sql).digest("hex");
    if (applied.has(name)) {
      if (applied.get(name) !== checksum) throw new Error(`Migration ${name} was changed after it was applied`);
      continue;
    }
    await client.query("BEGIN");
    try {
      await client.query(sql);
      await client.query(
        `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "started_at", "finished_at", "applied_steps_count") VALUES ($1, $2, $3, now(), now(), 1)`,
        [randomUUID(), checksum, name],
      );
      await client.query("COMMIT");
      count += 1;
    } catch (error) {
      await client.query("ROLLBACK");
      throw new Error(`Migration ${name} failed: ${error.message}`, { cause: error });
    }
  }
  console.log(count ? `Applied ${count} PostgreSQL migration(s).` : "PostgreSQL schema is up to date.");
} finally {
  await client.end();
}
