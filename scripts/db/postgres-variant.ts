/**
 * The PostgreSQL variant of the schema is generated from prisma/schema.prisma (the one source);
 * nobody edits prisma/postgres/ by hand. Pure: text in, text out (see generate-postgres.ts).
 */
export { POSTGRES_CLIENT_OUTPUT };
export const POSTGRES_SCHEMA_PATH = "prisma/postgres/schema.prisma";
export const POSTGRES_MIGRATIONS_PATH = "prisma/postgres/migrations";
import { POSTGRES_CLIENT_OUTPUT } from "../../app/models/db/database-url";

const HEADER = `// GENERATED from prisma/schema.prisma by \`npm run db:postgres\`. Do not edit: change the source
// schema, then regenerate (a test fails when this file is stale).
`;

export function toPostgresSchema(sqliteSchema: string): string {
  const body = sqliteSchema
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/url\s*=\s*"file:[^"]*"/, 'url      = "postgresql://localhost/unused"')
    .replace(/(provider\s*=\s*"prisma-client-js")/, `$1\n  output     = "../../${POSTGRES_CLIENT_OUTPUT}"`);
  if (!body.includes('provider = "postgresql"') || !body.includes(POSTGRES_CLIENT_OUTPUT)) {
    throw new Error("prisma/schema.prisma no longer has the datasource/generator shape the generator expects");
  }
  return HEADER + body;
}
