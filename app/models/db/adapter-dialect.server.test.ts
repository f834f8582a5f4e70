import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";
import { Kysely } from "kysely";
import { createAdapterDialect } from "./adapter-dialect.server";

type Db = { Job: { id: string; attempts: number } };

/** An adapter that answers every query with one row and records what it ran. */
function fakeAdapter(ran: string[]): SqlDriverAdapter {
  const queryRaw = async (query: SqlQuery) => {
    ran.push(query.sql);
    return { columnNames: ["id", "attempts"], columnTypes: [], rows: [["j1", 2]] };
  };
  const executeRaw = async (query: SqlQuery) => {
    ran.push(query.sql);
    return 3;
  };
  return {
    provider: "sqlite",
    adapterName: "fake",
    queryRaw,
    executeRaw,
    startTransaction: async () => ({
      provider: "sqlite",
      adapterName: "fake",
      options: { usePhantomQuery: false },
      queryRaw,
      executeRaw,
      commit: async () => void ran.push("COMMIT"),
      rollback: async () => void ran.push("ROLLBACK"),
    }),
  } as unknown as SqlDriverAdapter;
}

it("runs statements through the adapter: rows as objects, affected counts, transactions begun and committed by it", async () => {
  const ran: string[] = [];
  const db = new Kysely<Db>({ dialect: createAdapterDialect("sqlite", async () => fakeAdapter(ran)) });
  expect(await db.selectFrom("Job").selectAll().execute()).toEqual([{ id: "j1", attempts: 2 }]);
  const updated = await db
    .transaction()
    .execute((tx) => tx.updateTable("Job").set({ attempts: 1 }).where("id", "=", "j1").executeTakeFirst());
  expect(updated.numUpdatedRows).toBe(3n);
  expect(ran).toEqual(['select * from "Job"', 'update "Job" set "attempts" = ? where "id" = ?', "COMMIT"]);
});

it("a failed connect does not wedge later queries (Kysely's own SQLite mutex would never be released)", async () => {
  let calls = 0;
  const connect = async () => {
    calls += 1;
    if (calls === 1) throw new Error("the database file cannot be written (EROFS)");
    return fakeAdapter([]);
  };
  const db = new Kysely<Db>({ dialect: createAdapterDialect("sqlite", connect) });
  await expect(db.selectFrom("Job").selectAll().execute()).rejects.toThrow(/EROFS/);
  await expect(db.selectFrom("Job").selectAll().execute()).resolves.toHaveLength(1);
});
