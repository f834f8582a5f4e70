import prisma from "~/db.server";

/** Empties every application table (the migrated schema stays), for a clean slate per test. */
export async function resetDatabase() {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma_%'",
  );
  for (const { name } of tables) await prisma.$executeRawUnsafe(`DELETE FROM "${name}"`);
}
