// The prepared-statement cache on a real better-sqlite3 connection to a file, alone and under the
// app's SQLite adapter, each compared with the same work done without it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";
import { createSqliteAdapter } from "./sqlite-adapter.server";
import { type CachedStatement, installStatementCache, STATEMENT_CACHE_SIZE } from "./statement-cache.server";

type ArgType = SqlQuery["argTypes"][number];
const text: ArgType = { scalarType: "string", arity: "scalar" };
const int: ArgType = { scalarType: "int", arity: "scalar" };
const bigint: ArgType = { scalarType: "bigint", arity: "scalar" };
const float: ArgType = { scalarType: "float", arity: "scalar" };
const bytes: ArgType = { scalarType: "bytes", arity: "scalar" };
const query = (sql: string, args: [unknown, ArgType][] = []): SqlQuery => ({
  sql,
  args: args.map(([value]) => value),
  argTypes: args.map(([, type]) => type),
});

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-cache-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A connection as Prisma's adapter opens one, its own `prepare` counted before the cache wraps it. */
function openDatabase(capacity?: number) {
  const db = new Database(path.join(dir, "db.sqlite"));
  db.defaultSafeIntegers(true);
  const prepare = vi.spyOn(db, "prepare");
  const cache = installStatementCache(db, capacity);
  return { db, prepare, cache };
}
/** What the adapter calls, typed as the cached prepare hands it out. */
const prepareOf = (db: Database.Database) => db.prepare as unknown as (sql: string) => CachedStatement;

describe("the prepared-statement cache on a better-sqlite3 connection", () => {
  it("prepares a statement once however often it runs, and binds each run's own arguments", () => {
    const { db, prepare } = openDatabase();
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    prepare.mockClear();
    const cached = prepareOf(db);
    for (let i = 0; i < 50; i++)
      expect(
        cached("INSERT INTO t (name) VALUES (?)")
          .bind([`n${i}`])
          .run().changes,
      ).toBe(1);
    for (let i = 1; i <= 50; i++) {
      const stmt = cached("SELECT name FROM t WHERE id = ?").bind([i]);
      expect(stmt.reader).toBe(true);
      expect(stmt.columns().map((column) => column.name)).toEqual(["name"]);
      expect(stmt.raw().all()).toEqual([[`n${i - 1}`]]);
    }
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it("keeps at most its bound, evicting the least recently used statement", () => {
    expect(STATEMENT_CACHE_SIZE).toBeGreaterThan(0);
    const { db, prepare, cache } = openDatabase(3);
    const cached = prepareOf(db);
    const run = (n: number) => cached(`SELECT ${n}`).bind([]).raw().all();
    [1, 2, 3].forEach(run);
    run(1); // 1 is now the most recently used: 2 is the least
    run(4);
    expect(cache.size).toBe(3);
    expect(cache.keys()).toEqual(["SELECT 3", "SELECT 1", "SELECT 4"]);
    expect(prepare).toHaveBeenCalledTimes(4);
    run(1);
    expect(prepare).toHaveBeenCalledTimes(4);
    run(2); // evicted: prepared again
    expect(prepare).toHaveBeenCalledTimes(5);
    expect(cache.keys()).toEqual(["SELECT 4", "SELECT 1", "SELECT 2"]);
  });

  it("does not cache a statement that fails to compile, and throws what prepare threw", () => {
    const { db, cache } = openDatabase();
    const plain = new Database(path.join(dir, "db.sqlite"));
    const expected = (() => {
      try {
        plain.prepare("SELEC 1");
      } catch (error) {
        return error as Error & { code: string };
      }
    })();
    plain.close();
    expect(() => prepareOf(db)("SELEC 1")).toThrow(expected!.message);
    expect(cache.keys()).toEqual([]);
    expect(prepareOf(db)("SELECT 1 AS one").bind([]).raw().all()).toEqual([[1n]]);
  });

  it("lets VACUUM and a checkpoint run after cached statements ran, failed, or were left half-used", () => {
    const { db } = openDatabase();
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)");
    const cached = prepareOf(db);
    cached("INSERT INTO t (name) VALUES (?)").bind(["a"]).run();
    expect(() => cached("INSERT INTO t (name) VALUES (?)").bind(["a"]).run()).toThrow(/UNIQUE/);
    cached("SELECT * FROM t").bind([]).raw().all();
    // columns() runs the statement; a caller that never asks for the rows leaves nothing open either.
    cached("SELECT * FROM t WHERE name = ?").bind(["a"]).columns();
    expect(() => cached("VACUUM").bind([]).run()).not.toThrow();
    expect(() => db.exec("VACUUM")).not.toThrow();
    expect(db.pragma("wal_checkpoint(TRUNCATE)")).toEqual([{ busy: 0n, log: 0n, checkpointed: 0n }]);
  });

  it("picks up a schema change: a cached SELECT * reports a column added since, and a retyped one", () => {
    const { db, prepare } = openDatabase();
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); INSERT INTO t (a) VALUES ('x')");
    const cached = prepareOf(db);
    const select = () => {
      const stmt = cached("SELECT * FROM t").bind([]);
      const columns = stmt.columns();
      return { names: columns.map((c) => c.name), types: columns.map((c) => c.type), rows: stmt.raw().all() };
    };
    expect(select()).toEqual({ names: ["id", "a"], types: ["INTEGER", "TEXT"], rows: [[1n, "x"]] });
    db.exec("ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 7");
    expect(select()).toEqual({ names: ["id", "a", "b"], types: ["INTEGER", "TEXT", "INTEGER"], rows: [[1n, "x", 7n]] });
    // The way Prisma's migrations retype a column: a new table takes the old one's name.
    db.exec(
      "CREATE TABLE t2 (id INTEGER PRIMARY KEY, a INTEGER, b TEXT); INSERT INTO t2 SELECT id, 5, b FROM t; DROP TABLE t; ALTER TABLE t2 RENAME TO t",
    );
    expect(select()).toEqual({ names: ["id", "a", "b"], types: ["INTEGER", "INTEGER", "TEXT"], rows: [[1n, 5n, "7"]] });
    expect(prepare.mock.calls.filter(([sql]) => sql === "SELECT * FROM t")).toHaveLength(1);
  });

  it("runs transaction control again and again from the cache", () => {
    const { db } = openDatabase();
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY)");
    const cached = prepareOf(db);
    for (const end of ["COMMIT", "ROLLBACK", "COMMIT"]) {
      cached("BEGIN IMMEDIATE").run();
      expect(db.inTransaction).toBe(true);
      cached("INSERT INTO t DEFAULT VALUES").bind([]).run();
      cached(end).bind([]).run();
      expect(db.inTransaction).toBe(false);
    }
    expect(cached("SELECT count(*) FROM t").bind([]).raw().all()).toEqual([[2n]]);
  });
});

/** Every statement better-sqlite3 compiles, on any connection opened after. */
const spyOnPrepare = () => vi.spyOn(Database.prototype, "prepare");

describe("the app's SQLite adapter with the statement cache", () => {
  const file = () => path.join(dir, "app.sqlite");
  const open = (statementCacheSize?: number) => createSqliteAdapter(file(), { statementCacheSize }).connect();
  let cached: SqlDriverAdapter;
  let uncached: SqlDriverAdapter;
  let prepare: ReturnType<typeof spyOnPrepare>;

  beforeEach(async () => {
    prepare = spyOnPrepare();
    cached = await open();
    uncached = await open(0);
    await cached.executeScript(
      `CREATE TABLE "Row" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE, "count" INTEGER, "price" REAL, "big" BIGINT, "note" TEXT, "data" BLOB)`,
    );
  });
  afterEach(async () => {
    await Promise.all([cached.dispose(), uncached.dispose()]);
  });

  const insert = (name: string, big: string | null, data: number[] | null, returning = "") =>
    query(`INSERT INTO "Row" ("name", "count", "price", "big", "note", "data") VALUES (?, ?, ?, ?, ?, ?)${returning}`, [
      [name, text],
      ["42", int],
      ["9.75", float],
      [big, bigint],
      [null, text],
      [data, bytes],
    ]);
  const selectAll = query(`SELECT * FROM "Row" ORDER BY "id"`);

  it("the installed Prisma adapter prepares through its client, so the cache takes effect", async () => {
    const sql = `SELECT "name" FROM "Row" WHERE "id" = ?`;
    prepare.mockClear();
    for (let i = 0; i < 20; i++) await cached.queryRaw(query(sql, [[i, int]]));
    expect(prepare.mock.calls.filter(([text]) => text === sql)).toHaveLength(1);
    for (let i = 0; i < 5; i++) await uncached.queryRaw(query(sql, [[i, int]]));
    expect(prepare.mock.calls.filter(([text]) => text === sql)).toHaveLength(6);
  });

  it("reads and writes the same as without it: every column type, big integers, changes, RETURNING", async () => {
    const huge = (2n ** 62n + 1n).toString();
    for (const [adapter, suffix] of [
      [cached, "c"],
      [uncached, "u"],
    ] as const) {
      expect(await adapter.executeRaw(insert(`a-${suffix}`, huge, [0, 1, 255]))).toBe(1);
      expect(await adapter.executeRaw(insert(`b-${suffix}`, null, null))).toBe(1);
    }
    const [viaCache, direct] = [await cached.queryRaw(selectAll), await uncached.queryRaw(selectAll)];
    expect(viaCache).toEqual(direct);
    // Integers come back as text (the connection's safe integers, as BigInt, which the adapter writes out).
    expect(viaCache.rows[0]).toEqual(["1", "a-c", "42", 9.75, huge, null, [0, 1, 255]]);
    expect(viaCache.columnNames).toEqual(["id", "name", "count", "price", "big", "note", "data"]);

    const update = query(`UPDATE "Row" SET "count" = "count" + 1 WHERE "name" LIKE ?`, [["%-c", text]]);
    expect(await cached.executeRaw(update)).toBe(2);
    expect(await cached.executeRaw(update)).toBe(2);
    expect(await uncached.executeRaw(query(update.sql, [["%-u", text]]))).toBe(2);

    const returning = await cached.queryRaw(insert("r-c", huge, [7], ` RETURNING "id", "big", "data"`));
    const returningDirect = await uncached.queryRaw(insert("r-u", huge, [7], ` RETURNING "id", "big", "data"`));
    expect(returning.rows).toEqual([["5", huge, [7]]]);
    expect({ ...returning, rows: [] }).toEqual({ ...returningDirect, rows: [] });
    expect(returningDirect.rows).toEqual([["6", huge, [7]]]);
  });

  it("a failing statement throws as it did without the cache, and leaves the cache usable", async () => {
    await cached.executeRaw(insert("dup", null, null));
    const failures = [insert("dup", null, null), query(`SELEC 1`), query(`SELECT "nope" FROM "Row"`), query(`SELECT 1 FROM "Missing"`)];
    for (const failure of failures) {
      // Twice: a failure from a statement already in the cache too.
      for (let i = 0; i < 2; i++) {
        const [viaCache, direct] = await Promise.all([
          cached.executeRaw(failure).catch((e: unknown) => e),
          uncached.executeRaw(failure).catch((e: unknown) => e),
        ]);
        expect(viaCache).toBeInstanceOf(Error);
        expect((viaCache as Error).name).toBe((direct as Error).name);
        expect((viaCache as Error).message).toBe((direct as Error).message);
        expect((viaCache as { cause?: unknown }).cause).toEqual((direct as { cause?: unknown }).cause);
      }
    }
    const unique = await cached.executeRaw(insert("dup", null, null)).catch((e: { cause?: { kind?: string } }) => e.cause?.kind);
    expect(unique).toBe("UniqueConstraintViolation");
    expect(await cached.executeRaw(insert("after", null, null))).toBe(1);
    expect((await cached.queryRaw(selectAll)).rows.map((row) => row[1])).toEqual(["dup", "after"]);
  });

  it("VACUUM and a checkpoint run after cached statements, in and out of transactions", async () => {
    await cached.executeRaw(insert("a", "1", null));
    await cached.queryRaw(selectAll);
    const transaction = await cached.startTransaction();
    await transaction.queryRaw(selectAll);
    await transaction.executeRaw(query("COMMIT"));
    await transaction.commit();
    await cached.executeRaw(insert("a", "1", null)).catch(() => undefined);
    await expect(cached.executeRaw(query("VACUUM"))).resolves.toBe(0);
    await expect(cached.executeRaw(query("VACUUM"))).resolves.toBe(0);
    const checkpoint = await cached.queryRaw(query("PRAGMA wal_checkpoint(TRUNCATE)"));
    expect(checkpoint.rows).toEqual([["0", "0", "0"]]);
  });

  it("picks up a schema change made after a statement was cached", async () => {
    await cached.executeRaw(insert("a", null, null));
    await cached.queryRaw(selectAll);
    await cached.executeScript(`ALTER TABLE "Row" ADD COLUMN "extra" TEXT DEFAULT 'new'`);
    const [viaCache, direct] = [await cached.queryRaw(selectAll), await uncached.queryRaw(selectAll)];
    expect(viaCache.columnNames.at(-1)).toBe("extra");
    expect(viaCache.rows[0].at(-1)).toBe("new");
    expect(viaCache).toEqual(direct);
  });

  it("closes the connection on dispose, and a statement after it fails as before", async () => {
    await cached.queryRaw(selectAll);
    await Promise.all([cached.dispose(), uncached.dispose()]);
    const [viaCache, direct] = await Promise.all([
      cached.queryRaw(selectAll).catch((e: unknown) => e),
      uncached.queryRaw(selectAll).catch((e: unknown) => e),
    ]);
    expect((viaCache as Error).message).toBe("The database connection is not open");
    expect((viaCache as Error).message).toBe((direct as Error).message);
    cached = await open();
    uncached = await open(0);
  });
});
