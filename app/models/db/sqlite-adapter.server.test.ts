// The serialising wrapper around a fake connection whose every call yields before it runs, so that
// other callers get every chance to slip in; the fake records what ran inside a transaction.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";
import Database from "better-sqlite3";
import { isStorageFault, StorageUnavailableError } from "../storage-fault";
import { createSqliteAdapter, serializeSqliteAdapter } from "./sqlite-adapter.server";

const sql = (text: string): SqlQuery => ({ sql: text, args: [], argTypes: [] });
const ticks = async (n: number) => {
  for (let i = 0; i < n; i++) await (i % 3 === 2 ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve());
};

class SqliteError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A one-connection database: statements run in order; `failures` makes the next matching statement throw. */
function createFakeConnection({ delay = 2 } = {}) {
  let inTransaction = false;
  const log: { sql: string; inTransaction: boolean }[] = [];
  /** `rollsBack`: SQLite undoes the whole transaction as the statement fails. */
  const failures: { match: RegExp; error: Error; rollsBack?: boolean }[] = [];
  async function execute(query: SqlQuery): Promise<number> {
    await ticks(delay);
    const failure = failures.find((f) => f.match.test(query.sql));
    if (failure) {
      failures.splice(failures.indexOf(failure), 1);
      if (failure.rollsBack) inTransaction = false;
      throw failure.error;
    }
    if (/^BEGIN/.test(query.sql)) {
      if (inTransaction) throw new SqliteError("cannot start a transaction within a transaction", "SQLITE_ERROR");
      inTransaction = true;
    } else if (/^(COMMIT|ROLLBACK)$/.test(query.sql)) {
      if (!inTransaction) throw new SqliteError(`cannot ${query.sql.toLowerCase()} - no transaction is active`, "SQLITE_ERROR");
      inTransaction = false;
    }
    log.push({ sql: query.sql, inTransaction });
    return 1;
  }
  const adapter = {
    provider: "sqlite",
    adapterName: "fake",
    queryRaw: async (query: SqlQuery) => (await execute(query), { columnNames: [], columnTypes: [], rows: [] }),
    executeRaw: execute,
    executeScript: async (script: string) => void (await execute(sql(script))),
    startTransaction: () => Promise.reject(new Error("the wrapper begins transactions itself")),
    dispose: async () => {},
  } as unknown as SqlDriverAdapter;
  return {
    adapter,
    log,
    failures,
    isInTransaction: () => inTransaction,
    /** Statements issued outside any transaction that ran while one was open. */
    slippedIn: () => log.filter((entry) => entry.sql.startsWith("OUTSIDE") && entry.inTransaction),
  };
}

describe("the SQLite gate: one connection, many callers", () => {
  it("never runs another caller's statement between a transaction's BEGIN and its ROLLBACK, whatever the timing", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    for (let offset = 0; offset < 40; offset++) {
      const starting = adapter.startTransaction();
      await ticks(offset);
      const outside = adapter.executeRaw(sql(`OUTSIDE ${offset}`));
      const transaction = await starting;
      await transaction.executeRaw(sql(`INSIDE ${offset}`));
      await ticks(offset % 7);
      await transaction.executeRaw(sql("ROLLBACK"));
      await transaction.rollback();
      await outside;
    }
    expect(connection.log.filter((entry) => entry.sql.startsWith("OUTSIDE"))).toHaveLength(40);
    expect(connection.slippedIn()).toEqual([]);
    expect(connection.log.filter((entry) => entry.sql.startsWith("INSIDE") && !entry.inTransaction)).toEqual([]);
  });

  it("runs concurrent transactions and statements one at a time, in arrival order", async () => {
    const connection = createFakeConnection({ delay: 3 });
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    const work = Array.from({ length: 10 }, async (_, i) => {
      if (i % 2) return adapter.executeRaw(sql(`OUTSIDE ${i}`));
      const transaction = await adapter.startTransaction();
      await transaction.executeRaw(sql(`INSIDE ${i}`));
      await transaction.executeRaw(sql("COMMIT"));
      await transaction.commit();
    });
    await Promise.all(work);
    expect(connection.slippedIn()).toEqual([]);
    expect(connection.log.map((entry) => entry.sql.split(" ")[1] ?? entry.sql).filter((n) => /^\d$/.test(n))).toEqual([
      "0",
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
    ]);
  });
});

describe("the SQLite gate after storage faults", () => {
  const full = () => new SqliteError("database or disk is full", "SQLITE_FULL");

  async function expectConnectionFree(adapter: SqlDriverAdapter) {
    const started = Date.now();
    await expect(adapter.executeRaw(sql("OUTSIDE after"))).resolves.toBe(1);
    expect(Date.now() - started).toBeLessThan(200);
  }

  it("a COMMIT that fails (disk full at commit) is rolled back, and the connection is free at once", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    const transaction = await adapter.startTransaction();
    await transaction.executeRaw(sql("INSIDE write"));
    connection.failures.push({ match: /^COMMIT$/, error: full() });
    const commit = transaction.executeRaw(sql("COMMIT"));
    await expect(commit).rejects.toSatisfy(isStorageFault);
    // Prisma does not call commit() after a failed COMMIT statement: nothing may wait for it.
    expect(connection.isInTransaction()).toBe(false);
    await expectConnectionFree(adapter);
    const next = await adapter.startTransaction();
    await next.executeRaw(sql("COMMIT"));
    await next.commit();
  });

  it("a ROLLBACK that finds SQLite already rolled back succeeds, and the connection is free", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    const transaction = await adapter.startTransaction();
    connection.failures.push({ match: /^INSIDE/, error: full(), rollsBack: true });
    await expect(transaction.executeRaw(sql("INSIDE write"))).rejects.toSatisfy(isStorageFault);
    await expect(transaction.executeRaw(sql("ROLLBACK"))).resolves.toBe(0);
    await expectConnectionFree(adapter);
  });

  it("after a storage fault, the transaction's later statements fail instead of running outside it", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    const transaction = await adapter.startTransaction();
    connection.failures.push({ match: /^INSIDE first/, error: full() });
    await expect(transaction.executeRaw(sql("INSIDE first"))).rejects.toSatisfy(isStorageFault);
    expect(connection.isInTransaction()).toBe(false);
    await expect(transaction.executeRaw(sql("INSIDE second"))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(transaction.executeRaw(sql("COMMIT"))).rejects.toSatisfy(isStorageFault);
    expect(connection.log.filter((entry) => entry.sql.startsWith("INSIDE"))).toEqual([]);
    await expectConnectionFree(adapter);
  });

  it("a BEGIN that fails releases the connection", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    connection.failures.push({ match: /^BEGIN/, error: new SqliteError("attempt to write a readonly database", "SQLITE_READONLY") });
    await expect(adapter.startTransaction()).rejects.toSatisfy(isStorageFault);
    await expectConnectionFree(adapter);
  });

  it("a transaction left open on the connection is ended before the next BEGIN", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    await connection.adapter.executeRaw(sql("BEGIN"));
    const transaction = await adapter.startTransaction();
    await transaction.executeRaw(sql("COMMIT"));
    await transaction.commit();
    expect(connection.isInTransaction()).toBe(false);
  });

  it("commit() or rollback() called without the statement still ends the transaction on the connection", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 5_000 });
    const committed = await adapter.startTransaction();
    await committed.commit();
    expect(connection.isInTransaction()).toBe(false);
    const rolledBack = await adapter.startTransaction();
    await rolledBack.rollback();
    expect(connection.isInTransaction()).toBe(false);
    expect(connection.log.map((entry) => entry.sql)).toEqual(["BEGIN IMMEDIATE", "COMMIT", "BEGIN IMMEDIATE", "ROLLBACK"]);
    await expectConnectionFree(adapter);
  });

  it("a caller that cannot get the connection in time gets a storage fault, not a hang", async () => {
    const connection = createFakeConnection();
    const adapter = serializeSqliteAdapter(connection.adapter, { waitLimitMs: 100 });
    const held = await adapter.startTransaction();
    const started = Date.now();
    const error = await adapter.queryRaw(sql("OUTSIDE waiting")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect(isStorageFault(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    await held.executeRaw(sql("ROLLBACK"));
    await held.rollback();
    // The caller that gave up is not served later, and the next one is.
    await expectConnectionFree(adapter);
    expect(connection.log.map((entry) => entry.sql)).not.toContain("OUTSIDE waiting");
  });
});

describe("the SQLite gate replacing its connection (a read-only open healed, docs/decisions/0006)", () => {
  it("asks before every statement and BEGIN, swaps only between callers, and disposes the one in use", async () => {
    const first = createFakeConnection();
    const second = createFakeConnection();
    let disposed = 0;
    second.adapter.dispose = async () => void (disposed += 1);
    let replace = false;
    const asked: SqlDriverAdapter[] = [];
    const adapter = serializeSqliteAdapter(first.adapter, {
      waitLimitMs: 5_000,
      refresh: async (current) => {
        asked.push(current);
        return replace ? second.adapter : current;
      },
    });

    const transaction = await adapter.startTransaction();
    replace = true; // the file became writable while a transaction runs on the old connection
    const outside = adapter.executeRaw(sql("OUTSIDE waiting"));
    await transaction.executeRaw(sql("INSIDE on the first"));
    await transaction.executeRaw(sql("COMMIT"));
    await transaction.commit();
    await outside;

    expect(first.log.map((entry) => entry.sql)).toEqual(["BEGIN IMMEDIATE", "INSIDE on the first", "COMMIT"]);
    expect(second.log.map((entry) => entry.sql)).toEqual(["OUTSIDE waiting"]);
    expect(asked).toEqual([first.adapter, first.adapter]);
    await adapter.dispose();
    expect(disposed).toBe(1);
  });

  it("a refresh that fails fails that call only, and the next call asks again", async () => {
    const connection = createFakeConnection();
    let failing = true;
    const adapter = serializeSqliteAdapter(connection.adapter, {
      waitLimitMs: 5_000,
      refresh: async (current) => {
        if (failing) throw new StorageUnavailableError("the database file cannot be written (EROFS)", { kind: "read_only" });
        return current;
      },
    });
    await expect(adapter.startTransaction()).rejects.toSatisfy(isStorageFault);
    failing = false;
    await expect(adapter.executeRaw(sql("OUTSIDE after"))).resolves.toBe(1);
  });
});

describe("the prepared-statement cache's hold on Prisma's adapter", () => {
  const clientOf = (adapter: SqlDriverAdapter) => (adapter as unknown as { client?: { prepare?: unknown } }).client;

  // createSqliteAdapter leaves the cache out, silently, when the adapter has no `client.prepare`:
  // an upgrade of @prisma/adapter-better-sqlite3 that drops it must fail here instead.
  it("the installed adapter keeps its better-sqlite3 Database as client, with prepare", async () => {
    const adapter = await new PrismaBetterSQLite3({ url: ":memory:" }).connect();
    try {
      expect(clientOf(adapter)).toBeInstanceOf(Database);
      expect(typeof clientOf(adapter)?.prepare).toBe("function");
    } finally {
      await adapter.dispose();
    }
  });

  it("createSqliteAdapter puts the cache in place of that prepare, unless told not to", async () => {
    const [cached, uncached] = await Promise.all([
      createSqliteAdapter(":memory:").connect(),
      createSqliteAdapter(":memory:", { statementCacheSize: 0 }).connect(),
    ]);
    try {
      expect(clientOf(cached)?.prepare).not.toBe(Database.prototype.prepare);
      expect(clientOf(uncached)?.prepare).toBe(Database.prototype.prepare);
    } finally {
      await Promise.all([cached.dispose(), uncached.dispose()]);
    }
  });
});
