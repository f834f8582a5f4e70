/** Pure helpers for DATABASE_URL, shared by the app and prisma.config.ts. */
import path from "node:path";

export type DatabaseEngine = "sqlite" | "postgresql";

export function getDatabaseEngine(url: string): DatabaseEngine {
  return /^postgres(ql)?:\/\//.test(url) ? "postgresql" : "sqlite";
}

/** `file:./prisma/dev.sqlite` -> absolute path, resolved from the working directory. */
export function getSqliteFilePath(url: string, cwd = process.cwd()): string {
  const file = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.resolve(cwd, file);
}

/** Where `prisma generate --schema prisma/postgres/schema.prisma` writes the PostgreSQL client. */
export const POSTGRES_CLIENT_OUTPUT = "node_modules/.prisma/postgres-client";
