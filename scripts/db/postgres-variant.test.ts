import fs from "node:fs";
import { POSTGRES_SCHEMA_PATH, toPostgresSchema } from "./postgres-variant";

describe("the PostgreSQL schema", () => {
  it("is exactly what `npm run db:postgres` generates from prisma/schema.prisma (no drift)", () => {
    const expected = toPostgresSchema(fs.readFileSync("prisma/schema.prisma", "utf8"));
    expect(fs.readFileSync(POSTGRES_SCHEMA_PATH, "utf8")).toBe(expected);
  });

  it("swaps only the provider, the placeholder URL and the client output", () => {
    const generated = toPostgresSchema(
      'generator client {\n  provider   = "prisma-client-js"\n}\ndatasource db {\n  provider = "sqlite"\n  url      = "file:./dev.sqlite"\n}\nmodel A { id String @id }\n',
    );
    expect(generated).toContain('provider = "postgresql"');
    expect(generated).toContain("node_modules/.prisma/postgres-client");
    expect(generated).toContain("model A { id String @id }");
    expect(generated).not.toContain("sqlite");
  });

  it("has a migration folder for the generated schema", () => {
    const migrations = fs.readdirSync("prisma/postgres/migrations").filter((name) => /^\d+_/.test(name));
    expect(migrations.length).toBeGreaterThan(0);
  });
});
