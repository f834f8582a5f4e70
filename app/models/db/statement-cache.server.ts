/**
 * A prepared-statement cache for the SQLite connection (docs/decisions/0025).
 *
 * Prisma's better-sqlite3 adapter calls `client.prepare(sql).bind(args)` for every statement it
 * runs, so SQLite compiles the same few dozen statements again and again: 9.6% of the worker's CPU
 * under load. `installStatementCache` replaces the connection's `prepare` with one that keeps the
 * compiled statements, least recently used out first, keyed by their SQL text.
 *
 * A better-sqlite3 Statement can be bound only once, so the cached `prepare` hands out a light
 * per-call object instead of the Statement itself, with exactly what the adapter uses
 * (`@prisma/adapter-better-sqlite3` 6.19, BetterSQLite3Queryable's `executeIO` and `performIO`, and
 * `prepare("BEGIN").run()`): `reader`, `bind(args)`, `run()`, `columns()`, `raw().all()`. It passes
 * the arguments to each run instead (`stmt.run(args)`, `stmt.raw(true).all(args)`: an array binds
 * anonymous parameters, as `bind(args)` does). Nothing else in the app calls `client.prepare`.
 *
 * What stays as it was, each checked in statement-cache.server.test.ts:
 * - Safe integers: a statement takes the connection's `defaultSafeIntegers(true)` when it is
 *   prepared, and keeps it.
 * - Errors: a statement that fails to compile throws from `prepare` as before and is not cached;
 *   one that fails to run throws the same error from the same call to the adapter.
 * - VACUUM and checkpoints: better-sqlite3 resets a statement after each run or all, even one that
 *   failed, so an idle cached statement holds no read transaction open.
 * - Schema changes: SQLite compiles a statement again when the schema changed since it was
 *   prepared, but only when it next runs; until then its column list is the old one. So `columns()`
 *   runs the statement first and reads the columns after, and `raw().all()` hands over the rows
 *   that run produced: a cached `SELECT *` reports a column added since, with its value.
 * - Transaction control (BEGIN IMMEDIATE, COMMIT, ROLLBACK) is cached like anything else: SQLite
 *   runs a prepared BEGIN or COMMIT any number of times.
 */
import type BetterSqlite3 from "better-sqlite3";

/**
 * How many statements one connection keeps. Prisma writes a distinct SQL text per query shape, and
 * an `IN (?, ?, ...)` list makes one per list length, so the set of texts is not bounded by the
 * code: a bound keeps memory flat (each compiled statement is a few KB in SQLite). The app's hot
 * paths use a few dozen statements and everything else a few hundred, so 500 keeps all of them
 * without letting a stream of one-off texts grow the cache for ever.
 */
export const STATEMENT_CACHE_SIZE = 500;

type Args = unknown[];

/** What the adapter uses of a Statement, per call (see the header). */
export interface CachedStatement {
  readonly reader: boolean;
  bind(args: Args): CachedStatement;
  run(): BetterSqlite3.RunResult;
  columns(): BetterSqlite3.ColumnDefinition[];
  raw(): { all(): unknown[][] };
}

interface StatementCache {
  /** How many statements are held now. */
  readonly size: number;
  /** The SQL texts held, least recently used first (for tests). */
  keys(): string[];
}

type Statement = BetterSqlite3.Statement<Args>;

function perCall(stmt: Statement): CachedStatement {
  let args: Args = [];
  /** Rows of the run `columns()` made, for the `raw().all()` that follows it. */
  let rows: unknown[][] | undefined;
  const runRaw = () => stmt.raw(true).all(args) as unknown[][];
  const call: CachedStatement = {
    reader: stmt.reader,
    bind(values) {
      args = values;
      return call;
    },
    run: () => stmt.run(args),
    columns() {
      rows = runRaw();
      return stmt.columns();
    },
    raw: () => ({
      all() {
        const result = rows ?? runRaw();
        rows = undefined;
        return result;
      },
    }),
  };
  return call;
}

/**
 * Makes `db.prepare` cache its statements (at most `capacity`, least recently used out first).
 * The database's own `prepare` keeps doing the compiling, so it is called once per SQL text held.
 */
export function installStatementCache(db: BetterSqlite3.Database, capacity = STATEMENT_CACHE_SIZE): StatementCache {
  const prepare = db.prepare.bind(db) as (sql: string) => Statement;
  const statements = new Map<string, Statement>();

  function cachedPrepare(sql: string): CachedStatement {
    let stmt = statements.get(sql);
    if (stmt && !stmt.busy) {
      // Most recently used goes last: a Map iterates in insertion order.
      statements.delete(sql);
      statements.set(sql, stmt);
      return perCall(stmt);
    }
    // Not held, or held but still iterating (nothing here iterates; a fresh one is always safe).
    stmt = prepare(sql); // throws, uncached, if it does not compile
    if (!statements.has(sql)) {
      statements.set(sql, stmt);
      // Evicted statements are finalized by better-sqlite3 when they are garbage-collected.
      if (statements.size > capacity) statements.delete(statements.keys().next().value!);
    }
    return perCall(stmt);
  }

  (db as unknown as { prepare: (sql: string) => CachedStatement }).prepare = cachedPrepare;
  return {
    get size() {
      return statements.size;
    },
    keys: () => [...statements.keys()],
  };
}
